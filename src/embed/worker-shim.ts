/**
 * The market worker started from a host page on another origin (docs/EMBED.md 'The market worker'). A page cannot
 * start a worker from a cross-origin URL, so the element starts a same-origin shim instead: a module worker from a
 * Blob URL whose only line imports masthead's worker module (served with `Access-Control-Allow-Origin: *`). On
 * masthead's own origin the module starts directly. When the host's CSP forbids `blob:` workers the constructor throws
 * and the engine client (src/markets/engine-client.ts) runs the engine in-thread, logging one warning.
 */
import workerUrl from '../../workers/market/market.worker.ts?worker&url';

/** Blob URLs are revoked this long after the worker was built (the worker has fetched its script by then), ms. */
const REVOKE_AFTER_MS = 60_000;

/** The shim's source: one static import of `moduleUrl` (absolute). */
export function shimSource(moduleUrl: string): string {
  return `import ${JSON.stringify(moduleUrl)};\n`;
}

/**
 * Builds the market worker; null when the browser has no Worker. Throws what the Worker constructor throws (a CSP
 * `worker-src` without `blob:` is a SecurityError), which the engine client turns into its in-thread fallback.
 */
export function createEmbeddedWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  const moduleUrl = new URL(workerUrl, import.meta.url).href;
  if (new URL(moduleUrl).origin === location.origin) return new Worker(moduleUrl, { type: 'module' });
  const url = URL.createObjectURL(new Blob([shimSource(moduleUrl)], { type: 'text/javascript' }));
  try {
    return new Worker(url, { type: 'module' });
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
