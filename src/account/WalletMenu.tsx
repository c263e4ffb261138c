/**
 * Wallet dropdown (`nav-assets`, SPEC §2 'Funds', §6): the trigger, server-rendered with the header; the content
 * (src/account/WalletMenuContent.tsx: balance, actions, fund accounts) loads on the first intent on the trigger.
 */
import { useTranslation } from '../i18n/react.tsx';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import type { HeaderPolicy } from '../policy/use-policy.ts';
import { Chevron } from '../ui/Chevron.tsx';
import { chunkFallback } from '../ui/ChunkFallback.tsx';
import { HoverPopover } from '../ui/HoverPopover.tsx';

const WalletMenuContent = lazyOnIntent(
  () => import('./WalletMenuContent.tsx').then((m) => m.default),
  'wallet menu',
  ['account', 'nav'],
);

/** The trigger and dropdown. `onDeposit` opens the fund-wallet drawer (absent when the policy hides it). */
export function WalletMenu({ policy, onDeposit }: { policy: HeaderPolicy; onDeposit?: () => void }) {
  const { t: tn } = useTranslation('nav');
  return (
    <HoverPopover
      testId="nav-assets"
      align="end"
      triggerClassName="nav-trigger hide-sm"
      onIntent={() => void WalletMenuContent.preload()}
      trigger={
        <>
          {tn('funds.title')}
          <Chevron />
        </>
      }
    >
      <WalletMenuContent policy={policy} onDeposit={onDeposit} fallback={chunkFallback} />
    </HoverPopover>
  );
}
