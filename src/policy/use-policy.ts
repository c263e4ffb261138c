/**
 * The header's view of the visibility policy: builds the policy input from the site and session stores and memoises
 * the decision, plus the link context for menu links. Components ask `show(key)`; they never check sites themselves.
 */
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { CommonSiteData, ComplianceResult, MenuData } from '../../common/wire/site.ts';
import type { AccountMode, CrossMarginInfo, UserInfo } from '../../common/wire/user.ts';
import type { LinkContext } from '../menus/types.ts';
import { policyInput } from './input.ts';
import type { VisibilityDecision } from './types.ts';
import { decideVisibility, isVisible } from './visibility.ts';
import { sessionState } from '../state/session.ts';
import { siteState } from '../state/site.ts';
import { methodsOf } from '../buy/pay-with-model.ts';
import { payWithState } from '../buy/pay-with-store.ts';
import { useViewportBelow } from '../state/viewport.ts';
import { TURKEY_LINK_MIN_WIDTH_PX } from './features.ts';
import { useScoped } from '../state/page-scope.tsx';

/** What header components need from the policy. */
export interface HeaderPolicy {
  decision: VisibilityDecision;
  show: (key: string) => boolean;
  ctx: LinkContext;
}

/** Reads the stores and returns the current decision (recomputed only when an input changes). */
export function usePolicy(): HeaderPolicy {
  const site = useSnapshot(useScoped(siteState));
  const session = useSnapshot(useScoped(sessionState));
  const payWith = useSnapshot(useScoped(payWithState));
  // The policy compares the width only with TURKEY_LINK_MIN_WIDTH_PX (visibility.ts). The header subscribes to that
  // answer, not to the width, so a resize — or the real width replacing the server's guess after hydration —
  // re-renders it only when the answer flips; the policy gets a width on the same side of the breakpoint.
  const narrow = useViewportBelow(TURKEY_LINK_MIN_WIDTH_PX + 1);
  const viewportWidth = narrow ? TURKEY_LINK_MIN_WIDTH_PX : TURKEY_LINK_MIN_WIDTH_PX + 1;
  const loading = session.status === 'loading' && session.hasSessionHint;
  // The Buy crypto entries follow the pay-with fiat (SPEC §2, §4): its links, and its methods once known.
  const fiat = payWith.current || site.siteData?.defaultBuyCryptoFiat || site.siteData?.curr_fiat || 'USD';
  const p2pFiat = payWith.chosen ? fiat : site.siteData?.defaultP2PFiat || fiat;
  const methods = useMemo(
    // Unknown (not loaded) or failed (the USD fallback): every entry shows (SPEC §8 never hides on failure).
    () =>
      payWith.settings.length > 0 && payWith.status !== 'error'
        ? methodsOf(payWith.settings, fiat)
        : undefined,
    [payWith.settings, payWith.status, fiat],
  );
  const decision = useMemo(
    () =>
      decideVisibility(
        policyInput({
          site: site.subSite,
          // Snapshots are deeply readonly views of these same shapes.
          siteData: site.siteData as CommonSiteData | null,
          user: session.user as UserInfo | null,
          sessionLoading: loading,
          compliance: site.compliance as ComplianceResult | null,
          menu: site.menuData as MenuData | null,
          accountMode: session.accountMode as AccountMode | null,
          crossMargin: session.crossMargin as CrossMarginInfo | null,
          isSwitchTag: session.isSwitchTag,
          viewportWidth,
          payWith: methods,
        }),
      ),
    [
      site.subSite,
      site.siteData,
      site.compliance,
      site.menuData,
      viewportWidth,
      session.user,
      session.accountMode,
      session.crossMargin,
      session.isSwitchTag,
      loading,
      methods,
    ],
  );
  const ctx = useMemo<LinkContext>(
    () => ({ langPrefix: site.langPrefix, site: site.subSite, fiat, p2pFiat }),
    [site.langPrefix, site.subSite, fiat, p2pFiat],
  );
  return { decision, show: (key) => isVisible(decision, key), ctx };
}
