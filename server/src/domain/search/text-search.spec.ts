import { searchTerms, textMatches } from './text-search';

describe('searchTerms', () => {
  it('turns each word into an unaccented, lower-case prefix of the tsquery', () => {
    expect(searchTerms('Ofício de Compra').prefixQuery).toBe('oficio:* & de:* & compra:*');
  });

  it('keeps NUP digits as words and the typed text as the LIKE pattern', () => {
    expect(searchTerms('10001.000123/2025')).toEqual({
      pattern: '10001.000123/2025',
      prefixQuery: '10001:* & 000123:* & 2025:*',
    });
  });

  it('escapes LIKE wildcards and drops tsquery operators', () => {
    expect(searchTerms("50%_ & !x | 'y'")).toEqual({ pattern: "50\\%\\_ & !x | 'y'", prefixQuery: '50:* & x:* & y:*' });
  });

  it('has no tsquery for a query without letters or digits', () => {
    expect(searchTerms('--').prefixQuery).toBeNull();
  });
});

describe('textMatches', () => {
  it('combines the full-text match with the trigram matches', () => {
    expect(textMatches(searchTerms('ofício'), 'vec', ['a', 'b']).sql).toBe(
      `(vec @@ to_tsquery('portuguese'::regconfig, :searchPrefixQuery) OR ` +
        `a LIKE '%' || semgi_search_normalize(:searchPattern) || '%' OR ` +
        `b LIKE '%' || semgi_search_normalize(:searchPattern) || '%')`,
    );
  });

  it('falls back to the trigram match alone without words or without a vector', () => {
    const trigramOnly = `(t LIKE '%' || semgi_search_normalize(:searchPattern) || '%')`;
    expect(textMatches(searchTerms('%'), 'vec', ['t']).sql).toBe(trigramOnly);
    expect(textMatches(searchTerms('oficio'), null, ['t']).sql).toBe(trigramOnly);
  });
});
