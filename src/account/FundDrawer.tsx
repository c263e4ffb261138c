/**
 * Fund-wallet drawer (SPEC §2, §4, §6): a Radix Dialog shown as a side drawer (300 ms slide, account.css) with the
 * deposit methods the policy shows. Rendered only on the main site when the compliance list lacks 'deposit'. The
 * list (./FundDrawerMethods.tsx) loads when the drawer first opens, or earlier via `preloadFundDrawer` (intents on
 * the deposit button).
 */
import { useTranslation } from '../i18n/react.tsx';
import { lazyOnIntent } from '../lib/lazy-intent.tsx';
import type { LinkContext } from '../menus/types.ts';
import { chunkFallback } from '../ui/ChunkFallback.tsx';
import { Dialog } from '../ui/Dialog.tsx';

const FundDrawerMethods = lazyOnIntent(
  () => import('./FundDrawerMethods.tsx').then((m) => m.default),
  'fund drawer',
);

/** Prefetch for the controls that open the drawer (pointer enter, focus, pointer down); never rejects. */
export function preloadFundDrawer(): void {
  void FundDrawerMethods.preload();
}

/** The drawer, controlled by the header (the deposit button and the wallet menu open it). */
export function FundDrawer(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ctx: LinkContext;
}) {
  const { t } = useTranslation('account');
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      className="drawer"
      overlayClassName="drawer-overlay"
      testId="fund-drawer"
      title={t('drawer.title')}
      closeLabel={t('close')}
      description={t('drawer.desc')}
      descriptionClassName="drawer-desc"
    >
      <FundDrawerMethods ctx={props.ctx} fallback={chunkFallback} />
    </Dialog>
  );
}
