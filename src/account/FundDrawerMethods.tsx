/**
 * The fund-wallet drawer's list (SPEC §2, §4, §6): the deposit methods the policy shows. Loaded when the drawer
 * first opens, or earlier on an intent on the deposit button (./FundDrawer.tsx).
 */
import { MenuEntry } from '../menus/MenuEntry.tsx';
import { usePolicy } from '../policy/use-policy.ts';
import { DEPOSIT_METHODS } from '../menus/account.ts';
import type { LinkContext } from '../menus/types.ts';
import { visibleItems } from '../policy/filter-menu.ts';

/** The visible deposit methods as menu entries. */
export default function FundDrawerMethods({ ctx }: { ctx: LinkContext }) {
  const { decision } = usePolicy();
  const methods = visibleItems(DEPOSIT_METHODS, decision);
  return (
    <ul className="menu-list drawer-list">
      {methods.map((m) => (
        <li key={m.key}>
          <MenuEntry item={m} ctx={ctx} />
        </li>
      ))}
    </ul>
  );
}
