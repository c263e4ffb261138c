/** Turkey's compliance reminder under the header (SPEC §6 'Turkey shows a compliance reminder component'). */
import { useTranslation } from '../i18n/react.tsx';
import { Icon } from '../ui/Icon.tsx';

/** A one-line note; the header renders it only when the policy shows `tr-reminder`. */
export function TrReminder() {
  const { t } = useTranslation('account');
  return (
    <p className="tr-reminder" role="note" data-testid="tr-reminder">
      <Icon name="shield" size={16} />
      <span>{t('trReminder')}</span>
    </p>
  );
}
