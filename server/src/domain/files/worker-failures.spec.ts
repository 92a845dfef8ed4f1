import { failureShownAsIs, LIBREOFFICE_MISSING } from './worker-failures';

describe('failureShownAsIs', () => {
  it('passes a missing-program failure to the person waiting', () => {
    expect(failureShownAsIs(new Error(LIBREOFFICE_MISSING))).toBe(LIBREOFFICE_MISSING);
  });

  it('keeps any other failure (a crash, a timeout, a path) out of the reply', () => {
    expect(failureShownAsIs(new Error('ENOENT: /var/tmp/semgi-soffice-12/documento.pdf'))).toBeUndefined();
    expect(failureShownAsIs('texto solto')).toBeUndefined();
    expect(failureShownAsIs(undefined)).toBeUndefined();
  });
});
