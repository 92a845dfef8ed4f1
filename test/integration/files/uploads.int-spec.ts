import { Controller, Module, Post, UploadedFiles } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { AppModule } from '#server/app.module';
import type { AuthUser } from '#server/common/auth-user';
import { CurrentUser } from '#server/common/decorators/current-user.decorator';
import { createValidationPipe } from '#server/common/pipes/validation.pipe';
import { loadEnv, resetEnvCache } from '#server/config/env';
import { AuditLogEntity, StoredFileEntity } from '#server/database/entities/index';
import { FileAccessRegistry } from '#server/modules/files/file-access.registry';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { UploadFiles } from '#server/modules/files/upload-interceptors';
import { createUser } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAE0lEQVR4nGP4z8DwnwGM/zMwAAAf7gP9NRsAMwAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096)]);
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** Test-only route exercising the shared multer configuration as feature controllers use it. */
@Controller('test-uploads')
class TestUploadController {
  constructor(private readonly storage: FileStorageService) {}

  @Post()
  @UploadFiles('files')
  async upload(@CurrentUser() user: AuthUser, @UploadedFiles() files: Express.Multer.File[]) {
    const stored: StoredFileEntity[] = [];
    for (const file of files) {
      stored.push(
        await this.storage.store(file, file.originalname, {
          ownerKind: 'test',
          ownerId: user.id,
          uploadedBy: user.id,
        }),
      );
    }
    return stored.map(({ storedName, originalName, mimeType }) => ({ storedName, originalName, mimeType }));
  }
}

@Module({ imports: [AppModule], controllers: [TestUploadController] })
class TestUploadModule {}

/** Raw GET/PUT with the path sent byte for byte (fetch would normalise `..` and `%2E%2E`). */
function raw(base: string, method: string, path: string, token: string, body?: unknown) {
  const url = new URL(base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; text: string }>((resolvePromise, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('file storage and /api/uploads', () => {
  const { server } = useServerSuite({
    before: () => {
      process.env.MAX_UPLOAD_MB = '1';
      resetEnvCache();
    },
    after: () => {
      delete process.env.MAX_UPLOAD_MB;
      resetEnvCache();
    },
  });
  let uploadApp: NestExpressApplication;
  let uploadUrl: string;
  let storage: FileStorageService;
  let owner: { token: string; id: string };
  let reader: { token: string; id: string };
  let stranger: { token: string; id: string };
  const readers = new Set<string>();

  beforeAll(async () => {
    uploadApp = await NestFactory.create<NestExpressApplication>(TestUploadModule, { logger: false });
    uploadApp.setGlobalPrefix('api');
    uploadApp.useGlobalPipes(createValidationPipe());
    await uploadApp.listen(0, '127.0.0.1');
    uploadUrl = `http://127.0.0.1:${(uploadApp.getHttpServer().address() as { port: number }).port}`;

    storage = server.app.get(FileStorageService);
    const policy = {
      canRead: async (user: AuthUser, file: StoredFileEntity) => file.ownerId === user.id || readers.has(user.id),
      canWrite: async (user: AuthUser, file: StoredFileEntity) => file.ownerId === user.id,
    };
    server.app.get(FileAccessRegistry).register('test', policy);
    uploadApp.get(FileAccessRegistry).register('test', policy);

    const session = async (username: string) => {
      const user = await createUser(server.dataSource, { username });
      const { token } = await login(server.url, username, 'senha-de-teste-1');
      return { token, id: user.id };
    };
    owner = await session('dona.arquivo');
    reader = await session('leitor.arquivo');
    stranger = await session('estranho.arquivo');
    readers.add(reader.id);
  });

  afterAll(async () => {
    await uploadApp?.close();
  });

  const storeTest = (bytes: Buffer, name: string, ownerKind = 'test') =>
    storage.store(bytes, name, { ownerKind, ownerId: owner.id, uploadedBy: owner.id });

  it('streams an allowed file with its type, a safe RFC 5987 disposition and nosniff', async () => {
    const file = await storeTest(PNG, 'fotos/../Ofício nº 1.png');
    expect(file.storedName).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(file.originalName).toBe('Ofício nº 1.png');
    expect(file.sha256).toBe(sha256(PNG));

    const res = await fetch(`${server.url}/api/uploads/${file.storedName}?token=${owner.token}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="Oficio no 1.png"; filename*=UTF-8''Of%C3%ADcio%20n%C2%BA%201.png`,
    );

    const download = await fetch(`${server.url}/api/uploads/${file.storedName}?download=1`, {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Oficio no 1.png"/);
  });

  it('serves stored HTML as inert plain text in a sandbox', async () => {
    const file = await storeTest(Buffer.from('<script>fetch("/api/users")</script>'), 'pagina.html');
    expect(file.mimeType).toBe('text/html');
    const res = await fetch(`${server.url}/api/uploads/${file.storedName}?token=${owner.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404, never 403, to a user the policy refuses — the same as for a missing file', async () => {
    const file = await storeTest(PNG, 'sigiloso.png');
    const denied = await api(server.url, 'GET', `/uploads/${file.storedName}`, { token: stranger.token });
    const missing = await api(server.url, 'GET', `/uploads/0b1c6c4e-7f5e-4c1c-9d1a-1f2e3d4c5b6a.png`, {
      token: stranger.token,
    });
    expect(denied.status).toBe(404);
    expect(denied.body).toEqual({ statusCode: 404, message: 'Arquivo não encontrado.', error: 'Not Found' });
    expect(missing.body).toEqual(denied.body);
    const deniedContent = await api(server.url, 'GET', `/uploads/${file.storedName}/content`, {
      token: stranger.token,
    });
    expect(deniedContent.status).toBe(404);
  });

  it('denies files of an owner kind without a policy, even to their uploader', async () => {
    const file = await storeTest(PNG, 'orfao.png', 'sem-politica');
    const res = await api(server.url, 'GET', `/uploads/${file.storedName}`, { token: owner.token });
    expect(res.status).toBe(404);
  });

  it('lets any signed-in user see avatars', async () => {
    const file = await storeTest(PNG, 'avatar.png', 'avatar');
    const res = await fetch(`${server.url}/api/uploads/${file.storedName}?token=${stranger.token}`);
    expect(res.status).toBe(200);
  });

  it('requires a session: no token or a bad ?token= gives 401', async () => {
    const file = await storeTest(PNG, 'foto.png');
    expect((await api(server.url, 'GET', `/uploads/${file.storedName}`)).status).toBe(401);
    expect((await api(server.url, 'GET', `/uploads/${file.storedName}?token=invalido`)).status).toBe(401);
    expect((await api(server.url, 'GET', `/uploads/${file.storedName}/content`)).status).toBe(401);
    const put = await api(server.url, 'PUT', `/uploads/${file.storedName}/content`, { body: { content: 'x' } });
    expect(put.status).toBe(401);
  });

  it('never lets a crafted name reach the file system', async () => {
    const storageDir = resolve(loadEnv().STORAGE_DIR);
    const canaries = [join(storageDir, 'canary.txt'), join(dirname(storageDir), 'canary.txt')];
    for (const canary of canaries) {
      await mkdir(dirname(canary), { recursive: true });
      await writeFile(canary, 'segredo');
    }
    const before = await Promise.all(canaries.map((c) => stat(c)));
    const names = [
      '..%2Fcanary.txt',
      '..%2F..%2Fcanary.txt',
      '%2E%2E%2F%2E%2E%2Fcanary.txt',
      '..%5C..%5Ccanary.txt',
      '%2Fetc%2Fpasswd',
      'canary.txt',
    ];
    for (const name of names) {
      for (const suffix of ['', '/content']) {
        const res = await raw(server.url, 'GET', `/api/uploads/${name}${suffix}`, owner.token);
        expect([name, res.status]).toEqual([name, 404]);
        expect(res.text).not.toContain('segredo');
      }
      const put = await raw(server.url, 'PUT', `/api/uploads/${name}/content`, owner.token, { content: 'invadido' });
      expect([name, put.status]).toEqual([name, 404]);
    }
    const after = await Promise.all(canaries.map((c) => stat(c)));
    for (const [i, canary] of canaries.entries()) {
      expect(await readFile(canary, 'utf8')).toBe('segredo');
      expect(after[i].mtimeMs).toBe(before[i].mtimeMs);
    }
  });

  it('refuses disguised executables (415) and oversize files (413) before writing anything', async () => {
    const filesDir = join(resolve(loadEnv().STORAGE_DIR), 'files');
    const before = (await readdir(filesDir)).length;
    await expect(storeTest(EXE, 'contrato.pdf')).rejects.toMatchObject({
      status: 415,
      message: 'Tipo de arquivo não permitido.',
    });
    await expect(storeTest(Buffer.alloc(1024 * 1024 + 1, 0x61), 'grande.txt')).rejects.toMatchObject({
      status: 413,
      message: 'Arquivo grande demais. O tamanho máximo é 1 MB.',
    });
    expect(await readdir(filesDir)).toHaveLength(before);
  });

  it('accepts multipart uploads through the shared multer settings, with UTF-8 names and pt-BR refusals', async () => {
    const post = (form: FormData) => api(uploadUrl, 'POST', '/test-uploads', { token: owner.token, body: form });

    const ok = new FormData();
    ok.append('files', new Blob([PNG], { type: 'image/png' }), 'Ofício de ação.png');
    ok.append('files', new Blob(['Relatório']), 'relatório.txt');
    const accepted = await post(ok);
    expect(accepted.status).toBe(201);
    expect(accepted.body).toEqual([
      expect.objectContaining({ originalName: 'Ofício de ação.png', mimeType: 'image/png' }),
      expect.objectContaining({ originalName: 'relatório.txt', mimeType: 'text/plain' }),
    ]);

    const exe = new FormData();
    exe.append('files', new Blob([EXE], { type: 'application/pdf' }), 'contrato.pdf');
    expect((await post(exe)).body).toEqual({
      statusCode: 415,
      message: 'Tipo de arquivo não permitido.',
      error: 'Unsupported Media Type',
    });

    const big = new FormData();
    big.append('files', new Blob([Buffer.alloc(1024 * 1024 + 10, 0x61)]), 'grande.txt');
    expect((await post(big)).body).toEqual({
      statusCode: 413,
      message: 'Arquivo grande demais. O tamanho máximo é 1 MB.',
      error: 'Payload Too Large',
    });

    const many = new FormData();
    for (let i = 0; i < 11; i++) many.append('files', new Blob(['a']), `${i}.txt`);
    expect((await post(many)).body).toMatchObject({ statusCode: 400, message: 'Envie no máximo 10 arquivos por vez.' });
  });

  it('reads and edits .txt content, updating size and SHA-256 with an audit entry', async () => {
    const file = await storeTest(Buffer.from('Primeira versão'), 'nota.txt');
    const read = await api(server.url, 'GET', `/uploads/${file.storedName}/content`, { token: reader.token });
    expect(read).toMatchObject({ status: 200, body: { content: 'Primeira versão' } });

    const content = 'Segunda versão, com acentuação: ação, coração.';
    const saved = await api(server.url, 'PUT', `/uploads/${file.storedName}/content`, {
      token: owner.token,
      body: { content },
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { message: 'Documento editado com sucesso!', size: Buffer.byteLength(content) },
    });
    const row = await server.dataSource.getRepository(StoredFileEntity).findOneByOrFail({ id: file.id });
    expect(row.sha256).toBe(sha256(content));
    expect(row.sizeBytes).toBe(Buffer.byteLength(content));
    const bytes = await fetch(`${server.url}/api/uploads/${file.storedName}?token=${owner.token}`);
    expect(await bytes.text()).toBe(content);
    const audit = await server.dataSource
      .getRepository(AuditLogEntity)
      .findOneByOrFail({ action: 'update', entityId: owner.id, userId: owner.id });
    expect(audit).toMatchObject({
      entityType: 'system',
      details: expect.objectContaining({ storedName: file.storedName }),
    });

    // A reader who may not write is told so; a stranger learns nothing.
    const readerPut = await api(server.url, 'PUT', `/uploads/${file.storedName}/content`, {
      token: reader.token,
      body: { content: 'não' },
    });
    expect(readerPut.status).toBe(403);
    const strangerPut = await api(server.url, 'PUT', `/uploads/${file.storedName}/content`, {
      token: stranger.token,
      body: { content: 'não' },
    });
    expect(strangerPut.status).toBe(404);
    expect(await readFile(storage.pathOf(file.storedName), 'utf8')).toBe(content);

    const extra = await api(server.url, 'PUT', `/uploads/${file.storedName}/content`, {
      token: owner.token,
      body: { content: 'x', admin: true },
    });
    expect(extra.status).toBe(400);
  });

  it('offers /content only for text types and editing only for .txt', async () => {
    const png = await storeTest(PNG, 'foto.png');
    const pngContent = await api(server.url, 'GET', `/uploads/${png.storedName}/content`, { token: owner.token });
    expect(pngContent.body).toMatchObject({ statusCode: 415, message: 'Formato não suportado.' });
    const md = await storeTest(Buffer.from('# Título'), 'leia.md');
    expect((await api(server.url, 'GET', `/uploads/${md.storedName}/content`, { token: owner.token })).body).toEqual({
      content: '# Título',
    });
    const mdPut = await api(server.url, 'PUT', `/uploads/${md.storedName}/content`, {
      token: owner.token,
      body: { content: 'x' },
    });
    expect(mdPut.body).toMatchObject({ statusCode: 415, message: 'Apenas arquivos .txt podem ser editados.' });
  });
});
