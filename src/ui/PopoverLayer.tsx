/**
 * The Radix half of HoverPopover (loaded on first intent, see ./HoverPopover.tsx): a non-modal
 * @radix-ui/react-popover anchored to the trigger button that the first-load half renders. Radix positions the
 * content (floating-ui), dismisses it on Escape, outside pointer-down and focus leaving, and moves focus in for
 * keyboard opens. Default export so it can be imported lazily.
 */
import * as Popover from '@radix-ui/react-popover';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { usePortalContainer } from './portal-container.ts';

/** Props of {@link PopoverLayer}; the state lives in HoverPopover. */
export interface PopoverLayerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger (the anchor); a pointer-down or focus on it is not an outside interaction. */
  anchor: RefObject<HTMLElement | null>;
  /** Where focus returns on close when `returnFocus()` says so: the trigger button (the anchor may hold a link too). */
  focusReturn: RefObject<HTMLElement | null>;
  contentId: string;
  labelledBy: string;
  align: 'start' | 'center' | 'end';
  className: string;
  /** True when a mouse hover opened it: focus stays where it is. */
  hoverOpened: () => boolean;
  /** Called when the content closes; returns whether focus goes back to the trigger. */
  returnFocus: () => boolean;
  onPointerEnter: (e: React.PointerEvent) => void;
  onPointerLeave: (e: React.PointerEvent) => void;
  /** Escape pressed inside (before Radix closes); optional. */
  onEscape?: () => void;
  children: ReactNode;
}

/** Root, anchor, portal and content. */
export default function PopoverLayer(props: PopoverLayerProps) {
  const { anchor } = props;
  // Like Radix's own trigger: after a click or focus outside, focus stays where the user put it.
  const interactedOutside = useRef(false);
  // Presses and focus that went through the anchor, marked as they pass it. Radix's listener on the document cannot
  // tell: inside a shadow root (the embedded element, docs/EMBED.md) it sees every event retargeted to the shadow
  // host, and it reports a mouse press only at the click that ends it, when the press's path is gone.
  const throughAnchor = useRef(new WeakSet<Event>());
  useEffect(() => {
    const el = anchor.current;
    if (!el) return;
    const mark = (e: Event) => void throughAnchor.current.add(e);
    el.addEventListener('pointerdown', mark, true);
    el.addEventListener('focusin', mark, true);
    return () => {
      el.removeEventListener('pointerdown', mark, true);
      el.removeEventListener('focusin', mark, true);
    };
  }, [anchor]);
  return (
    <Popover.Root open={props.open} onOpenChange={props.onOpenChange} modal={false}>
      <Popover.Anchor virtualRef={anchor as RefObject<HTMLElement>} />
      <Popover.Portal container={usePortalContainer()}>
        <Popover.Content
          id={props.contentId}
          className={`popover ${props.className}`}
          aria-labelledby={props.labelledBy}
          align={props.align}
          sideOffset={6}
          // Stay inside the viewport: keep 12 px from every edge and never grow taller than the room Radix
          // measured on the chosen side (the content scrolls instead, .popover overflow: auto).
          collisionPadding={12}
          style={{ maxHeight: 'var(--radix-popover-content-available-height)' }}
          onPointerEnter={props.onPointerEnter}
          onPointerLeave={props.onPointerLeave}
          onOpenAutoFocus={(e) => {
            if (props.hoverOpened()) e.preventDefault();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (props.returnFocus() && !interactedOutside.current) props.focusReturn.current?.focus();
            interactedOutside.current = false;
          }}
          onEscapeKeyDown={props.onEscape}
          onInteractOutside={(e) => {
            // The trigger toggles on its own click; treating its pointer-down as outside would close then reopen.
            if (throughAnchor.current.has(e.detail.originalEvent)) e.preventDefault();
            else interactedOutside.current = true;
          }}
        >
          {props.children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
