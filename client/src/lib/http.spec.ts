import { createHttpClient, errorMessage, HttpError, type HttpClientDeps } from './http';
import type { KeyValueStorage } from './session-storage';

const BASE = 'http://localhost:3005/api';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : input.toString());

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** A fake API: `/auth/refresh-token` answers `refresh()`, every other path needs 'Bearer new'. */
function fakeApi(refresh: () => Promise<Response> | Response) {
  const calls: Call[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    calls.push({
      url: urlOf(input),
      method: init.method ?? 'GET',
      authorization: headers.get('authorization'),
      credentials: init.credentials,
      body: init.body,
    });
    if (urlOf(input).endsWith('/auth/refresh-token')) return refresh();
    if (headers.get('authorization') !== 'Bearer new') {
      return json(401, { statusCode: 401, message: 'Sessão expirada ou inválida.', error: 'Unauthorized' });
    }
    return json(200, { path: urlOf(input).slice(BASE.length) });
  });
  return { fetch, calls };
}

function client(fetch: HttpClientDeps['fetch'], storage: KeyValueStorage, overrides: Partial<HttpClientDeps> = {}) {
  const onSessionExpired = jest.fn();
  const onTokenRefreshed = jest.fn();
  const http = createHttpClient({
    baseUrl: () => BASE,
    fetch,
    storage,
    onSessionExpired,
    onTokenRefreshed,
    ...overrides,
  });
  return { http, onSessionExpired, onTokenRefreshed };
}

describe('http client', () => {
  it('sends the Bearer token, JSON and the cookies', async () => {
    const storage = memoryStorage({ token: 'new' });
    const { fetch, calls } = fakeApi(() => json(500, {}));
    const { http } = client(fetch, storage);
    await expect(http.post('/processes', { title: 'x' }, { query: { page: 1, q: undefined } })).resolves.toEqual({
      path: '/processes?page=1',
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      authorization: 'Bearer new',
      credentials: 'include',
      body: '{"title":"x"}',
    });
  });

  it('refreshes once for concurrent 401s and replays every request with the new token', async () => {
    const storage = memoryStorage({ token: 'old', user: '{"name":"Ana"}', tokenExpiry: 'x' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetch, calls } = fakeApi(async () => {
      await gate;
      return json(200, { token: 'new', expiresAt: '2030-01-01T00:00:00.000Z' });
    });
    const { http, onSessionExpired, onTokenRefreshed } = client(fetch, storage);

    const pending = Promise.all([http.get('/a'), http.get('/b'), http.delete('/c')]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await expect(pending).resolves.toEqual([{ path: '/a' }, { path: '/b' }, { path: '/c' }]);

    expect(calls.filter((c) => c.url.endsWith('/auth/refresh-token'))).toHaveLength(1);
    expect(calls.filter((c) => c.authorization === 'Bearer new').map((c) => c.url.slice(BASE.length))).toEqual(
      expect.arrayContaining(['/a', '/b', '/c']),
    );
    expect(storage.data.get('token')).toBe('new');
    expect(storage.data.get('tokenExpiry')).toBe('2030-01-01T00:00:00.000Z');
    expect(onTokenRefreshed).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('replays without refreshing a 401 whose token was already replaced by another refresh', async () => {
    const storage = memoryStorage({ token: 'old' });
    const { fetch, calls } = fakeApi(() => json(200, { token: 'other', expiresAt: 'x' }));
    const racing: HttpClientDeps['fetch'] = async (input, init) => {
      const res = await fetch(input, init);
      // While this call was in flight, another tab/request finished a refresh.
      if (res.status === 401) storage.setItem('token', 'new');
      return res;
    };
    const { http, onSessionExpired } = client(racing, storage);
    await expect(http.get('/second')).resolves.toEqual({ path: '/second' });
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh-token'))).toHaveLength(0);
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('clears the session and reports it when the refresh fails; every waiting call fails', async () => {
    const storage = memoryStorage({ token: 'old', user: '{}', tokenExpiry: 'x' });
    const { fetch, calls } = fakeApi(() => json(401, { statusCode: 401, message: 'Sessão expirada.', error: 'x' }));
    const { http, onSessionExpired } = client(fetch, storage);

    const results = await Promise.allSettled([http.get('/a'), http.get('/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const error = (results[0] as PromiseRejectedResult).reason as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.statusCode).toBe(401);
    expect(calls.filter((c) => c.url.endsWith('/auth/refresh-token'))).toHaveLength(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect([...storage.data.keys()]).toEqual([]);
  });

  it('never refreshes on a failed login and carries the server message', async () => {
    const storage = memoryStorage();
    const fetch = jest.fn(async () =>
      json(401, { statusCode: 401, message: 'Usuário ou senha inválidos.', error: 'Unauthorized' }),
    );
    const { http, onSessionExpired } = client(fetch, storage);
    const error = await http.post('/auth/login', { username: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('Usuário ou senha inválidos.');
    expect(errorMessage(error, 'Falha na autenticação. Verifique suas credenciais.')).toBe(
      'Usuário ou senha inválidos.',
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('ends the session on a 401 without a token, without trying to refresh', async () => {
    const storage = memoryStorage();
    const { fetch, calls } = fakeApi(() => json(200, { token: 'new' }));
    const { http, onSessionExpired } = client(fetch, storage);
    await expect(http.get('/processes')).rejects.toMatchObject({ statusCode: 401 });
    expect(calls).toHaveLength(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the replayed request is refused again', async () => {
    const storage = memoryStorage({ token: 'old' });
    const fetch = jest.fn(async (input: RequestInfo | URL) =>
      urlOf(input).endsWith('/auth/refresh-token')
        ? json(200, { token: 'still-bad', expiresAt: 'x' })
        : json(401, { statusCode: 401, message: 'Não autorizado.', error: 'Unauthorized' }),
    );
    const { http, onSessionExpired } = client(fetch, storage);
    await expect(http.get('/x')).rejects.toMatchObject({ statusCode: 401, message: 'Não autorizado.' });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(storage.getItem('token')).toBeNull();
  });

  it('uses the fallback text when the server gave no message, and a timeout text after 30 s', async () => {
    const storage = memoryStorage({ token: 'new' });
    const { http } = client(async () => new Response('boom', { status: 500 }), storage);
    const error = await http.get('/x').catch((e: unknown) => e);
    expect(errorMessage(error, 'Erro ao carregar processos')).toBe('Erro ao carregar processos');

    const hanging = client(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
      storage,
      { timeoutMs: 20 },
    );
    const timeout = await hanging.http.get('/slow').catch((e: unknown) => e);
    expect(timeout).toMatchObject({ statusCode: 0, error: 'Timeout' });
    expect(errorMessage(timeout, 'fallback')).toBe('O servidor demorou para responder. Tente novamente.');
  });

  it('sends FormData as multipart (no JSON content type) and reads blobs with their file name', async () => {
    const storage = memoryStorage({ token: 'new' });
    const seen: RequestInit[] = [];
    const { http } = client(async (_input, init) => {
      seen.push(init ?? {});
      return new Response('a;b\n', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="relatorio.csv"', 'content-type': 'text/csv' },
      });
    }, storage);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await http.post('/processes/1/documents', form);
    expect(seen[0].body).toBe(form);
    expect(new Headers(seen[0].headers).get('content-type')).toBeNull();

    const result = await http.blob('/reports/export');
    expect(result.filename).toBe('relatorio.csv');
    expect(result.status).toBe(200);
    expect(await result.blob.text()).toBe('a;b\n');
  });
});
