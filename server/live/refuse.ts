/**
 * Refused upgrades of the live ticker socket (docs/API.md 'Live tickers'): the JSON answer `{code, message}` every
 * other refusal of the API carries. @hono/node-server answers a refused upgrade with an empty body of the handler's
 * status, so on the upgrade path the answer is written on the raw socket here, flushed, and the socket destroyed
 * (the adapter then writes nothing more); a request that came through no socket gets the plain JSON response.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** Why an upgrade was refused (`masthead_live_refused_total{reason}`). */
export type RefusalReason = 'origin' | 'capacity' | 'address';

/** Status, reason phrase and message per refusal. */
const REFUSALS = new Map<RefusalReason, { status: 403 | 429 | 503; phrase: string; message: string }>([
  ['origin', { status: 403, phrase: 'Forbidden', message: 'origin not allowed' }],
  ['capacity', { status: 503, phrase: 'Service Unavailable', message: 'too many live connections' }],
  [
    'address',
    { status: 429, phrase: 'Too Many Requests', message: 'too many live connections from this address' },
  ],
]);

/**
 * Answers an upgrade request with the refusal's status and JSON body; returns the same answer as a Response (what
 * the metrics count). Never throws: a socket already gone is left alone.
 */
export async function refuseUpgrade(c: Context, reason: RefusalReason): Promise<Response> {
  const { status, phrase, message } = REFUSALS.get(reason)!;
  const body = JSON.stringify({ code: status, message });
  const env = c.env as { incoming?: IncomingMessage; outgoing?: unknown } | undefined;
  const socket = env && env.outgoing === undefined ? env.incoming?.socket : undefined;
  if (socket && !socket.destroyed) {
    const head = [
      `HTTP/1.1 ${status} ${phrase}`,
      'Content-Type: application/json; charset=UTF-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'Connection: close',
    ].join('\r\n');
    await new Promise<void>((resolve) => {
      socket.once('error', () => resolve());
      socket.end(`${head}\r\n\r\n${body}`, () => resolve());
    });
    socket.destroy();
  }
  return c.json({ code: status, message }, status);
}
