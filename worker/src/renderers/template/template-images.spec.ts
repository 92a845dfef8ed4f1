import type { FileStorageService } from '#server/domain/files/file-storage.service';
import { TemplateImages } from './template-images';

const LOGO = '11111111-1111-4111-8111-111111111111.png';
const PICTURE = '22222222-2222-4222-8222-222222222222.jpg';
const ATTACHMENT = '33333333-3333-4333-8333-333333333333.png';
const PDF = '44444444-4444-4444-8444-444444444444.pdf';

const files: Record<string, { mimeType: string; ownerKind: string; bytes: string }> = {
  [LOGO]: { mimeType: 'image/png', ownerKind: 'organization-logo', bytes: 'logo' },
  [PICTURE]: { mimeType: 'image/jpeg', ownerKind: 'template-image', bytes: 'foto' },
  [ATTACHMENT]: { mimeType: 'image/png', ownerKind: 'process', bytes: 'anexo' },
  [PDF]: { mimeType: 'application/pdf', ownerKind: 'template-image', bytes: 'pdf' },
};
const reads: string[] = [];
const storage = {
  find: (name: string) => Promise.resolve(files[name] ?? null),
  readBuffer: (name: string) => {
    reads.push(name);
    return Promise.resolve(Buffer.from(files[name].bytes));
  },
} as unknown as FileStorageService;
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('TemplateImages', () => {
  const images = new TemplateImages(storage);
  beforeEach(() => (reads.length = 0));

  it('embeds uploaded template images whatever the API base, once per file', async () => {
    const html = `<p><img src="/semgi/api/uploads/${PICTURE}" style="width: 50%" alt="a"></p><img src="uploads/${PICTURE}"><img alt="x" src="https://x.test/api/uploads/${LOGO}">`;
    expect(await images.inlineContentImages(html)).toBe(
      `<p><img src="data:image/jpeg;base64,${b64('foto')}" style="width: 50%" alt="a"></p><img src="data:image/jpeg;base64,${b64('foto')}"><img alt="x" src="data:image/png;base64,${b64('logo')}">`,
    );
    expect(reads.sort()).toEqual([LOGO, PICTURE]);
  });

  it('drops other stored files, unknown names, remote and inline images, and never reads them', async () => {
    const html = `<p>a<img src="/api/uploads/${ATTACHMENT}">b<img src="/api/uploads/${PDF}">c<img src="/api/uploads/55555555-5555-4555-8555-555555555555.png">d<img src="https://mal.test/x.png">e<img src="data:image/png;base64,AAAA">f<img></p>`;
    expect(await images.inlineContentImages(html)).toBe('<p>abcdef</p>');
    expect(reads).toEqual([]);
  });

  it('gives the logo as a data: URL only when it is an uploaded image', async () => {
    expect(await images.dataUrl(LOGO)).toBe(`data:image/png;base64,${b64('logo')}`);
    expect(await images.dataUrl(ATTACHMENT)).toBeNull();
    expect(await images.dataUrl(null)).toBeNull();
  });
});
