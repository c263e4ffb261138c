/**
 * Order dropdown (`nav-orders`, SPEC §2 'Orders', §4, §6): the trigger, server-rendered with the header; the list
 * (./OrdersMenuContent.tsx) loads on the first intent on the trigger.
 */
import { useTranslation } from '../i18n/react.tsx';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import type { HeaderPolicy } from '../policy/use-policy.ts';
import { Chevron } from '../ui/Chevron.tsx';
import { chunkFallback } from '../ui/ChunkFallback.tsx';
import { HoverPopover } from '../ui/HoverPopover.tsx';

const OrdersMenuContent = lazyOnIntent(
  () => import('./OrdersMenuContent.tsx').then((m) => m.default),
  'orders menu',
);

/** The trigger and dropdown. */
export function OrdersMenu({ policy }: { policy: HeaderPolicy }) {
  const { t } = useTranslation('nav');
  return (
    <HoverPopover
      testId="nav-orders"
      align="end"
      triggerClassName="nav-trigger hide-sm"
      onIntent={() => void OrdersMenuContent.preload()}
      trigger={
        <>
          {t('orders.title')}
          <Chevron />
        </>
      }
    >
      <OrdersMenuContent policy={policy} fallback={chunkFallback} />
    </HoverPopover>
  );
}
