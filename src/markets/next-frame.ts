/**
 * The list controller's `nextFrame` on the page (market-list.ts, SPEC §9 overscan rows): work deferred to the frame
 * after the next one.
 */

/** Callbacks waiting for the next frame's callback (inNextFrame), and whether that callback is requested. */
let nextFrameQueue: Array<() => void> = [];
let nextFrameAsked = false;

/**
 * Runs `cb` in the frame after the next one, from its animation-frame callback: the next frame renders what was
 * written up to now (the visible rows), and `cb`'s writes (the overscan rows, SPEC §9) are rendered in the frame
 * after it, as the bench's reference does. The callbacks asked for before a frame run together in the frame after it,
 * in order; one that throws is logged and the others still run. Not in a task right after the first frame's paint
 * (how this was done before): that task left the page dirty between two frames, and Chromium's scheduler then held
 * the page's other tasks (timers, messages) until the next frame had rendered, a frame more per keystroke before the
 * main thread was free again (docs/benchmarks/history.md, 'Overscan rows in the next frame').
 */
export function inNextFrame(cb: () => void): void {
  nextFrameQueue.push(cb);
  if (nextFrameAsked) return;
  nextFrameAsked = true;
  requestAnimationFrame(() => {
    nextFrameAsked = false;
    const batch = nextFrameQueue;
    nextFrameQueue = [];
    requestAnimationFrame(() => {
      for (const f of batch) {
        try {
          f();
        } catch (err) {
          console.error('[markets] next frame', err);
        }
      }
    });
  });
}
