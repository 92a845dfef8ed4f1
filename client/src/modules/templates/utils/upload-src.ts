/**
 * Images in template content point at our uploads by their path under the API base,
 * `/uploads/{file}` (the `url` POST /uploads answers; the server's sanitiser keeps no other image
 * and rewrites `/api/uploads/{file}` to that form). The token an <img> needs is added only when
 * the editor or a preview shows the image, never stored in the content.
 */
const UPLOADED_IMAGE = /^(?:\/api)?\/uploads\/([^/?#]+)$/;

export function uploadedImageSrc(fileName: string): string {
  return `/uploads/${encodeURIComponent(fileName)}`;
}

/** The stored file name of an image src in that form (with or without `/api`), or null for anything else. */
export function uploadedFileName(src: string | null | undefined): string | null {
  const match = UPLOADED_IMAGE.exec(src ?? '');
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** Rewrites every uploaded image src of `html` for display (e.g. to the URL carrying the token). */
export function rewriteUploadedImages(html: string, display: (fileName: string) => string): string {
  return html.replace(/(<img\b[^>]*?\bsrc=")([^"]*)(")/gi, (match, before: string, src: string, after: string) => {
    const fileName = uploadedFileName(src.replace(/&amp;/g, '&'));
    return fileName ? `${before}${display(fileName).replace(/&/g, '&amp;')}${after}` : match;
  });
}
