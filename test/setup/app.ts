import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { createServerApp } from '#server/app/create-server-app';
import type { LoginResponse } from '#server/contracts/auth';
import type { ClientToServerEvents, ServerToClientEvents } from '#server/contracts/socket-events';
import { getDataSourceToken } from '@nestjs/typeorm';
import { createWorkerApp } from '#worker/create-worker-app';

export interface RunningServer {
  app: NestExpressApplication;
  url: string;
  dataSource: DataSource;
  close: () => Promise<void>;
}

/** A real server (HTTP + Socket.IO) on a free port, against this test file's database and Redis. */
export async function startServer(): Promise<RunningServer> {
  const app = await createServerApp();
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    dataSource: app.get<DataSource>(getDataSourceToken()),
    close: () => app.close(),
  };
}

export async function startWorker(): Promise<INestApplicationContext> {
  return createWorkerApp();
}

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A Socket.IO client authenticated with `token`; resolves once connected. */
export function connectSocket(url: string, token: string): Promise<TestSocket> {
  const socket: TestSocket = io(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export interface ApiResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Minimal JSON client for tests (fetch, no retries). */
export async function api<T = any>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  let body: RequestInit['body'];
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${base}/api${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export async function login(base: string, username: string, password: string) {
  const res = await api<LoginResponse>(base, 'POST', '/auth/login', { body: { username, password } });
  if (res.status !== 200) throw new Error(`login de ${username} falhou: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? '';
  return { token: res.body.token, user: res.body.user, cookie };
}
