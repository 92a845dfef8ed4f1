import { canonicalJson } from './canonical-json';

describe('canonicalJson (RFC 8785)', () => {
  it('sorts keys at every depth by UTF-16 code units and emits no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: true }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":true,"z":null}]},"b":1}',
    );
    // RFC 8785 §3.2.3 example: sorting by UTF-16 code units (the emoji's surrogates, 0xD83D…,
    // come before U+FB33 although its code point is larger).
    const keys = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji',
      '\u0080': 'Control',
      '\u00f6': 'o',
    };
    expect(canonicalJson(keys)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"o","\u20ac":"Euro Sign",' +
        '"\ud83d\ude00":"Emoji","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it('serialises numbers and strings as ECMAScript does (RFC 8785 §3.2.2)', () => {
    expect(canonicalJson([0, -0, 1e21, 1e-7, 333333333.3333333, 4.5, 2 ** 53])).toBe(
      '[0,0,1e+21,1e-7,333333333.3333333,4.5,9007199254740992]',
    );
    expect(canonicalJson('aç\u0001"\\\u2028')).toBe('"aç\\u0001\\"\\\\\u2028"');
  });

  it('drops undefined members and refuses values JSON cannot hold', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(TypeError);
  });
});
