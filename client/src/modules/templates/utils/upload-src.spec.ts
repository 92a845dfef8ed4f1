import { rewriteUploadedImages, uploadedFileName, uploadedImageSrc } from './upload-src';

describe('uploaded image sources', () => {
  it('stores a path under the API and reads the file name back', () => {
    expect(uploadedImageSrc('a b.png')).toBe('/api/uploads/a%20b.png');
    expect(uploadedFileName('/api/uploads/a%20b.png')).toBe('a b.png');
  });

  it('recognises nothing else', () => {
    for (const src of [
      'https://evil.example/x.png',
      '/api/uploads/',
      '/api/uploads/a/b.png',
      '/api/uploads/x.png?token=t',
      '',
      null,
    ]) {
      expect(uploadedFileName(src)).toBeNull();
    }
  });

  it('rewrites only our images for display, never the stored content', () => {
    const html = '<p><img src="/api/uploads/logo.png" style="width: 50%"><img src="https://x.test/y.png"></p>';
    const shown = rewriteUploadedImages(html, (name) => `http://h/api/uploads/${name}?token=T&x=1`);
    expect(shown).toBe(
      '<p><img src="http://h/api/uploads/logo.png?token=T&amp;x=1" style="width: 50%"><img src="https://x.test/y.png"></p>',
    );
    expect(html).not.toContain('token');
  });
});
