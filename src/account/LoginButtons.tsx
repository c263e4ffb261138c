/**
 * Login and signup buttons for visitors (SPEC §4: only when not logged in, and not while a likely session is still
 * loading). Testnet logs in through its authorize flow with its own label (SPEC §6); signup keeps the stored query.
 */
import { useTranslation } from '../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import type { HeaderPolicy } from '../policy/use-policy.ts';
import { withLangPrefix } from '../../common/domain/route.ts';
import { testnetAuthorizeHref } from '../../common/domain/sub-sites.ts';
import { siteState } from '../state/site.ts';
import { attributionQuery, signupHref } from './signup-query.ts';
import { useScoped } from '../state/page-scope.tsx';

/** The two buttons, each only when the policy shows it. */
export function LoginButtons({ policy }: { policy: HeaderPolicy }) {
  const { t } = useTranslation('account');
  const { decision, show, ctx } = policy;
  // From the store, not `location`, so the server-rendered link equals the hydrated one.
  const { langPrefix, path, search, interactive, host } = useSnapshot(useScoped(siteState));
  const here = withLangPrefix(langPrefix, path) + search;
  const loginHref =
    decision.login.kind === 'testnet-authorize'
      ? testnetAuthorizeHref(ctx.langPrefix, here, host)
      : withLangPrefix(ctx.langPrefix, '/login');
  // The server render and the hydrating client know only this URL's attribution query; the one stored from an
  // earlier page (localStorage) counts once the page is interactive.
  const signup = interactive
    ? signupHref(ctx.langPrefix)
    : signupHref(ctx.langPrefix, { getItem: () => attributionQuery(search), setItem: () => undefined });
  return (
    <>
      {show('login') && (
        <a className="btn btn-ghost btn-sm" href={loginHref} data-testid="btn-login">
          {t(decision.login.labelKey)}
        </a>
      )}
      {show('signup') && (
        <a className="btn btn-primary btn-sm" href={signup} data-testid="btn-signup">
          {t('signup')}
        </a>
      )}
    </>
  );
}
