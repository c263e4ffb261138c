/**
 * The switch-account flow, a lazily loaded chunk (SPEC §1 'Switch Account', §6): a header button
 * (`nav-switch-account`) opening a dialog (`switch-account-dialog`) of the user's accounts from GET
 * HEADER_API.switchAccounts — main account and sub-accounts, the current one marked. Other accounts link to the
 * sub-account management page (SPEC §2 /myaccount/sub_account_manage), where switching is confirmed. A failed
 * call shows 'no other accounts' (SPEC §8).
 */
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { withLangPrefix } from '../../common/domain/route.ts';
import type { SwitchAccount as Account } from '../../common/wire/header.ts';
import { fetchSwitchAccounts } from '../api/header-extras.ts';
import { siteState } from '../state/site.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { MenuIcon } from '../ui/MenuIcon.tsx';

type Load = { status: 'idle' | 'loading' } | { status: 'ready'; list: Account[] };

/** Button plus dialog (default export: the chunk's entry). */
export default function SwitchAccount({ showButton }: { showButton: boolean }) {
  const { t } = useTranslation('header');
  const { langPrefix } = useSnapshot(siteState);
  const [load, setLoad] = useState<Load>({ status: 'idle' });

  const onOpenChange = (open: boolean) => {
    if (!open || load.status !== 'idle') return;
    setLoad({ status: 'loading' });
    void fetchSwitchAccounts().then((res) => setLoad({ status: 'ready', list: res.data.list }));
  };
  if (!showButton) return null;
  const manage = withLangPrefix(langPrefix, '/myaccount/sub_account_manage');
  const others = load.status === 'ready' ? load.list.filter((a) => !a.current) : [];

  return (
    <Dialog
      onOpenChange={onOpenChange}
      trigger={
        <button
          type="button"
          className="icon-button hide-sm"
          data-testid="nav-switch-account"
          aria-label={t('switchAccount')}
          title={t('switchAccount')}
        >
          <MenuIcon name="switch" size={18} />
        </button>
      }
      title={t('switchTitle')}
      closeLabel={t('close')}
      className="dialog switch-account-dialog"
      testId="switch-account-dialog"
    >
      {load.status !== 'ready' ? (
        <p className="dialog-text" role="status">
          {t('switchLoading')}
        </p>
      ) : (
        <ul className="switch-account-list">
          {load.list.map((a) => (
            <li key={a.uid}>
              <a
                className={a.current ? 'switch-account is-current' : 'switch-account'}
                href={a.current ? undefined : `${manage}?uid=${encodeURIComponent(a.uid)}`}
                aria-current={a.current ? 'true' : undefined}
                data-testid="switch-account-item"
                data-uid={a.uid}
              >
                <span className="switch-account-name" dir="auto">
                  {a.nickname}
                </span>
                <span className="switch-account-meta">
                  {a.type === 'main' ? t('switchMain') : t('switchSub')} · UID {a.uid}
                </span>
                {a.current && <span className="switch-account-current">{t('switchCurrent')}</span>}
              </a>
            </li>
          ))}
          {others.length === 0 && <li className="dialog-text">{t('switchEmpty')}</li>}
        </ul>
      )}
    </Dialog>
  );
}
