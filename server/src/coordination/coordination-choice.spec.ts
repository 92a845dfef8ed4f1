import { createServer, type Server } from 'node:net';
import { chooseCoordination, tcpAnswers } from './coordination-choice';

describe('the coordination backend chosen at boot', () => {
  const never = () => Promise.reject(new Error('não deveria sondar'));

  it('follows COORDINATION when it names a backend, without probing', async () => {
    await expect(chooseCoordination({ COORDINATION: 'postgres', redisUrlConfigured: true }, never)).resolves.toBe(
      'postgres',
    );
    await expect(chooseCoordination({ COORDINATION: 'redis', redisUrlConfigured: false }, never)).resolves.toBe(
      'redis',
    );
  });

  it('takes Redis when REDIS_URL is set, without probing', async () => {
    await expect(chooseCoordination({ COORDINATION: 'auto', redisUrlConfigured: true }, never)).resolves.toBe('redis');
  });

  it('otherwise takes Redis only when the default address answers', async () => {
    const auto = { COORDINATION: 'auto', redisUrlConfigured: false } as const;
    await expect(chooseCoordination(auto, () => Promise.resolve(true))).resolves.toBe('redis');
    await expect(chooseCoordination(auto, () => Promise.resolve(false))).resolves.toBe('postgres');
  });
});

describe('tcpAnswers', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is true when something listens and false once nothing does', async () => {
    await expect(tcpAnswers('127.0.0.1', port)).resolves.toBe(true);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(tcpAnswers('127.0.0.1', port)).resolves.toBe(false);
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
});
