// Big list bodies compressed once and served by Accept-Encoding (server/routes/precompressed.ts): the encoding choice,
// byte-identical content after decoding, one compression per data version, ETag revalidation, and the market routes.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { pickEncoding, PrecompressedJson } from '../../server/routes/precompressed.ts';
import { get } from './market-helpers.ts';

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', 'identity'],
    [undefined, 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
  ])('%j → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('PrecompressedJson', () => {
  it('builds and compresses once; every encoding decodes to the same bytes', async () => {
    let builds = 0;
    const body = new PrecompressedJson(() => {
      builds++;
      return JSON.stringify({
        code: 200,
        data: Array.from({ length: 2000 }, (_, i) => ({ pair: `C${i}_USDT` })),
      });
    });
    const raw = await body.encoded('identity');
    const [br1, br2] = await Promise.all([body.encoded('br'), body.encoded('br')]);
    expect(br1).toBe(br2);
    expect(brotliDecompressSync(br1!).equals(raw)).toBe(true);
    expect(gunzipSync(await body.encoded('gzip')).equals(raw)).toBe(true);
    expect(br1!.byteLength).toBeLessThan(raw.byteLength / 4);
    expect(builds).toBe(1);
  });
});

describe('market list routes', () => {
  const app = createApp({ faults: false });
  const PILOT = '/apiw/v2/pilot/markets?exchange_type=PILOT_ALL';

  it.each(['/apiw/v2/market/spots?exchange_type=ALL', '/apiw/v2/market/futures', PILOT])(
    '%s answers br, gzip or identity with Vary and an ETag',
    async (path) => {
      const plain = await get(app, path);
      const text = await plain.text();
      expect(plain.headers.get('content-encoding')).toBeNull();
      const br = await get(app, path, { 'accept-encoding': 'gzip, br' });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('vary')).toBe('Accept-Encoding');
      const decoded = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
      // Spots carry server_time (seconds); compare the list part only.
      expect(decoded.replace(/"server_time":\d+/, '')).toBe(text.replace(/"server_time":\d+/, ''));
      const gz = await get(app, path, { 'accept-encoding': 'gzip' });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(br.headers.get('etag')).not.toBe(gz.headers.get('etag'));
    },
  );

  it('answers 304 to If-None-Match with the current ETag', async () => {
    const first = await get(app, PILOT, { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag')!;
    const again = await get(app, PILOT, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    const other = await get(app, PILOT, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(other.status).toBe(200);
  });
});
