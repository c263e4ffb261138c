/**
 * The one modal of the header (SPEC §2 'Search modal', the mobile language menu and the Turkish question of SPEC §4,
 * the fund-wallet drawer of SPEC §6): a Radix Dialog with its overlay, content, and the dialog header (title and a
 * close button), plus an optional description. Radix traps focus, closes on Escape and on an outside click, and
 * returns focus to the trigger. Styles: ./dialog.css (centred card); callers add a class for a sheet or a drawer.
 *
 * Split by first use: the trigger and the open state are in the first load; the Radix half (./DialogLayer.tsx)
 * loads on the trigger's first intent (pointer enter, focus, pointer down) or when the dialog first opens. While it
 * is on its way an open dialog shows its frame with a loading line; a failed load retries on the next intent.
 */
import { cloneElement, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import type { ChunkFallbackProps } from '../lib/lazy-intent.tsx';
import { ChunkFallback } from './ChunkFallback.tsx';
import './dialog.css';
import { byId } from '../lib/dom-root.ts';

/** The Radix half; `DialogLayer.preload()` is the prefetch. */
export const DialogLayer = lazyOnIntent(() => import('./DialogLayer.tsx').then((m) => m.default), 'dialog');

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** Controlled open state; omit both `open` and `onOpenChange` to let the trigger drive it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog, usually a `<button type="button">` (it gets aria-haspopup, aria-expanded,
   *  aria-controls and data-state). Omit for a dialog opened by state. */
  trigger?: ReactElement;
  /** Accessible name of the dialog, shown in its header. */
  title: ReactNode;
  /** Accessible name of the close (×) button. */
  closeLabel: string;
  /** Text announced as the dialog's description; without it the dialog has no aria-describedby. */
  description?: ReactNode;
  /** Class of the description paragraph (default `dialog-text`). */
  descriptionClassName?: string;
  /** Class of the content box (e.g. `dialog dialog-lang`, `drawer`). */
  className: string;
  /** Extra class of the overlay (e.g. `drawer-overlay`). */
  overlayClassName?: string;
  /** `data-testid` of the content box. */
  testId?: string;
  /** Called on every intent on the trigger: prefetch the content's own chunk here. */
  onIntent?: () => void;
  children?: ReactNode;
}

type TriggerProps = {
  onClick?: (e: MouseEvent) => void;
  onPointerEnter?: (e: React.PointerEvent) => void;
  onPointerDown?: (e: React.PointerEvent) => void;
  onFocus?: (e: React.FocusEvent) => void;
};

/** A modal dialog with a titled header and a close button; renders nothing of its content while closed. */
export function Dialog({
  open: controlled,
  onOpenChange,
  trigger,
  descriptionClassName = 'dialog-text',
  overlayClassName,
  onIntent,
  ...rest
}: DialogProps) {
  const [own, setOwn] = useState(false);
  const open = controlled ?? own;
  const change = useCallback(
    (next: boolean) => {
      if (controlled === undefined) setOwn(next);
      onOpenChange?.(next);
    },
    [controlled, onOpenChange],
  );
  const triggerId = useId();
  const contentId = useId();
  const intent = () => {
    void DialogLayer.preload();
    onIntent?.();
  };
  const overlay = overlayClassName ? `dialog-overlay ${overlayClassName}` : 'dialog-overlay';

  let button: ReactNode = null;
  if (trigger) {
    const p = trigger.props as TriggerProps;
    button = cloneElement(trigger as ReactElement<Record<string, unknown>>, {
      id: (trigger.props as { id?: string }).id ?? triggerId,
      'aria-haspopup': 'dialog',
      'aria-expanded': open,
      'aria-controls': open ? contentId : undefined,
      'data-state': open ? 'open' : 'closed',
      onClick: (e: MouseEvent) => {
        p.onClick?.(e);
        if (!e.defaultPrevented) change(!open);
      },
      onPointerEnter: (e: React.PointerEvent) => {
        p.onPointerEnter?.(e);
        intent();
      },
      onPointerDown: (e: React.PointerEvent) => {
        p.onPointerDown?.(e);
        intent();
      },
      onFocus: (e: React.FocusEvent) => {
        p.onFocus?.(e);
        intent();
      },
    });
  }

  return (
    <>
      {button}
      {open && (
        <DialogLayer
          {...rest}
          open={open}
          onOpenChange={change}
          returnTo={trigger ? () => byId((trigger.props as { id?: string }).id ?? triggerId) : null}
          contentId={contentId}
          descriptionClassName={descriptionClassName}
          overlayClassName={overlay}
          fallback={(state) => (
            <DialogFrame
              state={state}
              contentId={contentId}
              className={rest.className}
              overlayClassName={overlay}
              label={typeof rest.title === 'string' ? rest.title : undefined}
              onClose={() => change(false)}
            />
          )}
        />
      )}
    </>
  );
}

/**
 * The dialog's frame while its Radix half loads: overlay and box with the loading or failed line, focus moved into
 * the box, closed by Escape (wherever focus is) or a click on the overlay.
 */
export function DialogFrame(props: {
  state: ChunkFallbackProps;
  contentId: string;
  className: string;
  overlayClassName: string;
  label?: string;
  onClose: () => void;
}) {
  const { onClose } = props;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', key);
    return () => document.removeEventListener('keydown', key);
  }, [onClose]);
  return (
    <>
      <div className={props.overlayClassName} onClick={onClose} />
      <div
        ref={box}
        id={props.contentId}
        className={props.className}
        role="dialog"
        aria-modal="true"
        aria-label={props.label}
        tabIndex={-1}
      >
        <ChunkFallback {...props.state} />
      </div>
    </>
  );
}
