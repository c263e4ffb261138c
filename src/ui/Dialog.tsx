/**
 * The one modal of the header (SPEC §2 'Search modal', the mobile language menu and the Turkish question of SPEC §4,
 * the fund-wallet drawer of SPEC §6): a Radix Dialog with its overlay, content, and the dialog header (title and a
 * close button), plus an optional description. Radix traps focus, closes on Escape and on an outside click, and
 * returns focus to the trigger. Styles: ./dialog.css (centred card); callers add a class for a sheet or a drawer.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactElement, ReactNode } from 'react';
import { Icon } from './Icon.tsx';
import './dialog.css';

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** Controlled open state; omit both `open` and `onOpenChange` to let the trigger drive it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog, usually a `<button type="button">` (Radix adds aria-expanded and
   *  aria-controls to it). Omit for a dialog opened by state. */
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
  children?: ReactNode;
}

/** A modal dialog with a titled header and a close button; renders nothing of its content while closed. */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  closeLabel,
  description,
  descriptionClassName = 'dialog-text',
  className,
  overlayClassName,
  testId,
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={overlayClassName ? `dialog-overlay ${overlayClassName}` : 'dialog-overlay'}
        />
        <RadixDialog.Content
          className={className}
          data-testid={testId}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        >
          <div className="dialog-head">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button" aria-label={closeLabel}>
              <Icon name="close" size={18} />
            </RadixDialog.Close>
          </div>
          {description !== undefined && (
            <RadixDialog.Description className={descriptionClassName}>{description}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
