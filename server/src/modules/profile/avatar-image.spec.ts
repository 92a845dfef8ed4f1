import sharp from 'sharp';
import { AVATAR_SIZE, toAvatarWebp } from './avatar-image';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 80, b: 160 } } })
    .png()
    .toBuffer();

describe('toAvatarWebp', () => {
  it('turns a real image into a square WebP of the avatar size', async () => {
    const out = await toAvatarWebp(await png(800, 400));
    expect(out).not.toBeNull();
    const meta = await sharp(out!).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE, height: AVATAR_SIZE });
  });

  it('refuses bytes that are not an image, whatever the file name says', async () => {
    expect(await toAvatarWebp(Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n'))).toBeNull();
    expect(await toAvatarWebp(Buffer.from('texto qualquer'))).toBeNull();
  });

  it('refuses SVG, which is an image type but not a photo', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(await toAvatarWebp(svg)).toBeNull();
  });

  it('refuses a truncated image', async () => {
    const full = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    expect(await toAvatarWebp(full.subarray(0, 40))).toBeNull();
  });
});
