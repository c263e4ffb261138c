/**
 * The notifications bell with its messages dropdown (SPEC §2 'Messages dropdown', §4, §6). The bell stays a link to
 * /reminder (a click or tap goes there); hovering it with a mouse, or focusing it, opens the dropdown without
 * moving focus, like the app's other hover menus (src/ui/HoverPopover.tsx: same close delay and Radix popover).
 * ArrowDown on the bell moves focus into the tabs; Escape closes and returns focus to the bell. The shown tab's
 * list loads on first open (SPEC §4, notice-store.ts). The caller renders this only when the visibility policy
 * shows 'notification' (signed in, SPEC §6).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { NoticeTab } from '../../common/domain/notice-types.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import { siteState } from '../state/site.ts';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import { chunkFallback } from '../ui/ChunkFallback.tsx';
import { CLOSE_DELAY_MS, PopoverLayer } from '../ui/HoverPopover.tsx';
import { PopoverFrame } from '../ui/PopoverFrame.tsx';
import { Icon } from '../ui/Icon.tsx';
import { useNativeHover } from '../ui/use-native-hover.ts';
import { pointerRestsOn } from '../loader/held-input.ts';
import { byId, deepActiveElement } from '../lib/dom-root.ts';
import { useScoped } from '../state/page-scope.tsx';

/** The notice store (API client and schemas) comes with the dropdown, not the first load; failures are logged. */
const loadNoticeTab = (tab: NoticeTab) =>
  import('./notice-store.ts').then(
    (m) => m.loadNoticeTab(tab),
    (err: unknown) => console.warn('[messages] notice store failed to load', err),
  );

/** The tabs and lists (Radix Tabs, the message text renderer and its CSS): loaded on the bell's first intent. */
const MessagesPanel = lazyOnIntent(
  () => import('./MessagesPanel.tsx').then((m) => m.MessagesPanel),
  'messages panel',
  ['messages'],
);

/** Bell and dropdown. */
export function MessagesBell() {
  const { t } = useTranslation('messages');
  const { langPrefix } = useSnapshot(useScoped(siteState));
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<NoticeTab>('platform');
  const bell = useRef<HTMLAnchorElement>(null);
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

  const intent = () => {
    void PopoverLayer.preload();
    void MessagesPanel.preload();
  };
  // The bell's own hover comes from the browser's events (see use-native-hover.ts: React can drop the enter).
  useNativeHover(bell, contentId, {
    enter: () => {
      intent();
      show();
    },
    leave: hideSoon,
  });
  // A mouse resting on the bell since before hydration (its enter reached no handler) opens it as hover does.
  useEffect(() => {
    if (bell.current && pointerRestsOn(bell.current)) {
      intent();
      show();
    }
    // Mount only: later hovers reach the handlers above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const layer = {
    open,
    onOpenChange: (next: boolean) => (next ? show() : setOpen(false)),
    anchor: bell,
    focusReturn: bell,
    contentId,
    labelledBy: headingId,
    align: 'end' as const,
    className: 'messages-popover',
    // Opening never moves focus (ArrowDown moves it to the tabs itself) and closing never pulls it back.
    hoverOpened: () => true,
    returnFocus: () => false,
    onPointerEnter: (e: React.PointerEvent) => e.pointerType === 'mouse' && show(),
    onPointerLeave: (e: React.PointerEvent) => e.pointerType === 'mouse' && hideSoon(),
    onEscape: () => {
      // Escape inside the dropdown (keyboard use) returns focus to the bell without reopening it.
      if (byId(contentId)?.contains(deepActiveElement())) {
        skipFocusOpen.current = true;
        bell.current?.focus();
      }
    },
  };

  return (
    <>
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
        onPointerDown={intent}
        onFocus={() => {
          intent();
          if (skipFocusOpen.current) skipFocusOpen.current = false;
          else show();
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            show();
            focusActiveTab(contentId);
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            setOpen(false);
          }
        }}
      >
        <Icon name="bell" size={20} />
      </a>
      {open && (
        <PopoverLayer {...layer} fallback={(state) => <PopoverFrame {...layer} state={state} />}>
          <MessagesPanel tab={tab} onTabChange={changeTab} headingId={headingId} fallback={chunkFallback} />
        </PopoverLayer>
      )}
    </>
  );
}

/** Moves focus to the active tab once the dropdown content (and its chunk) is there; gives up after ~2 s. */
function focusActiveTab(contentId: string, frames = 120): void {
  requestAnimationFrame(() => {
    const tab = byId(contentId)?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (tab) tab.focus();
    else if (frames > 0) focusActiveTab(contentId, frames - 1);
  });
}
