/**
 * Where the server-render bundle lives (ARCHITECTURE.md 'The reference server'): `vite build` writes it beside the client
 * build, outside the folder served as static files (`dist` → `dist-ssr/entry-server.js`). Shared by the build plugin
 * (server/vite-plugin.ts) and the server (server/ssr/render.ts).
 */
import { resolve } from 'node:path';

/** File name of the SSR bundle's entry inside its folder. */
export const SSR_ENTRY = 'entry-server.js';

/** The SSR folder of a client build folder (absolute): `dist` → `<abs>/dist-ssr`. */
export function ssrDirFor(staticDir: string): string {
  return `${resolve(staticDir)}-ssr`;
}
