import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ClientLimits } from '../config.ts';

/**
 * The Fastify/Node server options for the limits: headers must arrive in time,
 * an idle socket is closed, and keep-alive sockets do not linger. A request's
 * total time has no cap unless configured: a large upload over a slow link may
 * take hours, so bodies are held to a minimum rate instead (guardSlowClients).
 */
export function timeoutOptions(limits: ClientLimits) {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // Node checks headers and request timeouts on this interval (30 s by default).
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, limits.headersTimeoutMs / 2)),
    },
  };
}

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

/**
 * Closes a request whose body arrives slower than the minimum rate, window by
 * window (a body sent a byte every few seconds would otherwise hold its socket
 * forever, as each byte resets the idle timeout).
 */
function watchBody(request: IncomingMessage, limits: ClientLimits): void {
  const socket = request.socket;
  const minimum = (limits.bodyMinBytesPerSecond * limits.bodyRateWindowMs) / 1000;
  let seen = socket.bytesRead;
  const timer = setInterval(() => {
    if (request.complete || socket.destroyed) {
      clearInterval(timer);
      return;
    }
    const received = socket.bytesRead - seen;
    seen = socket.bytesRead;
    // A full buffer means the server is not reading (storage is slower): not the client's fault.
    if (request.readableLength >= request.readableHighWaterMark) return;
    if (received < minimum) {
      clearInterval(timer);
      socket.destroy();
    }
  }, limits.bodyRateWindowMs);
  timer.unref();
  request.once('close', () => clearInterval(timer));
}

/** Refuses connections beyond the cap per client address (0: no cap). */
function capConnections(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** Limits on clients that hold connections open: slow bodies and too many sockets. */
export function guardSlowClients(server: Server, limits: ClientLimits): void {
  if (limits.maxConnectionsPerAddress > 0) capConnections(server, limits.maxConnectionsPerAddress);
  if (limits.bodyMinBytesPerSecond > 0) {
    server.on('request', (request: IncomingMessage) => {
      if (hasBody(request)) watchBody(request, limits);
    });
  }
}
