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

  /**
   * Drops every socket of a user on every instance (deactivation, reset, role change, password
   * change), except those of the session `keepSessionFamilyId` (the one that changed its password).
   */
  async disconnectUser(userId: string, reason: string, keepSessionFamilyId?: string): Promise<void> {
    const server = this.gateway.server;
    if (!server) return;
    const kept = keepSessionFamilyId ? [rooms.session(keepSessionFamilyId)] : [];
    server.to(rooms.user(userId)).except(kept).emit('session:revoked', { reason });
    server.in(rooms.user(userId)).except(kept).disconnectSockets(true);
  }

  /** Drops the sockets of one login session (logout, refresh-token reuse) on every instance. */
  async disconnectSession(sessionFamilyId: string, reason: string): Promise<void> {
    const server = this.gateway.server;
    if (!server) return;
    server.to(rooms.session(sessionFamilyId)).emit('session:revoked', { reason });
    server.in(rooms.session(sessionFamilyId)).disconnectSockets(true);
  }
}
