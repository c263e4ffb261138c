/**
 * Menu content with entries on the left and, while an entry with a panel is hovered or focused, its market panel
 * on the right (SPEC §4 'Trade and derivatives panels show an extra market list only while hovering').
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { withLangPrefix } from '../lib/route.ts';
import { MarketPanel } from '../markets/MarketPanel.tsx';
import { siteState } from '../state/site.ts';
import type { NavEntry } from './nav-entries.ts';

/** Entries plus the active entry's market panel. */
export function MegaMenu({ entries, label }: { entries: NavEntry[]; label: string }) {
  const { t } = useTranslation('nav');
  const { langPrefix } = useSnapshot(siteState);
  const [active, setActive] = useState<string | null>(null);
  const activeEntry = entries.find((e) => e.key === active);

  return (
    <div className="mega-menu">
      <nav aria-label={label}>
        <ul className="menu-list">
          {entries.map((entry) => (
            <li key={entry.key}>
              <a
                className="menu-item"
                href={withLangPrefix(langPrefix, entry.path)}
                data-testid={entry.testId}
                data-active={entry.key === active || undefined}
                aria-haspopup={entry.panel ? 'true' : undefined}
                onPointerEnter={() => setActive(entry.key)}
                onFocus={() => setActive(entry.key)}
              >
                <span className="menu-item-title">
                  {t(entry.titleKey)}
                  {entry.panel && (
                    <svg
                      width="12"
                      height="12"
                      viewBox="0 0 12 12"
                      aria-hidden="true"
                      className="menu-item-chevron"
                    >
                      <path
                        d="m4.5 2.5 3.5 3.5-3.5 3.5"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.5"
                      />
                    </svg>
                  )}
                </span>
                <span className="menu-item-desc">{t(entry.descKey)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {activeEntry?.panel && (
        <MarketPanel key={activeEntry.key} kind={activeEntry.panel.kind} settle={activeEntry.panel.settle} />
      )}
    </div>
  );
}
