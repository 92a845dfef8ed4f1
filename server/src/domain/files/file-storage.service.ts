import {
  BadRequestException,
  Injectable,
  NotFoundException,
  type OnApplicationBootstrap,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppConfig } from '#server/config/config.module';
import type { StoredFileEntity } from '#server/database/entities/index';
import { Transactions, type Tx } from '#server/database/transactions';
import { StoredFilesRepository } from '#server/repositories/stored-files.repository';
import { generateStoredName, isStoredName, sanitizeOriginalName } from './file-names';
import { detectFileTypeOfFile, isCleanUtf8 } from './file-types';
import { filesDirectory, sweepTemporaryFiles, temporaryDirectory } from './storage-paths';
import { fileTooLarge, fileTypeNotAllowed, maxUploadBytes } from './upload-limits';

export interface FileOwner {
  /** 'process', 'document', 'avatar', 'template'…: selects the access policy. */
  ownerKind: string;
  ownerId?: string | null;
  uploadedBy?: string | null;
}

/**
 * What to store: bytes made by the server (a text document, a signed PDF, an avatar), or a file
 * received under temporaryDirectory(this.config.STORAGE_DIR) (an upload streamed to disk), which is moved into place.
 */
export type FileContent = Buffer | { path: string };

const NOT_FOUND = 'Arquivo não encontrado.';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * Stores uploaded files under generated names in STORAGE_DIR/files, with their metadata in
 * `stored_files`. Content is checked against the allow-list by its magic bytes; writes are atomic
 * (temporary file under STORAGE_DIR/tmp + rename), so a reader never sees half a file.
 */
@Injectable()
export class FileStorageService implements OnApplicationBootstrap {
  constructor(
    private readonly transactions: Transactions,
    private readonly files: StoredFilesRepository,
    private readonly config: AppConfig,
  ) {}

  /** Leftover temporary files (an upload cut off, a crash) are deleted at boot. */
  async onApplicationBootstrap(): Promise<void> {
    await sweepTemporaryFiles(this.config.STORAGE_DIR);
  }

  /**
   * Validates (413 size, 415 type) and stores a file. Pass the transaction's manager so the row
   * commits with the change that owns it; if that transaction fails, call discardFromDisk().
   * The content is checked on disk (never held in memory whole) and renamed into place; the
   * temporary file is gone afterwards, stored or refused.
   */
  async store(content: FileContent, originalName: string, owner: FileOwner, manager?: Tx): Promise<StoredFileEntity> {
    if (Buffer.isBuffer(content) && content.length > maxUploadBytes(this.config.MAX_UPLOAD_MB))
      throw fileTooLarge(this.config.MAX_UPLOAD_MB);
    const temp = Buffer.isBuffer(content) ? await this.writeTemp(content) : content.path;
    let storedName: string | undefined;
    try {
      const { size } = await stat(temp);
      if (size > maxUploadBytes(this.config.MAX_UPLOAD_MB)) throw fileTooLarge(this.config.MAX_UPLOAD_MB);
      const displayName = sanitizeOriginalName(originalName);
      const type = await detectFileTypeOfFile(temp, displayName);
      if (!type) throw fileTypeNotAllowed();
      const digest = await sha256OfFile(temp);
      const name = generateStoredName(type.ext);
      await mkdir(filesDirectory(this.config.STORAGE_DIR), { recursive: true });
      await rename(temp, this.pathOf(name));
      storedName = name;
      return await this.files.insert(
        {
          storedName,
          originalName: displayName,
          mimeType: type.mime,
          sizeBytes: size,
          sha256: digest,
          ownerKind: owner.ownerKind,
          ownerId: owner.ownerId ?? null,
          uploadedBy: owner.uploadedBy ?? null,
        },
        manager,
      );
    } catch (error) {
      if (storedName) await this.discardFromDisk([storedName]);
      else await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  /** Metadata of a stored file, or null (also for names this module could not have generated). */
  async find(storedName: string, manager?: Tx): Promise<StoredFileEntity | null> {
    if (!isStoredName(storedName)) return null;
    return this.files.findByName(storedName, manager);
  }

  /** Opens the file for streaming; 404 when it is missing on disk. */
  async createReadStream(storedName: string): Promise<ReadStream> {
    try {
      const handle = await open(this.pathOf(storedName), 'r');
      return handle.createReadStream();
    } catch (error) {
      throw this.notFoundOnDisk(error);
    }
  }

  async readBuffer(storedName: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(storedName));
    } catch (error) {
      throw this.notFoundOnDisk(error);
    }
  }

  /**
   * Replaces the content of a stored .txt file and updates its size and SHA-256, under a row lock
   * so concurrent edits serialise. The new bytes land on disk only after the metadata update
   * succeeded (rename is the last step of the transaction).
   */
  async replaceTextContent(storedName: string, text: string, manager?: Tx): Promise<StoredFileEntity> {
    return this.transactions.join(manager, (tx) => this.replaceTextContentIn(storedName, text, tx));
  }

  private async replaceTextContentIn(storedName: string, text: string, manager: Tx): Promise<StoredFileEntity> {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length > maxUploadBytes(this.config.MAX_UPLOAD_MB)) throw fileTooLarge(this.config.MAX_UPLOAD_MB);
    if (!isCleanUtf8(bytes)) throw new BadRequestException('O conteúdo contém caracteres inválidos.');
    const file = isStoredName(storedName) ? await this.files.findAndLock(storedName, manager) : null;
    if (!file) throw new NotFoundException(NOT_FOUND);
    if (file.mimeType !== 'text/plain') {
      throw new UnsupportedMediaTypeException('Apenas arquivos .txt podem ser editados.');
    }
    const temp = await this.writeTemp(bytes);
    try {
      file.sizeBytes = bytes.length;
      file.sha256 = sha256(bytes);
      await this.files.updateContentFacts(file.id, { sizeBytes: file.sizeBytes, sha256: file.sha256 }, manager);
      await rename(temp, this.pathOf(storedName));
      return file;
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  /** Holds the file's row lock until the caller's transaction ends (serialises edits and signing). */
  async lockRow(storedName: string, manager: Tx): Promise<void> {
    await this.files.findAndLock(storedName, manager);
  }

  /** Deletes the row and then the file. */
  async remove(storedName: string, manager?: Tx): Promise<void> {
    if (!isStoredName(storedName)) return;
    await this.files.deleteByName(storedName, manager);
    await this.discardFromDisk([storedName]);
  }

  /** Deletes files from disk only: cleanup after the transaction that stored them rolled back. */
  async discardFromDisk(storedNames: string[]): Promise<void> {
    await Promise.all(
      storedNames.filter(isStoredName).map((name) =>
        unlink(this.pathOf(name)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        }),
      ),
    );
  }

  /** Absolute path of a stored file; refuses anything that is not a generated name. */
  pathOf(storedName: string): string {
    if (!isStoredName(storedName)) throw new NotFoundException(NOT_FOUND);
    const dir = filesDirectory(this.config.STORAGE_DIR);
    const path = join(dir, storedName);
    if (dirname(path) !== dir) throw new NotFoundException(NOT_FOUND);
    return path;
  }

  private async writeTemp(bytes: Uint8Array): Promise<string> {
    const dir = temporaryDirectory(this.config.STORAGE_DIR);
    await mkdir(dir, { recursive: true });
    const temp = join(dir, `write-${randomUUID()}`);
    await writeFile(temp, bytes, { flag: 'wx' });
    return temp;
  }

  private notFoundOnDisk(error: unknown): unknown {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? new NotFoundException(NOT_FOUND) : error;
  }
}
