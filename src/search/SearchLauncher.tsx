/**
 * The header's search button (`nav-search`) and shortcuts (`/` outside text fields, Ctrl+K / Cmd+K), SPEC §2
 * 'Search modal', §7. Part of the main bundle: the modal itself is a separate chunk loaded on first open (or on
 * hover/focus of the button, as a prefetch; a failed load retries on the next intent), mounted with SearchAppProps built from the stores. In app webviews
 * (`device_type` query parameter or cookie) nothing renders and nothing loads.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { browserCookies } from '../lib/cookies.ts';
import { fiatRatesState, loadFiatRates } from '../settings/fiat-rates.ts';
import { prefsState } from '../state/prefs.ts';
import { siteState } from '../state/site.ts';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import { DialogFrame } from '../ui/Dialog.tsx';
import { Icon } from '../ui/Icon.tsx';
import { searchAppProps } from './search-props.ts';
import { isSearchShortcut } from './shortcuts.ts';
import { isAppWebview } from './webview.ts';
import { takeHeldSearch } from '../loader/held-input.ts';
import { deepActiveElement } from '../lib/dom-root.ts';
import { useScoped } from '../state/page-scope.tsx';

/** The modal (search, fuse.js, its CSS and catalogue): loaded on hover/focus of the button or on first open. */
const SearchModal = lazyOnIntent(() => import('./SearchModal.tsx').then((m) => m.default), 'search modal', [
  'search',
]);

/** Search button plus the lazily loaded modal; null in app webviews. */
export function SearchLauncher() {
  const webview = useMemo(
    () => typeof location !== 'undefined' && isAppWebview(location.search, browserCookies),
    [],
  );
  return webview ? null : <Launcher />;
}

function Launcher() {
  const { t } = useTranslation('search');
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const site = useSnapshot(useScoped(siteState));
  const prefs = useSnapshot(useScoped(prefsState));
  const { rates } = useSnapshot(fiatRatesState);

  const button = useRef<HTMLButtonElement>(null);
  const frameId = useId();
  // Where focus goes back on close: the element focused when the modal opened (the button, or what had focus when
  // a shortcut was pressed). The modal has no Radix trigger (it is loaded later), so the header returns it.
  const returnTo = useRef<HTMLElement | null>(null);

  // Whether the modal is open now (read by the deferred focus return, which must not run after a quick reopen).
  const isOpen = useRef(false);

  const show = (next: boolean) => {
    isOpen.current = next;
    if (next) {
      setMounted(true);
    } else {
      const target = returnTo.current;
      // A shortcut that reopens the modal before this runs keeps focus in the new modal's input.
      setTimeout(() => !isOpen.current && target?.isConnected && target.focus(), 0);
    }
    setOpen(next);
  };

  useEffect(() => {
    const openFromShortcut = () => {
      const focused = deepActiveElement();
      returnTo.current =
        focused instanceof HTMLElement && focused !== document.body ? focused : button.current;
      isOpen.current = true;
      setMounted(true);
      setOpen(true);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isSearchShortcut(e, deepActiveElement() as HTMLElement | null)) return;
      e.preventDefault();
      openFromShortcut();
    };
    document.addEventListener('keydown', onKey);
    // A shortcut pressed on the server's page before this handler was attached (held by the page loader, the last
    // one unless Escape cancelled it) opens the modal now.
    if (takeHeldSearch()) openFromShortcut();
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const fiatOn = prefs.currencyRate === 'open' && prefs.currFiat !== '';
  useEffect(() => {
    if (open && fiatOn) void loadFiatRates();
  }, [open, fiatOn]);

  const props = searchAppProps({
    locale: site.locale,
    langPrefix: site.langPrefix,
    theme: prefs.theme,
    currencyRate: prefs.currencyRate,
    currFiat: prefs.currFiat,
    fiatRates: rates,
    siteData: site.siteData,
  });

  return (
    <>
      <button
        type="button"
        className="icon-button"
        data-testid="nav-search"
        aria-label={t('open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-keyshortcuts="/ Control+K Meta+K"
        ref={button}
        onClick={() => {
          returnTo.current = button.current;
          show(true);
        }}
        onPointerEnter={() => void SearchModal.preload()}
        onFocus={() => void SearchModal.preload()}
      >
        <Icon name="search" size={20} />
      </button>
      {mounted && (
        <SearchModal
          {...props}
          open={open}
          onOpenChange={show}
          // While the chunk is on its way (or after a failure) an open modal shows its frame with a loading or retry
          // line; Escape and the overlay close it (SPEC §8: never a broken header).
          fallback={(state) =>
            open ? (
              <DialogFrame
                state={state}
                contentId={frameId}
                className="dialog search-modal"
                overlayClassName="dialog-overlay"
                label={t('open')}
                onClose={() => show(false)}
              />
            ) : null
          }
        />
      )}
    </>
  );
}
