/**
 * SPEC §4: switching to Turkish from a non-Turkey sub-site asks where to continue: the global site in Turkish, or
 * the Turkey site. A Radix Dialog traps focus meanwhile. The answers (./TurkishActions.tsx) load when the question
 * first opens, in parallel with the dialog's own code; a loading line holds their place meanwhile.
 */
import { useTranslation } from '../i18n/react.tsx';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import { chunkFallback } from '../ui/ChunkFallback.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import './dialogs.css';

const TurkishActions = lazyOnIntent(
  () => import('./TurkishActions.tsx').then((m) => m.default),
  'turkish confirm',
);

/** The confirmation modal (controlled). */
export function TurkishConfirm({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      className="dialog dialog-confirm"
      testId="turkish-confirm"
      title={t('turkish.title')}
      closeLabel={t('turkish.cancel')}
      description={t('turkish.body')}
    >
      <TurkishActions fallback={chunkFallback} />
    </Dialog>
  );
}
