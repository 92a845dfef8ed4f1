import { INPUT_INVALID_TEXT, INPUT_TOO_DEEP, inputShapeProblem, MAX_INPUT_DEPTH } from './input-shape';

const nested = (levels: number) => {
  let value: unknown = 'fundo';
  for (let i = 0; i < levels; i++) value = { a: [value] };
  return value;
};

describe('inputShapeProblem', () => {
  it('accepts ordinary payloads, accents and emoji', () => {
    expect(inputShapeProblem({ name: 'João Ofício 📄', tags: ['a', { b: 1 }], n: null })).toBeNull();
    expect(inputShapeProblem(undefined)).toBeNull();
    expect(inputShapeProblem(nested(MAX_INPUT_DEPTH / 2 - 1))).toBeNull();
  });

  it('refuses bodies nested deeper than the limit, even thousands of levels, without overflowing', () => {
    expect(inputShapeProblem(nested(MAX_INPUT_DEPTH))).toBe(INPUT_TOO_DEEP);
    expect(inputShapeProblem(nested(100_000))).toBe(INPUT_TOO_DEEP);
  });

  it('refuses NUL characters and lone surrogates in values and keys', () => {
    expect(inputShapeProblem({ q: 'a\u0000b' })).toBe(INPUT_INVALID_TEXT);
    expect(inputShapeProblem({ email: 'x\uD800@y.gov.br' })).toBe(INPUT_INVALID_TEXT);
    expect(inputShapeProblem({ email: 'x\uDC00@y.gov.br' })).toBe(INPUT_INVALID_TEXT);
    expect(inputShapeProblem({ ['k\u0000']: 1 })).toBe(INPUT_INVALID_TEXT);
  });
});
