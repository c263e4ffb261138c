/**
 * Rewards promo card for visitors (SPEC §1 'a rewards promo card', §9): a gift trigger (`nav-rewards`),
 * server-rendered with the header, opening the card (./RewardsCard.tsx), which loads on the first intent on the
 * trigger.
 */
import { useTranslation } from '../i18n/react.tsx';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import { chunkFallback } from '../ui/ChunkFallback.tsx';
import { HoverPopover } from '../ui/HoverPopover.tsx';
import { Icon } from '../ui/Icon.tsx';

const RewardsCard = lazyOnIntent(() => import('./RewardsCard.tsx').then((m) => m.default), 'rewards card');

/** The gift trigger and promo card. */
export function RewardsMenu() {
  const { t } = useTranslation('account');
  return (
    <HoverPopover
      testId="nav-rewards"
      ariaLabel={t('rewards.label')}
      triggerClassName="icon-button rewards-trigger hide-sm"
      align="end"
      trigger={<Icon name="gift" size={20} />}
      onIntent={() => void RewardsCard.preload()}
    >
      <RewardsCard fallback={chunkFallback} />
    </HoverPopover>
  );
}
