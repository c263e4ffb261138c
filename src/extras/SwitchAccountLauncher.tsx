/**
 * The switch-account flow (SPEC §1 'Switch Account', §6): a header button (`nav-switch-account`) opening a dialog
 * (`switch-account-dialog`) of the user's accounts. The button is server-rendered and hydrates with the header, so a
 * click right after the page shows opens the dialog; the dialog's list (./SwitchAccount.tsx, its own chunk) loads
 * as soon as this mounts (SPEC §6: the switch-account script loads only when signed in on the main site; the caller
 * renders this only then), and shows the loading line until it is there. A failed load shows the retry line.
 */
import { useEffect } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import { chunkFallback } from '../ui/ChunkFallback.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { Icon } from '../ui/Icon.tsx';

const SwitchAccountList = lazyOnIntent(
  () => import('./SwitchAccount.tsx').then((m) => m.default),
  'switch account',
);

/**
 * The button and its dialog. `showButton`: the policy's switch-account decision (a sub-account sees no button
 * unless the is_switch_tag cookie is set); the module loads either way.
 */
export function SwitchAccountLauncher({ showButton }: { showButton: boolean }) {
  const { t } = useTranslation('header');
  useEffect(() => void SwitchAccountList.preload(), []);
  if (!showButton) return null;
  return (
    <Dialog
      onIntent={() => void SwitchAccountList.preload()}
      trigger={
        <button
          type="button"
          className="icon-button hide-sm"
          data-testid="nav-switch-account"
          aria-label={t('switchAccount')}
          title={t('switchAccount')}
        >
          <Icon name="switch" size={18} />
        </button>
      }
      title={t('switchTitle')}
      closeLabel={t('close')}
      className="dialog switch-account-dialog"
      testId="switch-account-dialog"
    >
      <SwitchAccountList fallback={chunkFallback} />
    </Dialog>
  );
}
