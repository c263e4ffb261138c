/**
 * The app's one popover wrapper (STYLE: dYdX's single Radix wrapper), over @radix-ui/react-popover.
 * Opens on hover (mouse), click/tap and keyboard (Enter, Space, ArrowDown); closes on pointer leave (after
 * CLOSE_DELAY_MS), Escape, outside click and focus leaving. Hover-opened menus do not steal focus; keyboard-opened
 * menus move focus into the content. SPEC §4 'Dropdown menus open on hover and close on leave'.
 */
import * as Popover from '@radix-ui/react-popover';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** Delay before a hover-opened menu closes after the pointer leaves, ms (lets the pointer cross the gap). */
export const CLOSE_DELAY_MS = 150;

export interface HoverPopoverProps {
  /** Trigger content (text and chevron). */
  trigger: ReactNode;
  /** Content. To dismiss after a choice, wrap the control in Radix `Popover.Close` (re-exported as PopoverClose). */
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
}

/** A hover-and-click dropdown menu. */
export function HoverPopover(props: HoverPopoverProps) {
  const { onOpen } = props;
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openedByHover = useRef(false);
  // A hover-opened menu must not pull focus back to its trigger when it closes: moving the pointer from one menu
  // to the next would focus the first trigger, and that focus-outside dismissed the menu just opened.
  const returnFocusOnClose = useRef(true);
  // Radix gives the content role=dialog; the trigger names it (axe aria-dialog-name).
  const triggerId = useId();

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
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const onPointerEnter = (e: React.PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    cancelClose();
    if (!open) {
      openedByHover.current = true;
      change(true);
    }
  };
  const onPointerLeave = (e: React.PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    cancelClose();
    closeTimer.current = setTimeout(() => change(false), CLOSE_DELAY_MS);
  };
  return (
    <Popover.Root open={open} onOpenChange={change} modal={false}>
      <Popover.Trigger
        id={triggerId}
        className={props.triggerClassName ?? 'nav-trigger'}
        data-testid={props.testId}
        aria-label={props.ariaLabel}
        data-state-open={open || undefined}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onClick={(e) => {
          // A click on a hover-opened menu keeps it open instead of toggling it shut.
          if (open && openedByHover.current) {
            e.preventDefault();
            openedByHover.current = false;
          }
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            change(true);
          }
        }}
      >
        {props.trigger}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={`popover ${props.className ?? ''}`}
          aria-labelledby={triggerId}
          align={props.align ?? 'start'}
          sideOffset={6}
          // Stay inside the viewport: keep 12 px from every edge and never grow taller than the room Radix
          // measured on the chosen side (the content scrolls instead, .popover overflow: auto).
          collisionPadding={12}
          style={{ maxHeight: 'var(--radix-popover-content-available-height)' }}
          onPointerEnter={onPointerEnter}
          onPointerLeave={onPointerLeave}
          onOpenAutoFocus={(e) => {
            if (openedByHover.current) e.preventDefault();
          }}
          onCloseAutoFocus={(e) => {
            if (!returnFocusOnClose.current) e.preventDefault();
          }}
        >
          {props.children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Closes the enclosing HoverPopover when its child is activated (Radix Popover.Close, `asChild` supported). */
export const PopoverClose = Popover.Close;
