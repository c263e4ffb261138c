/**
 * Header search (SPEC §2 'Search modal'): an icon button (`nav-search`) opening a Radix Dialog with the spot market
 * panel, whose search box takes focus. The embedded search micro-app of SPEC §7 is out of scope for this library.
 */
import { useTranslation } from 'react-i18next';
import { MarketPanel } from '../markets/MarketPanel.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { Icon } from '../ui/Icon.tsx';

/** Search button and its dialog. */
export function SearchDialog() {
  const { t } = useTranslation('account');
  return (
    <Dialog
      trigger={
        <button type="button" className="icon-button" data-testid="nav-search" aria-label={t('search')}>
          <Icon name="search" size={20} />
        </button>
      }
      className="dialog search-dialog"
      title={t('searchTitle')}
      closeLabel={t('close')}
    >
      <MarketPanel kind="spot" />
    </Dialog>
  );
}
