/**
 * Fund-wallet drawer (SPEC §2, §4, §6): a Radix Dialog shown as a side drawer (300 ms slide, account.css) with the
 * deposit methods the policy shows. Rendered only on the main site when the compliance list lacks 'deposit'.
 */
import { useTranslation } from '../i18n/react.tsx';
import { MenuEntry } from '../menus/MenuEntry.tsx';
import { usePolicy } from '../policy/use-policy.ts';
import { DEPOSIT_METHODS } from '../menus/account.ts';
import type { LinkContext } from '../menus/types.ts';
import { visibleItems } from '../policy/filter-menu.ts';
import { Dialog } from '../ui/Dialog.tsx';

/** SPEC §4/§9 drawer animation, ms (account.css uses the same value). */
export const DRAWER_ANIMATION_MS = 300;

/** The drawer, controlled by the header (the deposit button and the wallet menu open it). */
export function FundDrawer(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ctx: LinkContext;
}) {
  const { t } = useTranslation('account');
  const { decision } = usePolicy();
  const methods = visibleItems(DEPOSIT_METHODS, decision);
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
      <ul className="menu-list drawer-list">
        {methods.map((m) => (
          <li key={m.key}>
            <MenuEntry item={m} ctx={props.ctx} />
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
