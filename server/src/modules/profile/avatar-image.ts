/** Raster formats a browser-picked photo can have; SVG and raw pixel buffers are refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif', 'avif']);
export const AVATAR_SIZE = 256;
/** Guards against decompression bombs: 40 megapixels is well above any phone camera's photo. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Reads the upload by its content (never by its name or declared type) and returns a square
 * 256×256 WebP, or null when the bytes are not a supported image.
 */
export async function toAvatarWebp(input: Buffer): Promise<Buffer | null> {
  // Loaded on first use (keeps the server's start fast); outside the try, so a broken install is an error.
  const { default: sharp } = await import('sharp');
  try {
    const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) return null;
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}
