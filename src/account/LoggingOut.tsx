/** The 'Logging out' indicator (SPEC §4): a polite live region, filled while a logout is in progress. */
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { sessionState } from '../state/session.ts';
import { useScoped } from '../state/page-scope.tsx';

/** Always mounted so screen readers hear the message when it appears. */
export function LoggingOut() {
  const { t } = useTranslation('account');
  const { loggingOut } = useSnapshot(useScoped(sessionState));
  return (
    <div className="logging-out-region" role="status" aria-live="polite">
      {loggingOut && (
        <div className="logging-out" data-testid="logging-out">
          <span className="spinner" aria-hidden="true" />
          {t('loggingOut')}
        </div>
      )}
    </div>
  );
}
