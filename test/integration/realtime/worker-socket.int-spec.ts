import { api, connectSocket, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { quietPeriod } from '#test/setup/eventually';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import type { SystemEchoPayload } from '#server/contracts/socket-events';

describe('realtime skeleton', () => {
  const { server } = useServerSuite({ worker: true });

  it('refuses a socket without a valid token with connect_error', async () => {
    await expect(connectSocket(server.url, 'not-a-token')).rejects.toThrow('Sessão expirada ou inválida.');
  });

  it('a job queued by the server is processed by the worker and its event reaches the socket', async () => {
    await createUser(server.dataSource, { username: 'rede.teste' });
    const session = await login(server.url, 'rede.teste', TEST_PASSWORD);
    const socket = await connectSocket(server.url, session.token);
    try {
      const received = new Promise<SystemEchoPayload>((resolve) => socket.once('system:echo', resolve));
      const queued = await api<{ jobId: string }>(server.url, 'POST', '/health/worker-echo', {
        token: session.token,
        body: { message: 'olá do teste' },
      });
      expect(queued.status).toBe(202);
      const payload = await received;
      expect(payload).toMatchObject({ jobId: queued.body.jobId, message: 'olá do teste' });
    } finally {
      socket.close();
    }
  });

  it('only the addressed user hears the event', async () => {
    await createUser(server.dataSource, { username: 'remetente' });
    await createUser(server.dataSource, { username: 'outro.usuario' });
    const sender = await login(server.url, 'remetente', TEST_PASSWORD);
    const other = await login(server.url, 'outro.usuario', TEST_PASSWORD);
    const senderSocket = await connectSocket(server.url, sender.token);
    const otherSocket = await connectSocket(server.url, other.token);
    try {
      let otherHeard = false;
      otherSocket.on('system:echo', () => (otherHeard = true));
      const received = new Promise((resolve) => senderSocket.once('system:echo', resolve));
      await api(server.url, 'POST', '/health/worker-echo', { token: sender.token, body: {} });
      await received;
      await quietPeriod(200);
      expect(otherHeard).toBe(false);
    } finally {
      senderSocket.close();
      otherSocket.close();
    }
  });

  it('health reports database and Redis', async () => {
    const res = await api(server.url, 'GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up', redis: 'up' });
  });
});
