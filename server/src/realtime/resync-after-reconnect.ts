import { Logger } from '@nestjs/common';
import type { Server } from 'socket.io';
import type { ServerToClientEvents } from '../contracts/socket-events';

const logger = new Logger('Realtime');

/** Longest a catch-up waits for a re-established subscription (the backend may drop again meanwhile). */
const ACTIVATION_WAIT_MS = 5000;

/** Per Socket.IO server: settles once its re-established subscription is known to be active. */
const activations = new WeakMap<object, Promise<void>>();

/**
 * Resolves once the subscription of `server` (the sockets' server) is active: a catch-up
 * that reads the database after that sees every event whose live push was lost.
 */
export function subscriptionActive(server: object): Promise<void> {
  return activations.get(server) ?? Promise.resolve();
}

/** The connection a server instance hears the other processes' events on (Redis SUBSCRIBE or PostgreSQL LISTEN). */
export interface Subscription {
  /** Calls `listener` each time the connection is (re)established, before it subscribes again. */
  onConnected(listener: () => void): void;
  /** A round trip sent behind the re-subscription: once it answers, the subscription is active. */
  roundTrip(): Promise<unknown>;
}

/**
 * Events the worker publishes while this instance's subscription is down (Redis or PostgreSQL
 * restarting, or the emitter reconnected first) reach no one, and the sockets, which stayed
 * connected to this instance, never notice. So when the subscriber reconnects, every local socket
 * is told to catch up (`notifications:resync` → the client's `notifications:sync` from its newest seq):
 * - the resync is written to the sockets when the connection is back, before it subscribes again,
 *   so it precedes every push of the new subscription (the client holds pushes while it catches up);
 * - the catch-up reads the database only after a round trip sent behind the re-subscription has
 *   answered (`subscriptionActive`): every push lost before then belongs to a row committed before
 *   the read.
 * Measured (test/integration/faults/redis-restart: 3 restarts and 12 subscriber drops under load):
 * about one push in six was lost and every one arrived through this catch-up, with no socket
 * dropped; without it the test fails. Dropping the sockets instead would work too, but makes every
 * browser reconnect (and re-authenticate) at once after each outage.
 */
export function resyncAfterReconnect(
  subscription: Subscription,
  server: Server<Record<string, never>, ServerToClientEvents>,
): void {
  let connectedBefore = false;
  subscription.onConnected(() => {
    if (!connectedBefore) {
      connectedBefore = true;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const active = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ACTIVATION_WAIT_MS);
      // The connection is back but not yet subscribed: let the client queue the re-subscription first.
      setImmediate(() => {
        subscription.roundTrip().then(
          () => resolve(),
          () => resolve(),
        );
      });
    }).finally(() => clearTimeout(timer));
    activations.set(server, active);
    server.local.emit('notifications:resync');
    logger.log(`assinatura de eventos restabelecida: ${server.engine.clientsCount} conexões sincronizam`);
  });
}
