import type { ApiError, RefreshResponse } from '@contracts';
import { apiBaseUrl } from './api-base';
import { downloadBlob } from './download';
import { clearSession, readToken, writeSession, type KeyValueStorage } from './session-storage';

/** Request timeout of every API call (docs/interface.md#limits). */
export const REQUEST_TIMEOUT_MS = 30_000;

const LOGIN_PATH = '/auth/login';
const REFRESH_PATH = '/auth/refresh-token';
/** Calls whose 401 means "wrong credentials / no session", never "refresh and replay". */
const NO_REFRESH_PATHS = new Set([LOGIN_PATH, REFRESH_PATH, '/auth/logout']);

const TIMEOUT_MESSAGE = 'O servidor demorou para responder. Tente novamente.';
const NETWORK_MESSAGE = 'Não foi possível conectar ao servidor. Verifique sua conexão.';

/**
 * Every failed call throws this. `serverMessage` is the pt-BR `message` of the server's error body
 * when there was one; `message` falls back to a generic text. `statusCode` 0 = no HTTP answer.
 */
export class HttpError extends Error implements ApiError {
  readonly statusCode: number;
  readonly error: string;
  readonly code?: string;
  readonly serverMessage?: string;

  constructor(
    statusCode: number,
    message: string,
    options: { error?: string; code?: string; serverMessage?: string } = {},
  ) {
    super(options.serverMessage ?? message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.error = options.error ?? 'Error';
    this.code = options.code;
    this.serverMessage = options.serverMessage;
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}

/**
 * Text a screen shows for a failed action (docs/interface.md#messages): the server's message when present, the
 * connection/timeout text when there was no answer, otherwise the screen's own fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isHttpError(error)) return error.serverMessage ?? (error.statusCode === 0 ? error.message : fallback);
  return fallback;
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

export interface RequestOptions {
  /** JSON-serialisable value, or FormData (multipart) / Blob sent as-is. */
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface BlobResult {
  /** 200, or another 2xx (e.g. 202: the body is then a JSON reply, not the file). */
  status: number;
  blob: Blob;
  /** From Content-Disposition when the server names the file. */
  filename: string | null;
}

export interface HttpClientDeps {
  /** API base URL (e.g. http://localhost:3005/api), evaluated on every call. */
  baseUrl: () => string;
  fetch: typeof fetch;
  storage: KeyValueStorage;
  /** Called once the session is gone (refresh failed, or a 401 that refreshing cannot fix). */
  onSessionExpired: () => void;
  onTokenRefreshed?: (token: string) => void;
  timeoutMs?: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function buildUrl(base: string, path: string, query?: Query): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : null;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

async function toHttpError(res: Response): Promise<HttpError> {
  const body = await readBody(res).catch(() => undefined);
  const record = body && typeof body === 'object' ? (body as Partial<Record<keyof ApiError, unknown>>) : {};
  const raw = record.message;
  const serverMessage =
    typeof raw === 'string' && raw ? raw : Array.isArray(raw) && raw.length ? raw.map(String).join(' ') : undefined;
  return new HttpError(res.status, `Erro na comunicação com o servidor (HTTP ${res.status}).`, {
    serverMessage,
    error: typeof record.error === 'string' ? record.error : res.statusText,
    code: typeof record.code === 'string' ? record.code : undefined,
  });
}

/**
 * The API client: Bearer token from storage, JSON, 30 s timeout, cookies included (the refresh
 * cookie lives on /api/auth). A 401 on a call not yet retried triggers ONE refresh; 401s that
 * arrive meanwhile wait for that same refresh and are replayed with the new token (docs/sessions.md#refresh).
 */
export function createHttpClient(deps: HttpClientDeps) {
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let refreshing: Promise<string> | null = null;

  async function rawFetch(url: string, init: RequestInit, signal: AbortSignal | undefined, ms: number) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ms);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort);
    try {
      return await deps.fetch(url, { ...init, signal: controller.signal, credentials: 'include' });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new HttpError(0, timedOut ? TIMEOUT_MESSAGE : NETWORK_MESSAGE, {
        error: timedOut ? 'Timeout' : 'NetworkError',
      });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  function expireSession(): void {
    clearSession(deps.storage);
    deps.onSessionExpired();
  }

  /** Single-flight token refresh; resolves with the new access token, or rejects after ending the session. */
  function refreshToken(): Promise<string> {
    refreshing ??= (async () => {
      try {
        const res = await rawFetch(
          buildUrl(deps.baseUrl(), REFRESH_PATH),
          { method: 'POST', headers: { Accept: 'application/json' } },
          undefined,
          timeoutMs,
        );
        if (!res.ok) throw await toHttpError(res);
        const body = (await readBody(res)) as Partial<RefreshResponse> | undefined;
        if (!body?.token) throw new HttpError(res.status, 'Resposta incompleta do servidor');
        writeSession(deps.storage, { token: body.token, expiresAt: body.expiresAt });
        deps.onTokenRefreshed?.(body.token);
        return body.token;
      } catch (error) {
        expireSession();
        throw error;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function send(method: Method, path: string, options: RequestOptions, retried: boolean): Promise<Response> {
    const token = readToken(deps.storage);
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData || options.body instanceof Blob) body = options.body;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const url = buildUrl(deps.baseUrl(), path, options.query);
    const res = await rawFetch(url, { method, headers, body }, options.signal, options.timeoutMs ?? timeoutMs);
    if (res.status !== 401 || NO_REFRESH_PATHS.has(path)) return res;
    if (!retried && token) {
      // Another call may already have refreshed while this one was in flight: just replay.
      const current = readToken(deps.storage);
      if (current && current !== token) return send(method, path, options, true);
      await refreshToken().catch((error: unknown) => {
        throw error instanceof HttpError && error.statusCode !== 0 ? toSessionError() : error;
      });
      return send(method, path, options, true);
    }
    expireSession();
    return res;
  }

  function toSessionError(): HttpError {
    return new HttpError(401, 'Sessão expirada. Faça login novamente.', { error: 'Unauthorized' });
  }

  async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
    const res = await send(method, path, options, false);
    if (!res.ok) throw await toHttpError(res);
    return (await readBody(res)) as T;
  }

  async function blob(path: string, options: RequestOptions = {}): Promise<BlobResult> {
    const res = await send('GET', path, options, false);
    if (!res.ok) throw await toHttpError(res);
    return {
      status: res.status,
      blob: await res.blob(),
      filename: filenameFrom(res.headers.get('content-disposition')),
    };
  }

  return {
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
    patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PATCH', path, { ...options, body }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
    blob,
    refreshToken,
    /** Absolute URL with `?token=` for links the browser opens itself (files, images). */
    fileUrl: (path: string, query?: Query) =>
      buildUrl(deps.baseUrl(), path, { ...query, token: readToken(deps.storage) ?? undefined }),
    url: (path: string, query?: Query) => buildUrl(deps.baseUrl(), path, query),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

type SessionListener = () => void;
const expiredListeners = new Set<SessionListener>();
const refreshedListeners = new Set<(token: string) => void>();

/** Subscribe to "the session ended" (the app clears its state and goes to /login). */
export function onSessionExpired(listener: SessionListener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

export function onTokenRefreshed(listener: (token: string) => void): () => void {
  refreshedListeners.add(listener);
  return () => refreshedListeners.delete(listener);
}

/** Browser storage, touched only when a call runs (so this module loads in Node tests). */
export const browserStorage: KeyValueStorage = {
  getItem: (key) => window.localStorage.getItem(key),
  setItem: (key, value) => window.localStorage.setItem(key, value),
  removeItem: (key) => window.localStorage.removeItem(key),
};

/** The app's API client. */
export const http = createHttpClient({
  baseUrl: () => apiBaseUrl(window.location),
  fetch: (input, init) => globalThis.fetch(input, init),
  storage: browserStorage,
  onSessionExpired: () => expiredListeners.forEach((listener) => listener()),
  onTokenRefreshed: (token) => refreshedListeners.forEach((listener) => listener(token)),
});

/** Downloads an API file with the session's token (named by the server, else `fallbackName`). */
export async function downloadFile(path: string, fallbackName: string, options?: RequestOptions): Promise<void> {
  const { blob, filename } = await http.blob(path, options);
  downloadBlob(blob, filename ?? fallbackName);
}
