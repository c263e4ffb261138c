/**
 * The blocking notice of the EU footer (SPEC §6 'EU footer links intercept clicks with a blocking action'): a modal
 * (src/ui/Dialog, Radix) saying the page belongs to the Malta entity and is not offered on this site; the click
 * does not navigate. `data-testid="footer-eu-notice"`.
 */
import { useTranslation } from '../i18n/react.tsx';
import { Dialog } from '../ui/Dialog.tsx';

/** Controlled notice; `open` while a blocked link was clicked. */
export function EuBlockNotice({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation('footer');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('eu.title')}
      closeLabel={t('close')}
      description={t('eu.text')}
      className="dialog footer-eu-notice"
      testId="footer-eu-notice"
    >
      <div className="dialog-actions">
        <button
          type="button"
          className="settings-button settings-button-primary"
          onClick={() => onOpenChange(false)}
        >
          {t('eu.ok')}
        </button>
      </div>
    </Dialog>
  );
}
