import { Injectable, Logger } from '@nestjs/common';
import { UPLOAD_TYPES } from '#server/contracts/templates';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { escapeHtml } from '../html-escape';

const IMG_TAG = /<img\b[^>]*>/gi;
/** `src="…/uploads/{storedName}"` (any API base, or relative) as the server's sanitiser leaves it (double quotes). */
const UPLOAD_SRC = /(\ssrc=")(?:[^"]*\/)?uploads\/([0-9a-f-]{36}\.[a-z0-9]{1,8})(")/i;

/**
 * Turns the template's pictures (the logo and the images in the content, stored as links to our
 * uploads) into data: URLs, because the renderer's page may fetch nothing. Only images uploaded as
 * template images or logos are embedded; any other image (another kind of stored file, a name that
 * does not exist, a remote or inline picture) is dropped, so the PDF shows no broken-image box.
 */
@Injectable()
export class TemplateImages {
  private readonly logger = new Logger('TemplateImages');

  constructor(private readonly storage: FileStorageService) {}

  async dataUrl(storedName: string | null): Promise<string | null> {
    if (!storedName) return null;
    const file = await this.storage.find(storedName);
    if (!file || !file.mimeType.startsWith('image/') || !(UPLOAD_TYPES as readonly string[]).includes(file.ownerKind)) {
      this.logger.warn(`Imagem ${storedName} não é um envio de template; ficou fora do PDF.`);
      return null;
    }
    const bytes = await this.storage.readBuffer(storedName);
    return `data:${file.mimeType};base64,${bytes.toString('base64')}`;
  }

  /** The content HTML with each uploaded image's src replaced by its data: URL; other images removed. */
  async inlineContentImages(html: string): Promise<string> {
    const names = new Set<string>();
    for (const [tag] of html.matchAll(IMG_TAG)) {
      const name = UPLOAD_SRC.exec(tag)?.[2];
      if (name) names.add(name);
    }
    const urls = new Map<string, string | null>();
    for (const name of names) urls.set(name, await this.dataUrl(name));
    return html.replace(IMG_TAG, (tag) => {
      const name = UPLOAD_SRC.exec(tag)?.[2];
      const url = name ? urls.get(name) : null;
      return url
        ? tag.replace(
            UPLOAD_SRC,
            (_src, start: string, _name: string, end: string) => `${start}${escapeHtml(url)}${end}`,
          )
        : '';
    });
  }
}
