/**
 * The notifications bell with its messages dropdown (SPEC §2 'Messages dropdown', §4, §6). The bell stays a link to
 * /reminder (a click or tap goes there); hovering it with a mouse, or focusing it, opens the dropdown without
 * moving focus, like the app's other hover menus (src/ui/HoverPopover.tsx: same close delay and Radix popover).
 * ArrowDown on the bell moves focus into the tabs; Escape closes and returns focus to the bell. The shown tab's
 * list loads on first open (SPEC §4, notice-store.ts). The caller renders this only when the visibility policy
 * shows 'notification' (signed in, SPEC §6).
 */
import * as Popover from '@radix-ui/react-popover';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { NoticeTab } from '../../common/domain/notice-types.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import { siteState } from '../state/site.ts';
import { CLOSE_DELAY_MS } from '../ui/HoverPopover.tsx';
import { Icon } from '../ui/Icon.tsx';
import { MessagesPanel } from './MessagesPanel.tsx';
import { loadNoticeTab } from './notice-store.ts';
import './messages.css';

/** Bell and dropdown. */
export function MessagesBell() {
  const { t } = useTranslation('messages');
  const { langPrefix } = useSnapshot(siteState);
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<NoticeTab>('platform');
  const bell = useRef<HTMLAnchorElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const skipFocusOpen = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const contentId = useId();
  const headingId = useId();

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  const show = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
    void loadNoticeTab(tab);
  };
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  const changeTab = (next: NoticeTab) => {
    setTab(next);
    void loadNoticeTab(next);
  };
  const isBell = (target: EventTarget | null) => target instanceof Node && !!bell.current?.contains(target);

  return (
    <Popover.Root open={open} onOpenChange={(next) => (next ? show() : setOpen(false))} modal={false}>
      <Popover.Anchor asChild>
        <a
          ref={bell}
          className="icon-button"
          href={withLangPrefix(langPrefix, '/reminder')}
          data-testid="nav-messages"
          data-state={open ? 'open' : 'closed'}
          aria-label={t('title')}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? contentId : undefined}
          onPointerEnter={(e) => e.pointerType === 'mouse' && show()}
          onPointerLeave={(e) => e.pointerType === 'mouse' && hideSoon()}
          onFocus={() => {
            if (skipFocusOpen.current) skipFocusOpen.current = false;
            else show();
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              show();
              // The content mounts on the next frame when it was closed.
              requestAnimationFrame(() =>
                content.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus(),
              );
            } else if (e.key === 'Escape' && open) {
              e.preventDefault();
              setOpen(false);
            }
          }}
        >
          <Icon name="bell" size={20} />
        </a>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          ref={content}
          id={contentId}
          className="popover messages-popover"
          aria-labelledby={headingId}
          align="end"
          sideOffset={6}
          collisionPadding={8}
          onPointerEnter={(e) => e.pointerType === 'mouse' && show()}
          onPointerLeave={(e) => e.pointerType === 'mouse' && hideSoon()}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onEscapeKeyDown={() => {
            // Escape inside the dropdown (keyboard use) returns focus to the bell without reopening it.
            if (content.current?.contains(document.activeElement)) {
              skipFocusOpen.current = true;
              bell.current?.focus();
            }
          }}
          onInteractOutside={(e) => {
            // The bell is the anchor, not a Radix trigger: focusing or pressing it must not dismiss.
            if (isBell(e.target)) e.preventDefault();
          }}
        >
          <MessagesPanel tab={tab} onTabChange={changeTab} headingId={headingId} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
