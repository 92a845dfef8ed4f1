import {
  firstName,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatRelativeTime,
  INVALID_DATE,
  truncate,
} from './format';

// Intl output uses a no-break space between currency and value.
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('format helpers (pt-BR)', () => {
  const date = new Date(2024, 11, 31, 14, 5);

  it('formats dates and date-times', () => {
    expect(formatDate(date)).toBe('31/12/2024');
    expect(formatDateTime(date)).toBe('31/12/2024, 14:05');
    expect(formatDate(date.toISOString())).toBe('31/12/2024');
  });

  it.each([null, undefined, '', 'not a date'])('answers %p with the invalid-date text', (value) => {
    expect(formatDate(value)).toBe(INVALID_DATE);
    expect(formatDateTime(value)).toBe('Data não disponível');
    expect(formatRelativeTime(value)).toBe(INVALID_DATE);
  });

  it('formats relative times as minutes, hours, else the date', () => {
    const now = new Date(2024, 11, 31, 14, 5);
    expect(formatRelativeTime(new Date(2024, 11, 31, 14, 4, 40), now)).toBe('agora');
    expect(formatRelativeTime(new Date(2024, 11, 31, 13, 50), now)).toBe('15 min atrás');
    expect(formatRelativeTime(new Date(2024, 11, 31, 11, 0), now)).toBe('3 h atrás');
    expect(formatRelativeTime(new Date(2024, 11, 29, 9, 0), now)).toBe('29/12/2024');
  });

  it('formats BRL currency', () => {
    expect(nbsp(formatCurrency(1234.5))).toBe('R$ 1.234,50');
    expect(nbsp(formatCurrency('10'))).toBe('R$ 10,00');
    expect(nbsp(formatCurrency(null))).toBe('R$ 0,00');
  });

  it('formats sizes in KB with one decimal', () => {
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(0)).toBe('0,0 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5,0 MB');
  });

  it('truncates with an ellipsis only when longer', () => {
    expect(truncate('Solicitação de material de escritório para 2025', 40)).toBe(
      'Solicitação de material de escritório pa...',
    );
    expect(truncate('curto', 40)).toBe('curto');
    expect(truncate(null, 10)).toBe('');
  });

  it('takes the first name with a fallback', () => {
    expect(firstName('Maria da Silva')).toBe('Maria');
    expect(firstName('  ')).toBe('Usuário');
    expect(firstName(undefined)).toBe('Usuário');
  });
});
