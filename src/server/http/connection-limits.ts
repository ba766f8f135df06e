import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

export interface ConnectionLimits {
  /** Open sockets the process keeps (MAX_CONNECTIONS). */
  max: number;
  /** Open sockets one client address keeps (MAX_CONNECTIONS_PER_IP); 0 = no such limit. */
  perIp: number;
}

interface Tracked {
  ip: string;
  /** Requests on this socket whose answer is not finished yet. */
  busy: number;
}

interface Address {
  open: number;
  /** This address's idle keep-alive sockets, the longest idle first. */
  idle: Set<Socket>;
}

// A refused connection is worth one warning a minute, not one per socket of a flood.
const WARN_EVERY_MS = 60_000;

/**
 * Caps open sockets for the whole process and per client address (DESIGN.md §7.1, §8.8). A socket that has been
 * answered and waits for its next request (idle keep-alive) costs the client nothing to keep, so one client could
 * hold every slot with a request every few seconds: at either cap the socket idle the longest (of that address, or
 * of anyone) is closed to let the new one in. Sockets in the middle of a request, or that have not sent a whole
 * request yet (the header and request deadlines deal with those), are never closed for room; when no idle socket is
 * left, the new one is closed at once instead, as Node's own `maxConnections` does.
 *
 * Idle order is kept in insertion-ordered sets (a socket is moved to the end whenever it goes idle), so making room
 * costs the same at any number of sockets.
 */
export function limitConnections(server: Server, limits: ConnectionLimits, log: FastifyBaseLogger): void {
  const tracked = new Map<Socket, Tracked>();
  const idle = new Set<Socket>();
  const addresses = new Map<string, Address>();
  let warnedAt = -Infinity;

  const forget = (socket: Socket) => {
    const entry = tracked.get(socket);
    if (!entry) return;
    tracked.delete(socket);
    idle.delete(socket);
    const address = addresses.get(entry.ip);
    if (!address) return;
    address.idle.delete(socket);
    if (--address.open === 0) addresses.delete(entry.ip);
  };

  /** Closes the socket idle the longest in `candidates`; false when there is none. */
  const closeOldestIdle = (candidates: Set<Socket>): boolean => {
    const oldest = candidates.values().next();
    if (oldest.done) return false;
    forget(oldest.value);
    oldest.value.destroy();
    return true;
  };

  const refuse = (socket: Socket, ip: string, which: string) => {
    socket.destroy();
    const now = performance.now();
    if (now - warnedAt < WARN_EVERY_MS) return;
    warnedAt = now;
    log.warn({ ip, open: tracked.size }, `connection refused: ${which} reached and every socket is busy (this warning repeats at most once a minute)`);
  };

  server.on('connection', (socket: Socket) => {
    const ip = socket.remoteAddress ?? '';
    const address = addresses.get(ip);
    if (limits.perIp > 0 && address && address.open >= limits.perIp && !closeOldestIdle(address.idle)) {
      return refuse(socket, ip, `MAX_CONNECTIONS_PER_IP (${limits.perIp})`);
    }
    if (tracked.size >= limits.max && !closeOldestIdle(idle)) return refuse(socket, ip, `MAX_CONNECTIONS (${limits.max})`);
    tracked.set(socket, { ip, busy: 0 });
    if (address) address.open += 1;
    else addresses.set(ip, { open: 1, idle: new Set() });
    socket.once('close', () => forget(socket));
  });

  // One listener for every response (a response closes once), rather than a closure and a `once` wrapper per request.
  function answerClosed(this: ServerResponse): void {
    const socket = this.req.socket;
    const entry = tracked.get(socket);
    if (!entry) return;
    entry.busy -= 1;
    if (entry.busy > 0 || socket.destroyed) return;
    idle.add(socket);
    addresses.get(entry.ip)?.idle.add(socket);
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const entry = tracked.get(socket);
    if (!entry) return;
    // Only a socket that was idle is in the idle sets.
    if (entry.busy++ === 0) {
      idle.delete(socket);
      addresses.get(entry.ip)?.idle.delete(socket);
    }
    response.on('close', answerClosed);
  });
}
