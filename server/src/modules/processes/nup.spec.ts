import { formatNup, isValidNup, nupCheckDigits, parseNup } from './nup';

describe('NUP numbers', () => {
  it.each(['52402.012075/2022-28', '52402.009002/2024-11', '99928.000030/2014-35', '60041.001093/2020-97'])(
    'accepts the known-good number %s and recomputes it',
    (nup) => {
      expect(isValidNup(nup)).toBe(true);
      const parsed = parseNup(nup)!;
      expect(formatNup(parsed.unitCode, parsed.sequence, parsed.year)).toBe(nup);
    },
  );

  it.each([
    '52402.012075/2022-29',
    '52402.012075/2022-82',
    '52402.012075-2022-28',
    '5240.012075/2022-28',
    '52402.12075/2022-28',
    '52402.012075/2022-2',
    ' 52402.012075/2022-28',
    '../etc/passwd',
    '',
  ])('rejects %p', (value) => {
    expect(isValidNup(value)).toBe(false);
    expect(parseNup(value)).toBeNull();
  });

  it('rejects non-strings', () => {
    expect(isValidNup(524020120752022)).toBe(false);
    expect(isValidNup(null)).toBe(false);
  });

  it('maps remainders 10 and 11 to 0 and 1', () => {
    const digits = new Set<string>();
    for (let seq = 1; seq <= 300; seq++) {
      const nup = formatNup('10001', seq, 2025);
      expect(isValidNup(nup)).toBe(true);
      digits.add(nup.slice(-2, -1));
    }
    // Every digit 0-9 appears as DV1; a 0 only arises from the 10 → 0 rule.
    expect([...digits].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(nupCheckDigits('524020120752022')).toBe('28');
  });

  it('refuses to format out-of-range parts', () => {
    expect(() => formatNup('1234', 1, 2025)).toThrow(RangeError);
    expect(() => formatNup('12345', 0, 2025)).toThrow(RangeError);
    expect(() => formatNup('12345', 1_000_000, 2025)).toThrow(RangeError);
  });
});
