// Where the footer's QR path comes from (src/footer/qr-source.ts; SPEC §2 'app-download QR code'): read back from
// the server's markup on a hydrating client (no QR computed), computed in an idle slice only without that markup.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { computeQr, initialQr } from '../../src/footer/qr-source.ts';
import { qrPath } from '../../src/footer/qr.ts';

const url = 'http://127.0.0.1:4331/mobileapp';

/** A document holding one server-drawn symbol of `text` with `viewBox` and `d`. */
function documentWith(text: string, viewBox: string, d: string | null) {
  const svg = {
    dataset: { qrText: text },
    getAttribute: (name: string) => (name === 'viewBox' ? viewBox : null),
    querySelector: () => (d === null ? null : { getAttribute: () => d }),
  };
  return { querySelectorAll: () => [svg] };
}

afterEach(() => vi.unstubAllGlobals());

describe('initialQr', () => {
  it("reads the server's path for the same URL from the markup", () => {
    vi.stubGlobal('document', documentWith(url, '0 0 37 37', 'M4 4h1v1h-1z'));
    expect(initialQr(url)).toEqual({ size: 37, d: 'M4 4h1v1h-1z' });
  });
  it('is null for another URL, a broken viewBox or a missing path (then it is computed)', () => {
    vi.stubGlobal('document', documentWith(`${url}?x`, '0 0 37 37', 'M4 4h1v1h-1z'));
    expect(initialQr(url)).toBeNull();
    vi.stubGlobal('document', documentWith(url, 'broken', 'M4 4h1v1h-1z'));
    expect(initialQr(url)).toBeNull();
    vi.stubGlobal('document', documentWith(url, '0 0 37 37', null));
    expect(initialQr(url)).toBeNull();
  });
  it('on the server (no document) draws the path itself, once the server bundle has its QR module', async () => {
    await vi.waitFor(() => expect(initialQr(url)).not.toBeNull());
    expect(initialQr(url)).toEqual(qrPath(url));
  });
});

describe('computeQr', () => {
  it('draws the same symbol as the server, in an idle slice', async () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    const pending = computeQr(url);
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle[0]!();
    await expect(pending).resolves.toEqual(qrPath(url));
  });
});
