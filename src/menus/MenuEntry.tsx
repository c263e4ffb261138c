/**
 * One menu link (SPEC §3 'Menu item'): icon, title, badge (Hot, New, 0 Fee, High Yield — SPEC §9) and description.
 * A real `<a href>` built by the item's link builder under the language prefix; `data-testid="menu-{key}"`.
 */
import { memo, type FocusEvent, type PointerEvent } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import type { Badge, LinkContext, MenuItem } from './types.ts';
import { MenuIcon } from '../ui/MenuIcon.tsx';

/** A badge pill. */
export function MenuBadge({ badge }: { badge: Badge }) {
  const { t } = useTranslation('nav');
  return (
    <span className="menu-badge" data-badge={badge}>
      {t(`badge.${badge}`)}
    </span>
  );
}

export interface MenuEntryProps {
  item: MenuItem;
  ctx: LinkContext;
  /** Compact row: no description, smaller icon (groups, account menus). */
  compact?: boolean;
  active?: boolean;
  onActivate?: (e: PointerEvent | FocusEvent) => void;
}

/** The entry's link. Memoised: hovering another entry of a menu re-renders only the entries whose `active` changed
 * (pass a stable `onActivate`). */
export const MenuEntry = memo(function MenuEntry({ item, ctx, compact, active, onActivate }: MenuEntryProps) {
  const { t } = useTranslation('nav');
  const expandable = Boolean(item.panel || item.hoverChildren?.length);
  return (
    <a
      className={compact ? 'menu-item menu-item-compact' : 'menu-item'}
      href={item.link?.(ctx) ?? '#'}
      data-testid={item.testId ?? `menu-${item.key}`}
      data-active={active || undefined}
      aria-haspopup={expandable ? 'true' : undefined}
      onPointerEnter={onActivate}
      onFocus={onActivate}
    >
      <span className="menu-item-icon">
        <MenuIcon name={item.icon} size={compact ? 18 : 20} />
      </span>
      <span className="menu-item-text">
        <span className="menu-item-title">
          <span>{t(item.titleKey)}</span>
          {item.badge && <MenuBadge badge={item.badge} />}
        </span>
        {!compact && item.descKey && <span className="menu-item-desc">{t(item.descKey)}</span>}
      </span>
      {expandable && <MenuIcon name="chevron-right" size={14} className="menu-item-chevron" />}
    </a>
  );
});

/**
 * A labelled navigation list of compact entries (SPEC §2 'Personal centre', 'Orders', 'Assets'): `<nav aria-label>`
 * around `ul.menu-list` (two columns when `twoColumns`), one `MenuEntry` per item, in order. `className` goes on the
 * `<nav>`. Items are already filtered by the policy.
 */
export function CompactMenuList({
  label,
  items,
  ctx,
  twoColumns,
  className,
}: {
  label: string;
  items: readonly MenuItem[];
  ctx: LinkContext;
  twoColumns?: boolean;
  className?: string;
}) {
  return (
    <nav className={className} aria-label={label}>
      <ul className={twoColumns ? 'menu-list menu-list-2col' : 'menu-list'}>
        {items.map((item) => (
          <li key={item.key}>
            <MenuEntry item={item} ctx={ctx} compact />
          </li>
        ))}
      </ul>
    </nav>
  );
}
