/**
 * A fake live ticker socket for the live tests (workers/market/live/link.ts SocketLike): records what the client
 * sent (parsed), whether it was closed, and lets a test push server messages.
 */
import type { SocketLike } from '../../workers/market/live/link.ts';

/** One fake socket; `push` delivers a server message as JSON text. */
export class FakeSocket implements SocketLike {
  sent: unknown[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}
