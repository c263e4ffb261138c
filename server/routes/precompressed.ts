/**
 * Large JSON bodies served from memory, serialised and compressed once per data version (docs/BENCHMARKS.md 'Server
 * under load'): the identity bytes are built on first use; the brotli and gzip variants are compressed on first
 * request for that encoding, off the event loop (node:zlib's thread pool), and kept. Each answer picks the best
 * encoding the client accepts (br, then gzip, then identity), and carries `Vary: Accept-Encoding` and a strong ETag
 * per variant, so a browser revalidating (`If-None-Match`) gets a 304 instead of the body again.
 *
 * Compression levels trade start-up work for bytes: brotli quality 4 and gzip level 6. Measured on the 100,000-row
 * pilot list (48.6 MB of JSON): brotli q4 ≈ 7–8 MB, gzip 6 ≈ 11.9 MB; brotli q5+ took over 20 s to build.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A content coding this module serves. */
export type Encoding = 'br' | 'gzip' | 'identity';

const JSON_TYPE = 'application/json; charset=UTF-8';

/**
 * The best encoding `acceptEncoding` (the request header) allows: br, then gzip, else identity. Honours `q=0`
 * (refused) and `*`. Pure.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const allowed = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return 'identity';
}

/** One JSON body in up to three encodings, built from `build` on first use. */
export class PrecompressedJson {
  private identity: Buffer | undefined;
  private tag: string | undefined;
  private readonly variants = new Map<'br' | 'gzip', Promise<Buffer>>();
  private readonly done = new Set<Encoding>(['identity']);

  constructor(private readonly build: () => string) {}

  /** Serialised (identity) size in bytes. */
  get byteLength(): number {
    return this.bytes().byteLength;
  }

  /** The body bytes in `encoding` (compressing on first call for that encoding). */
  async encoded(encoding: Encoding): Promise<Buffer> {
    const raw = this.bytes();
    if (encoding === 'identity') return raw;
    let variant = this.variants.get(encoding);
    if (!variant) {
      variant =
        encoding === 'br'
          ? brotliAsync(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 4,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
              },
            })
          : gzipAsync(raw, { level: 6 });
      this.variants.set(encoding, variant);
      void variant.then(() => this.done.add(encoding));
    }
    return variant;
  }

  /** True when `encoding` can be sent without waiting (identity, or a finished compression). */
  isReady(encoding: Encoding): boolean {
    return this.done.has(encoding);
  }

  /** Starts compressing `encoding` if nothing has yet; never throws. */
  prepare(encoding: Encoding): void {
    this.encoded(encoding).catch((err: unknown) => console.error('[server] compression failed', err));
  }

  /** Answers 200 with the best accepted encoding, or 304 when `If-None-Match` names this variant's ETag. */
  async send(c: Context): Promise<Response> {
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const etag = `"${this.etagBase()}${encoding === 'identity' ? '' : `-${encoding}`}"`;
    const headers: Record<string, string> = {
      'Content-Type': JSON_TYPE,
      // The worker keeps its own IndexedDB cache; HTTP caches may keep a copy but must revalidate it (ETag → 304).
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      ETag: etag,
    };
    const inm = c.req.header('if-none-match');
    if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
      return c.body(null, 304, headers);
    }
    const body = await this.encoded(encoding);
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200, headers);
  }

  private bytes(): Buffer {
    this.identity ??= Buffer.from(this.build(), 'utf8');
    return this.identity;
  }

  private etagBase(): string {
    this.tag ??= createHash('sha256').update(this.bytes()).digest('base64url').slice(0, 27);
    return this.tag;
  }
}
