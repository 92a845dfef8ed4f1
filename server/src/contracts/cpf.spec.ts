import { formatCpf, isValidCpf } from './cpf';

describe('isValidCpf', () => {
  it('accepts a CPF with valid check digits, with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
  });

  it('refuses wrong check digits, repeated digits and other lengths', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('5299822472a')).toBe(false);
  });

  it('formats the digits as 000.000.000-00', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });
});
