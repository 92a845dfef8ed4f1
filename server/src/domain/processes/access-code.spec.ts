import { accessCodeMatches, groupAccessCode, hashAccessCode, newAccessCode } from './access-code';

describe('access codes (docs/processes.md#receipts-and-tracking)', () => {
  it('draws 16 Crockford base32 characters, different each time', () => {
    const codes = new Set(Array.from({ length: 2000 }, newAccessCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    // Every one of the 32 symbols shows up in both the first and the last position: no bias to a subset.
    expect(new Set([...codes].map((c) => c[0])).size).toBe(32);
    expect(new Set([...codes].map((c) => c[15])).size).toBe(32);
  });

  it('groups for reading aloud and matches what a person types', () => {
    const code = '0123ABCDEFGH1JKM';
    expect(groupAccessCode(code)).toBe('0123-ABCD-EFGH-1JKM');
    const stored = hashAccessCode(code);
    expect(accessCodeMatches('0123-abcd-efgh-1jkm', stored)).toBe(true);
    expect(accessCodeMatches(' o123 ABCD EFGH lJKM ', stored)).toBe(true);
    expect(accessCodeMatches('0123-ABCD-EFGH-1JKN', stored)).toBe(false);
    expect(accessCodeMatches(code, null)).toBe(false);
  });
});
