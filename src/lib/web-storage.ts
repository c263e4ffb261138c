/**
 * Web storage access that never throws: `localStorage` or `sessionStorage`, or null where it is absent (the server
 * render) or blocked (privacy modes raise a SecurityError on access). Callers treat null as "nothing stored"
 * (SPEC §8: a failed store falls back to defaults).
 */
export function webStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof globalThis[kind] === 'undefined' ? null : globalThis[kind];
  } catch {
    return null;
  }
}
