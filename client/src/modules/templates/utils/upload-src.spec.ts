import { rewriteUploadedImages, uploadedFileName, uploadedImageSrc } from './upload-src';

describe('uploaded image sources', () => {
  it('stores the path under the API base (the form the server keeps) and reads the file name back', () => {
    expect(uploadedImageSrc('a b.png')).toBe('/uploads/a%20b.png');
    expect(uploadedFileName('/uploads/a%20b.png')).toBe('a b.png');
    expect(uploadedFileName('/api/uploads/x.png')).toBe('x.png');
  });

  it('recognises nothing else', () => {
    for (const src of [
      'https://evil.example/uploads/x.png',
      '/uploads/',
      '/uploads/a/b.png',
      '/uploads/x.png?token=t',
      '/other/uploads/x.png',
      '/uploads/%E0%A4%A.png',
      '',
      null,
    ]) {
      expect(uploadedFileName(src)).toBeNull();
    }
  });

  it('rewrites only our images for display, never the stored content', () => {
    const html = '<p><img src="/uploads/logo.png" style="width: 50%"><img src="https://x.test/y.png"></p>';
    const shown = rewriteUploadedImages(html, (name) => `http://h/api/uploads/${name}?token=T&x=1`);
    expect(shown).toBe(
      '<p><img src="http://h/api/uploads/logo.png?token=T&amp;x=1" style="width: 50%"><img src="https://x.test/y.png"></p>',
    );
    expect(html).not.toContain('token');
  });
});
