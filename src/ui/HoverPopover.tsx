/**
 * The app's one popover wrapper (STYLE: dYdX's single Radix wrapper). Opens on hover (mouse), click/tap and
 * keyboard (Enter, Space, ArrowDown); closes on pointer leave (after CLOSE_DELAY_MS), Escape, outside click and
 * focus leaving. Hover-opened menus do not steal focus; keyboard-opened menus move focus into the content.
 * SPEC §4 'Dropdown menus open on hover and close on leave'.
 *
 * With `lead`, the trigger is a menu button in two parts (the WAI-ARIA menu-button pattern's link variant): a link
 * that navigates on click (the avatar to /myaccount/profile, SPEC §2 'also avatar click') and, beside it, the
 * disclosure button. Hovering or focusing the link opens the menu without moving focus; ArrowDown on the link, or
 * Enter, Space or ArrowDown on the disclosure button, opens it with focus inside.
 *
 * Split by first use: this half (the trigger button and the open state) is in the first load; the Radix half
 * (./PopoverLayer.tsx, with floating-ui) loads on the first intent — pointer enter, focus or pointer down on the
 * trigger — so it is normally there before the menu opens. If it is not, the menu still opens as a plain frame
 * under the trigger with a loading line (./ChunkFallback.tsx); a failed load retries on the next intent (SPEC §8).
 */
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { cloneElement, isValidElement, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { byId } from '../lib/dom-root.ts';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import { PopoverFrame } from './PopoverFrame.tsx';
import { useNativeHover } from './use-native-hover.ts';
import { pointerRestsOn } from '../loader/held-input.ts';

/** Delay before a hover-opened menu closes after the pointer leaves, ms (lets the pointer cross the gap). */
export const CLOSE_DELAY_MS = 150;

/** The Radix half; `PopoverLayer.preload()` is the prefetch every trigger intent calls. */
export const PopoverLayer = lazyOnIntent(
  () => import('./PopoverLayer.tsx').then((m) => m.default),
  'popover',
);

export interface HoverPopoverProps {
  /** Trigger content (text and chevron). */
  trigger: ReactNode;
  /** Content. To dismiss after a choice, wrap the control in `PopoverClose`. */
  children: ReactNode;
  /** `data-testid` of the trigger button. */
  testId?: string;
  /** Accessible name of the trigger when its content is not text. */
  ariaLabel?: string;
  align?: 'start' | 'center' | 'end';
  className?: string;
  triggerClassName?: string;
  /** Called when the menu opens (e.g. to lazy-load its data once). */
  onOpen?: () => void;
  /** Called on every intent (pointer enter, focus, pointer down): prefetch the content's own chunk here. */
  onIntent?: () => void;
  /** A link before the trigger that belongs to this menu (see above); the trigger then is the disclosure button. */
  lead?: PopoverLead;
}

/** The link part of a two-part menu button. */
export interface PopoverLead {
  href: string;
  /** The link's content (the avatar). */
  content: ReactNode;
  /** Accessible name of the link. */
  ariaLabel: string;
  testId?: string;
  className?: string;
}

/** Focusable content of an open menu, for ArrowDown on the lead link (the first one gets focus). */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

const CloseContext = createContext<() => void>(() => undefined);

/** A hover-and-click dropdown menu. */
export function HoverPopover(props: HoverPopoverProps) {
  const { onOpen, onIntent } = props;
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openedByHover = useRef(false);
  // A hover-opened menu must not pull focus back to its trigger when it closes: moving the pointer from one menu
  // to the next would focus the first trigger, and that focus-outside dismissed the menu just opened.
  const returnFocusOnClose = useRef(true);
  const trigger = useRef<HTMLButtonElement>(null);
  // With a lead link, the link and the button are one hover area and one anchor (./PopoverLayer.tsx treats a
  // pointer-down or focus on the anchor as inside, so moving from the link to the button keeps the menu open).
  const group = useRef<HTMLSpanElement>(null);
  const { lead } = props;
  const anchor = lead ? group : trigger;
  // The content has role=dialog; the trigger names it (axe aria-dialog-name).
  const triggerId = useId();
  const contentId = useId();

  const cancelClose = () => clearTimeout(closeTimer.current);
  const change = useCallback(
    (next: boolean) => {
      setOpen(next);
      if (next) onOpen?.();
      else {
        returnFocusOnClose.current = !openedByHover.current;
        openedByHover.current = false;
      }
    },
    [onOpen],
  );
  const close = useCallback(() => change(false), [change]);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // The page is server-rendered: a pointer that came to rest on the trigger before hydration attached the handlers
  // sent its pointerenter to no one. Replay it once on mount (the trigger is :hover, or the page loader saw the
  // mouse enter it), so the menu opens as if the handler had been there.
  useEffect(() => {
    const el = trigger.current;
    if (!el || !pointerRestsOn(el)) return;
    void PopoverLayer.preload();
    onIntent?.();
    openedByHover.current = true;
    change(true);
    // Mount only: later hovers reach the handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const intent = () => {
    void PopoverLayer.preload();
    onIntent?.();
  };
  const mouseEnter = () => {
    cancelClose();
    if (!open) {
      openedByHover.current = true;
      change(true);
    }
  };
  const mouseLeave = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => change(false), CLOSE_DELAY_MS);
  };
  const onPointerEnter = (e: React.PointerEvent) => e.pointerType === 'mouse' && mouseEnter();
  const onPointerLeave = (e: React.PointerEvent) => e.pointerType === 'mouse' && mouseLeave();
  // The trigger's own hover comes from the browser's events (see use-native-hover.ts: React can drop the enter).
  useNativeHover(anchor, contentId, {
    enter: () => {
      intent();
      mouseEnter();
    },
    leave: mouseLeave,
  });
  const layer = {
    open,
    onOpenChange: change,
    anchor,
    focusReturn: trigger,
    contentId,
    labelledBy: triggerId,
    align: props.align ?? 'start',
    className: props.className ?? '',
    hoverOpened: () => openedByHover.current,
    returnFocus: () => returnFocusOnClose.current,
    onPointerEnter,
    onPointerLeave,
  };
  const leadFocus = () => {
    intent();
    if (!open) {
      openedByHover.current = true;
      change(true);
    }
  };
  const leadKeyDown = (e: React.KeyboardEvent<HTMLAnchorElement>) => {
    if (e.key !== 'ArrowDown') return;
    e.preventDefault();
    openedByHover.current = false;
    // Closed: open with focus inside; open: move focus to the menu's first control (in a shadow root when embedded).
    if (!open) change(true);
    else byId(contentId)?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  };
  const button = (
    <button
      ref={trigger}
      type="button"
      id={triggerId}
      className={props.triggerClassName ?? 'nav-trigger'}
      data-testid={props.testId}
      aria-label={props.ariaLabel}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? contentId : undefined}
      data-state={open ? 'open' : 'closed'}
      data-state-open={open || undefined}
      onPointerDown={intent}
      onFocus={intent}
      onClick={() => {
        // A click on a hover-opened menu keeps it open instead of toggling it shut.
        if (open && openedByHover.current) openedByHover.current = false;
        else change(!open);
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' && !open) {
          e.preventDefault();
          change(true);
        } else if (e.key === 'Escape' && open && PopoverLayer.status() !== 'ready') {
          change(false);
        }
      }}
    >
      {props.trigger}
    </button>
  );
  return (
    <CloseContext.Provider value={close}>
      {lead ? (
        <span ref={group} className="popover-group" data-state={open ? 'open' : 'closed'}>
          <a
            href={lead.href}
            className={lead.className}
            data-testid={lead.testId}
            aria-label={lead.ariaLabel}
            onFocus={leadFocus}
            onPointerDown={intent}
            onKeyDown={leadKeyDown}
          >
            {lead.content}
          </a>
          {button}
        </span>
      ) : (
        button
      )}
      {open && (
        <PopoverLayer
          {...layer}
          fallback={(state) => (
            <PopoverFrame {...layer} state={state}>
              {null}
            </PopoverFrame>
          )}
        >
          {props.children}
        </PopoverLayer>
      )}
    </CloseContext.Provider>
  );
}

/**
 * Closes the enclosing HoverPopover when its child is activated. With `asChild` the child element gets the click
 * handler (its own onClick runs first; a handler that calls preventDefault keeps the menu open).
 */
export function PopoverClose({ asChild, children }: { asChild?: boolean; children: ReactNode }) {
  const close = useContext(CloseContext);
  if (asChild && isValidElement(children)) {
    const child = children as ReactElement<{ onClick?: (e: MouseEvent) => void }>;
    return cloneElement(child, {
      onClick: (e: MouseEvent) => {
        child.props.onClick?.(e);
        if (!e.defaultPrevented) close();
      },
    });
  }
  return (
    <button type="button" onClick={close}>
      {children}
    </button>
  );
}
