/**
 * Compares two PNG screenshots pixel by pixel in the browser (Playwright has no public image diff): the share of
 * pixels whose colour differs by more than `channelTolerance` (0–255) in any channel, and whether the sizes match.
 * Used by the embedding tests to say that a host renders the header as masthead's own page does.
 */
import type { Browser } from '@playwright/test';

/** Result of a comparison: `ratio` is the share (0–1) of differing pixels; sizes in px. */
export interface PixelDiff {
  sameSize: boolean;
  width: number;
  height: number;
  otherWidth: number;
  otherHeight: number;
  ratio: number;
}

/** Decodes both images in a blank page of `browser` and counts the differing pixels. */
export async function pixelDiff(
  browser: Browser,
  a: Buffer,
  b: Buffer,
  channelTolerance = 24,
): Promise<PixelDiff> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ({ a, b, tol }) => {
        const decode = async (b64: string) => {
          const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
          const bmp = await createImageBitmap(blob);
          const canvas = new OffscreenCanvas(bmp.width, bmp.height);
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(bmp, 0, 0);
          return ctx.getImageData(0, 0, bmp.width, bmp.height);
        };
        const [x, y] = await Promise.all([decode(a), decode(b)]);
        const sameSize = x.width === y.width && x.height === y.height;
        let differing = 0;
        if (sameSize) {
          for (let i = 0; i < x.data.length; i += 4) {
            for (let c = 0; c < 3; c++) {
              if (Math.abs(x.data[i + c]! - y.data[i + c]!) > tol) {
                differing++;
                break;
              }
            }
          }
        }
        return {
          sameSize,
          width: x.width,
          height: x.height,
          otherWidth: y.width,
          otherHeight: y.height,
          ratio: sameSize ? differing / (x.width * x.height) : 1,
        };
      },
      { a: a.toString('base64'), b: b.toString('base64'), tol: channelTolerance },
    );
  } finally {
    await page.close();
  }
}
