/**
 * Mouse enter and leave on a hover-menu trigger, from the browser's own `pointerenter` / `pointerleave` events
 * (SPEC §4 'Dropdown menus open on hover and close on leave').
 *
 * Why not React's `onPointerEnter`: React derives enter and leave from the `pointerout` of the element the pointer
 * left. When that element is inside a part React has not hydrated yet (the footer hydrates only once it is needed,
 * src/lib/hydrate-when-needed.ts), React holds the event and the trigger's enter is never delivered, not even after
 * the part hydrates: a pointer moving from the footer straight onto a header menu would not open it. The browser's
 * own events on the trigger do not depend on where the pointer came from.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { byId } from '../lib/dom-root.ts';

/** What the trigger does on a mouse's enter and leave; other pointer types (touch, pen) are ignored. */
export interface MouseHover {
  enter(): void;
  leave(): void;
}

/**
 * Calls `handlers.enter` / `handlers.leave` (the latest ones passed) when a mouse pointer enters or leaves the
 * element in `ref`. A leave onto the element whose id is `contentId` (the menu's own content) is not reported: the
 * browser sends the trigger's leave after React has dispatched its enter and leave events for that move (React
 * handles them at the `pointerout`, which comes first), so the content's React enter could not cancel a close
 * scheduled by this leave. Listeners are attached after mount and removed on unmount. Never throws.
 */
export function useNativeHover(
  ref: RefObject<HTMLElement | null>,
  contentId: string,
  handlers: MouseHover,
): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onEnter = (e: PointerEvent) => {
      if (e.pointerType === 'mouse') latest.current.enter();
    };
    const onLeave = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      const to = e.relatedTarget;
      if (!(to instanceof Node && byId(contentId)?.contains(to))) latest.current.leave();
    };
    el.addEventListener('pointerenter', onEnter);
    el.addEventListener('pointerleave', onLeave);
    return () => {
      el.removeEventListener('pointerenter', onEnter);
      el.removeEventListener('pointerleave', onLeave);
    };
  }, [ref, contentId]);
}
