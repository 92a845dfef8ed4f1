/**
 * Images in template content point at our uploads by a path under the API: `/api/uploads/{file}`
 * (the server's sanitiser keeps no other image). The token an <img> needs is added only when the
 * editor or preview shows the image, never stored in the content.
 */
export const UPLOADED_IMAGE_PREFIX = '/api/uploads/';

export function uploadedImageSrc(fileName: string): string {
  return `${UPLOADED_IMAGE_PREFIX}${encodeURIComponent(fileName)}`;
}

/** The stored file name of an image src written by uploadedImageSrc, or null for anything else. */
export function uploadedFileName(src: string | null | undefined): string | null {
  if (!src?.startsWith(UPLOADED_IMAGE_PREFIX)) return null;
  const rest = src.slice(UPLOADED_IMAGE_PREFIX.length);
  if (!rest || /[/?#]/.test(rest)) return null;
  try {
    return decodeURIComponent(rest);
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
