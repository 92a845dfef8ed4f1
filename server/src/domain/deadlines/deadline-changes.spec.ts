import { daysText, deadlineText, extensionRefusal, isLate, shownDay } from './deadline-changes';

const lai = { extensions: 0, maxExtensions: 1, extendedDays: 0, maxExtensionDays: 10 };

describe('deadline changes (docs/deadlines.md#suspension-and-extension)', () => {
  it('allows an extension within the count and the days left', () => {
    expect(extensionRefusal(lai, 10)).toBeNull();
    expect(extensionRefusal(lai, 1)).toBeNull();
    expect(extensionRefusal({ ...lai, maxExtensions: 3, extensions: 2, extendedDays: 4 }, 6)).toBeNull();
  });

  it('refuses an extension beyond the days left, saying how many are left', () => {
    expect(extensionRefusal(lai, 11)).toBe('A prorrogação passa do máximo permitido: restam 10 dias de prorrogação.');
    expect(extensionRefusal({ ...lai, maxExtensions: 2, extensions: 1, extendedDays: 9 }, 2)).toBe(
      'A prorrogação passa do máximo permitido: restam 1 dia de prorrogação.',
    );
  });

  it('refuses an extension beyond the count, or any when the deadline admits none', () => {
    expect(extensionRefusal({ ...lai, extensions: 1, extendedDays: 5 }, 1)).toBe(
      'Este prazo já foi prorrogado o número máximo de vezes (1).',
    );
    expect(extensionRefusal({ ...lai, maxExtensions: 0 }, 1)).toBe('Este prazo não admite prorrogação.');
    expect(extensionRefusal({ ...lai, maxExtensionDays: 0 }, 1)).toBe('Este prazo não admite prorrogação.');
  });

  it('is late only after the due day ended', () => {
    expect(isLate('2026-12-05', '2026-12-05')).toBe(false);
    expect(isLate('2026-12-04', '2026-12-05')).toBe(false);
    expect(isLate('2026-12-06', '2026-12-05')).toBe(true);
  });

  it('reads days and deadlines in pt-BR', () => {
    expect(shownDay('2026-12-05')).toBe('05/12/2026');
    expect(daysText(1, 'business')).toBe('1 dia útil');
    expect(daysText(1, 'calendar')).toBe('1 dia corrido');
    expect(daysText(10, 'business')).toBe('10 dias úteis');
    expect(daysText(20, 'calendar')).toBe('20 dias corridos');
    expect(deadlineText({ days: 10, unit: 'business', dueDate: '2026-12-05' })).toBe(
      'Prazo de 10 dias úteis: vence em 05/12/2026.',
    );
    expect(deadlineText({ days: null, unit: 'calendar', dueDate: '2026-12-05' })).toBe(
      'Prazo até 05/12/2026 (contado em dias corridos).',
    );
  });
});
