/**
 * Header search (SPEC §2 'Search modal'): an icon button (`nav-search`) opening a Radix Dialog with the spot market
 * panel, whose search box takes focus. The embedded search micro-app of SPEC §7 is out of scope for this library.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { MarketPanel } from '../markets/MarketPanel.tsx';
import { Icon } from '../ui/Icon.tsx';

/** Search button and its dialog. */
export function SearchDialog() {
  const { t } = useTranslation('account');
  return (
    <Dialog.Root>
      <Dialog.Trigger className="icon-button" data-testid="nav-search" aria-label={t('search')}>
        <Icon name="search" size={20} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog search-dialog" aria-describedby={undefined}>
          <div className="dialog-head">
            <Dialog.Title className="dialog-title">{t('searchTitle')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('close')}>
              <Icon name="close" size={18} />
            </Dialog.Close>
          </div>
          <MarketPanel kind="spot" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
