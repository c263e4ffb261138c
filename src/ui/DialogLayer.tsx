/**
 * The Radix half of Dialog (loaded on first intent, see ./Dialog.tsx): @radix-ui/react-dialog's overlay and
 * content with the dialog header (title and close button) and the optional description. Radix traps focus, closes
 * on Escape and on an outside click, and locks page scroll; on close focus goes back to the first-load trigger.
 * Default export so it can be imported lazily.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { MenuIcon } from './MenuIcon.tsx';
import { usePortalContainer } from './portal-container.ts';

/** Props of {@link DialogLayer}; see DialogProps in ./Dialog.tsx for their meaning. */
export interface DialogLayerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus returns on close (finds the trigger), or null to leave it to the caller. */
  returnTo: (() => HTMLElement | null) | null;
  contentId: string;
  title: ReactNode;
  closeLabel: string;
  description?: ReactNode;
  descriptionClassName: string;
  className: string;
  overlayClassName: string;
  testId?: string;
  children?: ReactNode;
}

/** Overlay, content, header and description. */
export default function DialogLayer(props: DialogLayerProps) {
  const { returnTo } = props;
  return (
    <RadixDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <RadixDialog.Portal container={usePortalContainer()}>
        {/* A click on the backdrop closes too: Radix starts listening for an outside press in a timer after the
            dialog mounts, and a busy page runs input before timers, so a tap right after opening went unheard. */}
        <RadixDialog.Overlay className={props.overlayClassName} onClick={() => props.onOpenChange(false)} />
        <RadixDialog.Content
          id={props.contentId}
          className={props.className}
          data-testid={props.testId}
          {...(props.description === undefined ? { 'aria-describedby': undefined } : {})}
          onCloseAutoFocus={(e) => {
            if (!returnTo) return;
            e.preventDefault();
            returnTo()?.focus();
          }}
        >
          <div className="dialog-head">
            <RadixDialog.Title className="dialog-title">{props.title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button" aria-label={props.closeLabel}>
              <MenuIcon name="close" size={18} />
            </RadixDialog.Close>
          </div>
          {props.description !== undefined && (
            <RadixDialog.Description className={props.descriptionClassName}>
              {props.description}
            </RadixDialog.Description>
          )}
          {props.children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
