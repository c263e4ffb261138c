/**
 * The popover frame shown while the Radix popover chunk is still loading (./HoverPopover.tsx): a fixed box 6 px
 * under the trigger, aligned to its start or end edge (RTL-aware), with the loading or failed line. It closes on
 * Escape and on a pointer-down outside the trigger and the frame, like the real popover. Part of the first load.
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import type { ChunkFallbackProps } from '../lib/lazy-intent.tsx';
import { ChunkFallback } from './ChunkFallback.tsx';

/** Gap between trigger and frame and the minimum distance to the viewport edge, px (the Radix values). */
const SIDE_OFFSET_PX = 6;
const EDGE_PX = 12;

/** Props: the popover's own (see HoverPopover) plus the chunk state. */
export interface PopoverFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  anchor: RefObject<HTMLElement | null>;
  contentId: string;
  labelledBy: string;
  align: 'start' | 'center' | 'end';
  className: string;
  onPointerEnter: (e: React.PointerEvent) => void;
  onPointerLeave: (e: React.PointerEvent) => void;
  state: ChunkFallbackProps;
  children?: ReactNode;
}

/** Where the frame goes for a trigger rectangle, viewport width and direction. Pure. */
export function framePosition(
  rect: { top: number; bottom: number; left: number; right: number },
  viewportWidth: number,
  align: 'start' | 'center' | 'end',
  rtl: boolean,
): CSSProperties {
  const top = rect.bottom + SIDE_OFFSET_PX;
  const atLeft = (align === 'start') !== rtl;
  return atLeft
    ? { position: 'fixed', top, left: Math.max(EDGE_PX, rect.left) }
    : { position: 'fixed', top, right: Math.max(EDGE_PX, viewportWidth - rect.right) };
}

/** The interim frame. */
export function PopoverFrame(props: PopoverFrameProps) {
  const { anchor, onOpenChange } = props;
  const frame = useRef<HTMLDivElement>(null);

  // Placed before paint from the trigger's rectangle (a DOM write, not state: nothing re-renders).
  useLayoutEffect(() => {
    const el = anchor.current;
    const box = frame.current;
    if (!el || !box) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    const pos = framePosition(
      el.getBoundingClientRect(),
      document.documentElement.clientWidth,
      props.align,
      rtl,
    );
    Object.assign(
      box.style,
      Object.fromEntries(Object.entries(pos).map(([k, v]) => [k, typeof v === 'number' ? `${v}px` : v])),
    );
  }, [anchor, props.align]);

  useEffect(() => {
    const inside = (t: EventTarget | null) =>
      t instanceof Node && (!!frame.current?.contains(t) || !!anchor.current?.contains(t));
    const down = (e: PointerEvent) => !inside(e.target) && onOpenChange(false);
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onOpenChange(false);
    document.addEventListener('pointerdown', down);
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('pointerdown', down);
      document.removeEventListener('keydown', key);
    };
  }, [anchor, onOpenChange]);

  return (
    <div
      ref={frame}
      id={props.contentId}
      role="dialog"
      aria-labelledby={props.labelledBy}
      className={`popover popover-pending ${props.className}`}
      data-state="open"
      style={{ position: 'fixed' }}
      onPointerEnter={props.onPointerEnter}
      onPointerLeave={props.onPointerLeave}
    >
      <ChunkFallback {...props.state} />
      {props.children}
    </div>
  );
}
