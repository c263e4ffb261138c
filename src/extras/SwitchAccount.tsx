/**
 * The switch-account dialog's list, a lazily loaded chunk (SPEC §1 'Switch Account', §6; the button and dialog are
 * ./SwitchAccountLauncher.tsx): the user's accounts from GET HEADER_API.switchAccounts, fetched each time the
 * dialog opens — main account and sub-accounts, the current one marked. Other accounts link to the one switch
 * destination (./switch-account-link.ts: the sign-in page in switch mode, never sub-account management, which a
 * sub-account cannot open). A failed call shows 'no other accounts' (SPEC §8).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { SwitchAccount as Account } from '../../common/wire/header.ts';
import { fetchSwitchAccounts } from '../api/header-extras.ts';
import { siteState } from '../state/site.ts';
import { switchAccountHref } from './switch-account-link.ts';
import { useScoped } from '../state/page-scope.tsx';

/** The list (default export: the chunk's entry); a loading line until the call answers. */
export default function SwitchAccountList() {
  const { t } = useTranslation('header');
  const { langPrefix } = useSnapshot(useScoped(siteState));
  const [list, setList] = useState<Account[] | null>(null);

  useEffect(() => {
    let live = true;
    void fetchSwitchAccounts().then((res) => live && setList(res.data.list));
    return () => void (live = false);
  }, []);
  if (list === null)
    return (
      <p className="dialog-text" role="status">
        {t('switchLoading')}
      </p>
    );
  const others = list.filter((a) => !a.current);
  return (
    <ul className="switch-account-list">
      {list.map((a) => (
        <li key={a.uid}>
          <a
            className={a.current ? 'switch-account is-current' : 'switch-account'}
            href={a.current ? undefined : switchAccountHref(langPrefix, a.uid)}
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
  );
}
