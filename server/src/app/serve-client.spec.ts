import { SAME_ORIGIN_API_META, withSameOriginApiMarker } from './serve-client';

describe('withSameOriginApiMarker', () => {
  it('puts the same-origin API marker first in <head>', () => {
    const html = '<!doctype html><html><head><meta charset="UTF-8" /></head><body></body></html>';
    const served = withSameOriginApiMarker(html);
    expect(served).toContain(`<head>\n    ${SAME_ORIGIN_API_META}`);
    expect(served.indexOf(SAME_ORIGIN_API_META)).toBeLessThan(served.indexOf('charset'));
  });
});
