import { Injectable, Logger } from '@nestjs/common';
import { UPLOAD_TYPES } from '#server/contracts/templates';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { escapeHtml } from '../html-escape';

/** `<img … src="…/uploads/{storedName}" …>` as the server's sanitiser leaves it (double quotes). */
const UPLOAD_IMAGE_SRC = /(<img\b[^>]*?\ssrc=")([^"]*\/uploads\/([0-9a-f-]{36}\.[a-z0-9]{1,8}))(")/gi;

/**
 * Turns the template's pictures (the logo and the images in the content, stored as links to our
 * uploads) into data: URLs, because the renderer's page may fetch nothing. Only images uploaded as
 * template images or logos are embedded; any other stored file, or a name that does not exist, is
 * left out (the picture is dropped, the document still renders).
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

  /** The content HTML with each uploaded image's src replaced by its data: URL (or emptied). */
  async inlineContentImages(html: string): Promise<string> {
    const names = new Set([...html.matchAll(UPLOAD_IMAGE_SRC)].map((match) => match[3]));
    const urls = new Map<string, string>();
    for (const name of names) urls.set(name, (await this.dataUrl(name)) ?? '');
    return html.replace(
      UPLOAD_IMAGE_SRC,
      (_all, start: string, _src: string, name: string, end: string) =>
        `${start}${escapeHtml(urls.get(name) ?? '')}${end}`,
    );
  }
}
