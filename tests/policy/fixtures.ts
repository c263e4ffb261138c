// Policy test fixtures: a sub-site × persona scenario built from the reference server's own personas and site data
// (server/personas.ts, server/site-data.ts), so the table tests exercise what the server really serves.
import type { UserInfo } from '../../common/wire/user.ts';
import { policyInput, type PolicySources } from '../../src/policy/input.ts';
import type { PolicyInput } from '../../src/policy/types.ts';
import type { SubSiteId } from '../../common/domain/sub-sites.ts';
import { PERSONAS, type PersonaName } from '../../server/personas.ts';
import { complianceCheck, menuData, type SiteRequest } from '../../server/site-data.ts';

export type Who = PersonaName | 'anonymous';

/** The policy input for `who` on `site`; `over` patches the sources (viewport, cookies, loading…). */
export function scenario(site: SubSiteId, who: Who, over: Partial<PolicySources> = {}): PolicyInput {
  const persona = who === 'anonymous' ? null : PERSONAS[who];
  const req: SiteRequest = { site, locale: 'en', persona, currencyCount: 0 };
  const user: UserInfo | null = persona ? { is_login: true, isLogin: true, ...persona.user } : null;
  return policyInput({
    site,
    siteData: {
      isUKLimit: persona?.flags.isUKLimit ?? false,
      isItalyLimit: persona?.flags.isItalyLimit ?? false,
    },
    user,
    sessionLoading: false,
    compliance: complianceCheck(req),
    menu: menuData(req),
    accountMode: persona?.accountMode ?? null,
    crossMargin: persona?.crossMargin ?? null,
    isSwitchTag: false,
    viewportWidth: 1440,
    ...over,
  });
}
