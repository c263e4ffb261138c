/**
 * Demo /login page (SPEC §2 '/login'; ARCHITECTURE.md 'Sessions and demo personas'): one button per
 * persona (`data-persona`); signing in sets the session cookies and returns to the home page of the language. The
 * answer is validated (login-answer.ts); an error, a rate limit or an answer that is not a valid sign-in shows its
 * own message (`loginPage.*`, role=alert) and the user stays on the page.
 */
import { useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { apiPostForm } from '../api/client.ts';
import { USER_API } from '../../common/wire/endpoints.ts';
import type { DemoLoginForm } from '../../common/wire/user.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import { siteState } from '../state/site.ts';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import type { IconName } from '../ui/icon-names.ts';
import { DEMO_PERSONAS, type DemoPersona } from '../../common/domain/personas.ts';
import type { LoginOutcome } from './login-answer.ts';
import { useScoped } from '../state/page-scope.tsx';

const ICONS: Record<DemoPersona, IconName> = {
  vip: 'vip',
  unverified: 'kyc',
  sub: 'users',
  unified: 'unified',
  portfolio: 'institution',
  italy: 'globe',
  uk: 'globe',
  'withdraw-only': 'withdraw',
};

/** The page body. */
export function LoginPage() {
  const { t } = useTranslation('account');
  const { langPrefix } = useSnapshot(useScoped(siteState));
  const [busy, setBusy] = useState<DemoPersona | null>(null);
  const [problem, setProblem] = useState<Exclude<LoginOutcome, 'signed-in'> | null>(null);

  const signIn = async (persona: DemoPersona) => {
    setBusy(persona);
    setProblem(null);
    const form: DemoLoginForm = { persona };
    // The answer's validation (wire schema) loads beside the request: it is not in the first load.
    const [res, answer] = await Promise.all([
      apiPostForm(USER_API.demoLogin, form),
      import('./login-answer.ts').catch((err: unknown) => {
        console.warn('[account] sign-in code failed to load', err);
        return null;
      }),
    ]);
    const outcome: LoginOutcome = answer ? answer.loginOutcome(res, persona) : 'failed';
    if (outcome === 'signed-in') {
      location.assign(withLangPrefix(langPrefix, '/'));
      return;
    }
    if (outcome === 'invalid') console.warn('[account] sign-in answer failed validation; not signed in');
    setBusy(null);
    setProblem(outcome);
  };

  return (
    <main id="main" className="login-page" tabIndex={-1}>
      <h1 className="login-title">{t('loginPage.title')}</h1>
      <p className="login-lead">{t('loginPage.lead')}</p>
      {problem && (
        <p className="login-error" role="alert" data-testid="login-error" data-kind={problem}>
          {t(`loginPage.${problem}`)}
        </p>
      )}
      <ul className="persona-grid">
        {DEMO_PERSONAS.map((p) => (
          <li key={p}>
            <button
              type="button"
              className="persona-card"
              data-persona={p}
              disabled={busy !== null}
              aria-busy={busy === p || undefined}
              onClick={() => void signIn(p)}
            >
              <span className="persona-icon">
                <MenuIcon name={ICONS[p]} size={22} />
              </span>
              <span className="persona-text">
                <span className="persona-name">{t(`persona.${p}.title`)}</span>
                <span className="persona-desc">{t(`persona.${p}.desc`)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
