import { EventEmitter } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { type Observable, of } from 'rxjs';
import type { Socket } from 'socket.io';
import { RealtimeIoAdapter } from './realtime-io.adapter';

/** A socket as far as the handlers go: it hears events and emits replies. */
function fakeSocket() {
  const socket = new EventEmitter() as EventEmitter & { emitted: unknown[][] };
  socket.emitted = [];
  const hear = socket.emit.bind(socket);
  return {
    socket: Object.assign(socket, {
      emit: (...args: unknown[]) => void socket.emitted.push(args),
    }) as unknown as Socket,
    hear: (event: string, ...args: unknown[]) => hear(event, ...args),
    emitted: socket.emitted,
  };
}

describe('RealtimeIoAdapter.bindMessageHandlers', () => {
  const adapter = new RealtimeIoAdapter({} as INestApplicationContext);
  // Nest hands the adapter each handler's reply through `transform`; here the replies are Observables already.
  const bind = (socket: Socket, handlers: Partial<MessageMappingProperties>[]) =>
    adapter.bindMessageHandlers(
      socket,
      handlers as MessageMappingProperties[],
      (reply) => reply as Observable<unknown>,
    );

  it('gives the handler the payload and acknowledges with its reply', () => {
    const { socket, hear } = fakeSocket();
    const callback = jest.fn((data: unknown) => of({ echoed: data }));
    bind(socket, [{ message: 'sync', callback }]);
    const ack = jest.fn();
    hear('sync', { afterSeq: 3 }, ack);
    expect(callback).toHaveBeenCalledWith({ afterSeq: 3 }, ack);
    expect(ack).toHaveBeenCalledWith({ echoed: { afterSeq: 3 } });
  });

  it('passes a lone argument as the data, without an acknowledgement', () => {
    const { socket, hear } = fakeSocket();
    const callback = jest.fn(() => of(undefined));
    bind(socket, [{ message: 'ping', callback }]);
    hear('ping', 'olá');
    expect(callback).toHaveBeenCalledWith('olá', undefined);
  });

  it('emits a reply that names an event, and sends nothing for an empty reply', () => {
    const { socket, hear, emitted } = fakeSocket();
    bind(socket, [
      { message: 'a', callback: () => of({ event: 'resposta', data: 42 }) },
      { message: 'b', callback: () => of(null) },
    ]);
    const ack = jest.fn();
    hear('a', {}, ack);
    hear('b', {}, ack);
    expect(emitted).toEqual([['resposta', 42]]);
    expect(ack).not.toHaveBeenCalled();
  });

  it('leaves the acknowledgement to a handler that sends it itself', () => {
    const { socket, hear } = fakeSocket();
    bind(socket, [{ message: 'manual', callback: () => of('feito'), isAckHandledManually: true }]);
    const ack = jest.fn();
    hear('manual', {}, ack);
    expect(ack).not.toHaveBeenCalled();
  });
});

describe('RealtimeIoAdapter.bindClientDisconnect', () => {
  /** The server's source files (.ts, not specs) under `dir`. */
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
    });

  it('is safe: no gateway implements handleDisconnect (Nest would call it through that listener)', () => {
    const gateways = sources(join(__dirname, '..')).filter((file) =>
      readFileSync(file, 'utf8').includes('@WebSocketGateway('),
    );
    expect(gateways.length).toBeGreaterThanOrEqual(2);
    const relying = gateways.filter((file) => /handleDisconnect|OnGatewayDisconnect/.test(readFileSync(file, 'utf8')));
    expect(relying).toEqual([]);
  });
});
