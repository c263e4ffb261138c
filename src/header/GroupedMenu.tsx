/** Menu content in columns, one per group with its heading (the 'More' menu: community and info, SPEC §2). */
import { useId } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { LinkContext, MenuItem } from '../menus/types.ts';
import { MenuEntry } from '../menus/MenuEntry.tsx';

/** Groups (items with children) as columns; their children as compact entries. */
export function GroupedMenu({
  groups,
  ctx,
  label,
}: {
  groups: readonly MenuItem[];
  ctx: LinkContext;
  label: string;
}) {
  const { t } = useTranslation('nav');
  const id = useId();
  return (
    <nav className="grouped-menu" aria-label={label}>
      {groups.map((group) => (
        <section key={group.key} className="menu-group" aria-labelledby={`${id}-${group.key}`}>
          <h2 className="menu-group-title" id={`${id}-${group.key}`}>
            {t(group.titleKey)}
          </h2>
          <ul className="menu-list">
            {(group.children ?? []).map((item) => (
              <li key={item.key}>
                <MenuEntry item={item} ctx={ctx} compact />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
