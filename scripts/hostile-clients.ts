/**
 * Hostile clients of the reference server, for `npm run loadtest`'s hostile case and the live socket tests
 * (docs/SECURITY.md 'Live socket', 'Edge'): raw TCP, so they can do what a browser never would.
 *
 * - blindClient: upgrades to the live socket with the page's Origin, subscribes to every list, then never reads again
 *   (its socket paused, so the kernel buffers fill and the server's send buffer grows) and sends a pong with a random
 *   payload every `pongEveryMs` (a client faking liveness).
 * - slowlorisClient: opens a connection and trickles one header line every `lineEveryMs`, never ending the headers.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { LIVE_API } from '../common/wire/live.ts';

/** Where a hostile client connects: the server's loopback host and port, the page's origin, its own address. */
export interface Target {
  host: string;
  port: number;
  /** The page's origin (the live socket's Origin check). */
  origin: string;
  /** The client's own address (a loopback address such as 127.0.0.2); default: the system's choice. */
  localAddress?: string;
}

/** A raw hostile connection: its socket, when it opened (ms since the epoch), and its stop. */
export interface HostileConnection {
  socket: Socket;
  openedAt: number;
  close(): void;
}

/** A masked client frame (RFC 6455 §5.2) of `opcode` carrying `payload` (< 126 bytes). */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length]), mask, masked]);
}

async function open(t: Target): Promise<Socket> {
  const socket = connect({ host: t.host, port: t.port, localAddress: t.localAddress });
  socket.on('error', () => {});
  await once(socket, 'connect');
  return socket;
}

/**
 * A blind-pong client (see the module comment). Resolves once upgraded; rejects with the status line when the
 * upgrade is refused (e.g. `HTTP/1.1 429 Too Many Requests`).
 */
export async function blindClient(t: Target, pongEveryMs = 500): Promise<HostileConnection> {
  const socket = await open(t);
  socket.write(
    `GET ${LIVE_API.path} HTTP/1.1\r\nHost: ${t.host}:${t.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n` +
      `Origin: ${t.origin}\r\n\r\n`,
  );
  let head = '';
  while (!head.includes('\r\n\r\n')) {
    const [chunk] = (await Promise.race([once(socket, 'data'), once(socket, 'close')])) as [Buffer | boolean];
    if (!Buffer.isBuffer(chunk)) throw new Error('closed before the upgrade answer');
    head += chunk.toString('latin1');
  }
  if (!head.startsWith('HTTP/1.1 101')) {
    socket.destroy();
    throw new Error(head.split('\r\n')[0]);
  }
  socket.pause();
  const subscribe = { type: 'subscribe', lists: ['spot', 'futures', 'pilot'] };
  socket.write(clientFrame(0x1, Buffer.from(JSON.stringify(subscribe))));
  return repeating(socket, pongEveryMs, () => clientFrame(0xa, randomBytes(16)));
}

/** `socket` writing `next()` every `everyMs` until it closes, as a HostileConnection. */
function repeating(socket: Socket, everyMs: number, next: () => string | Buffer): HostileConnection {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(next());
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
  return {
    socket,
    openedAt: Date.now(),
    close() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

/** A slowloris client (see the module comment); resolves once connected. */
export async function slowlorisClient(t: Target, lineEveryMs = 2000): Promise<HostileConnection> {
  const socket = await open(t);
  socket.write(`GET / HTTP/1.1\r\nHost: ${t.host}:${t.port}\r\n`);
  // Whatever the server answers (a 408) is read and dropped.
  socket.on('data', () => {});
  let n = 0;
  return repeating(socket, lineEveryMs, () => `X-Slow-${n++}: ${'a'.repeat(8)}\r\n`);
}
