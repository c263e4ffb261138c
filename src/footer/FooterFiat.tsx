/**
 * The footer's fiat selector (SPEC §2 'fiat currency selector (mobile)', `data-testid="footer-fiat"`): a button
 * with the current fiat that opens the header's own FiatPicker in a modal — same list, same `curr_fiat` cookie,
 * same reload (state/prefs.ts selectFiat). One implementation, two placements. The picker's code loads on the
 * first intent on the button (pointer enter, focus, pointer down), not with the footer.
 */
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import { chunkFallback } from '../ui/ChunkFallback.tsx';
import { prefsState } from '../state/prefs.ts';
import { siteState } from '../state/site.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { useScoped } from '../state/page-scope.tsx';

const FiatPicker = lazyOnIntent(
  () => import('../settings/FiatPicker.tsx').then((m) => m.FiatPicker),
  'fiat picker',
);
const preloadPicker = () => void FiatPicker.preload();

/** Trigger and modal. The label shows the chosen fiat, else the site's `curr_fiat` (default USD, SPEC §9). */
export function FooterFiat() {
  const { t } = useTranslation('footer');
  const { t: ts } = useTranslation('settings');
  const { currFiat, currencyRate } = useSnapshot(useScoped(prefsState));
  const { siteData } = useSnapshot(useScoped(siteState));
  const [open, setOpen] = useState(false);
  const fiat = (currencyRate === 'open' && currFiat) || siteData?.curr_fiat || 'USD';
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          className="footer-select"
          data-testid="footer-fiat"
          data-fiat={fiat}
          onPointerEnter={preloadPicker}
          onFocus={preloadPicker}
          onPointerDown={preloadPicker}
        >
          <span>{t('fiat')}</span>
          <span className="footer-select-fiat">{fiat}</span>
        </button>
      }
      title={t('fiat')}
      closeLabel={ts('language.close')}
      className="dialog dialog-lang"
    >
      <FiatPicker onChosen={() => setOpen(false)} fallback={chunkFallback} />
    </Dialog>
  );
}
