import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { ServerToClientEvents } from '#server/contracts/socket-events';
import { SocketBackend, type SocketEmitter } from '#server/coordination/socket-backend';

/**
 * Pushes Socket.IO events from the worker through the coordination backend, typed by the shared
 * contract. Server instances relay them to the sockets in the target rooms, in the order emitted.
 */
@Injectable()
export class EmitterService implements OnApplicationShutdown {
  private readonly emitter: SocketEmitter;

  constructor(sockets: SocketBackend) {
    this.emitter = sockets.emitter();
  }

  emitToRooms<E extends keyof ServerToClientEvents>(
    rooms: string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    this.emitter.emitToRooms(rooms, event, ...args);
  }

  /** Resolves once every event emitted so far left the worker (in order, on one connection). */
  flush(): Promise<void> {
    return this.emitter.flush();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.emitter.close();
  }
}
