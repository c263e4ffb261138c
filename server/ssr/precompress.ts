/**
 * Build-time compression of the static files (ARCHITECTURE.md 'The reference server'): writes `name.br` (brotli quality 11)
 * and `name.gz` (gzip level 9) beside every compressible file of a build folder, which the site server serves with
 * serveStatic's `precompressed` option. Run by the build plugin (server/vite-plugin.ts) after the client build.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Extensions worth compressing (text formats; images other than SVG are compressed already). */
export const PRECOMPRESS_EXTENSIONS = [
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.wasm',
];
/** Files smaller than this many bytes are left alone (MIN_COMPRESS_BYTES of the dynamic path). */
export const PRECOMPRESS_MIN_BYTES = 1024;

async function filesOf(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesOf(path)));
    else out.push(path);
  }
  return out;
}

/**
 * Compresses every eligible file under `dir` (recursively). Returns the number of files compressed and their total
 * bytes before and after brotli. A variant that is not smaller than the original is not written. Throws on I/O
 * errors (the build fails: shipping without the variants would be a silent regression).
 */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const result = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const file of await filesOf(dir)) {
    if (!PRECOMPRESS_EXTENSIONS.some((ext) => file.endsWith(ext))) continue;
    if ((await stat(file)).size < PRECOMPRESS_MIN_BYTES) continue;
    const body = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gz(body, { level: 9 }),
    ]);
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
    result.files += 1;
    result.bytes += body.length;
    result.brotliBytes += Math.min(br.length, body.length);
  }
  return result;
}
