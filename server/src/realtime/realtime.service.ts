import { Injectable } from '@nestjs/common';
import { rooms, type ServerToClientEvents } from '../contracts/socket-events';
import { RealtimeGateway } from './realtime.gateway';

/** Server-side publisher. Through the Redis adapter it reaches sockets on every instance. */
@Injectable()
export class RealtimeService {
  constructor(private readonly gateway: RealtimeGateway) {}

  emitToRooms<E extends keyof ServerToClientEvents>(
    targetRooms: string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    if (targetRooms.length === 0 || !this.gateway.server) return;
    this.gateway.server.to(targetRooms).emit(event, ...args);
  }

  /** Drops every socket of a user on every instance (deactivation, reset, role change). */
  async disconnectUser(userId: string, reason: string): Promise<void> {
    const server = this.gateway.server;
    if (!server) return;
    server.to(rooms.user(userId)).emit('session:revoked', { reason });
    server.in(rooms.user(userId)).disconnectSockets(true);
  }
}
