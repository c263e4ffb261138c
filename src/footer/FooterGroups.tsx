/**
 * The footer's main list (SPEC §2 'Footer'): link columns on wide screens; below 768 px (SPEC §9) each group is an
 * accordion (Radix, `type="single" collapsible`: a heading button with `aria-expanded` and a region, one open at a
 * time, SPEC §4). Links are real `<a href>`; the EU footer blocks them at the footer itself (./Footer.tsx, SPEC §6).
 */
import * as Accordion from '@radix-ui/react-accordion';
import { useTranslation } from '../i18n/react.tsx';
import { Icon } from '../ui/Icon.tsx';
import type { FooterGroupView } from './footer-model.ts';

export interface FooterGroupsProps {
  groups: readonly FooterGroupView[];
  /** Accordions instead of columns. */
  accordion: boolean;
}

function Links({ group }: { group: FooterGroupView }) {
  const { t } = useTranslation('footer');
  return (
    <ul className="footer-links">
      {group.links.map((l) => (
        <li key={l.href}>
          <a
            className="footer-link"
            href={l.href}
            data-key={l.key}
            {...(l.external ? { rel: 'noopener' } : {})}
          >
            {t(l.titleKey, l.titleValues)}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Columns or accordions of the visible groups. */
export function FooterGroups({ groups, accordion }: FooterGroupsProps) {
  const { t } = useTranslation('footer');
  if (accordion) {
    return (
      <Accordion.Root type="single" collapsible className="footer-accordion">
        {groups.map((g) => (
          <Accordion.Item key={g.key} value={g.key} className="footer-accordion-item" data-group={g.key}>
            <Accordion.Header className="footer-group-title">
              <Accordion.Trigger className="footer-accordion-trigger">
                <span>{t(`group.${g.key}`)}</span>
                <Icon name="chevron-right" size={16} className="footer-accordion-chevron" />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="footer-accordion-content">
              <Links group={g} />
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    );
  }
  return (
    <div className="footer-columns">
      {groups.map((g) => (
        <section
          key={g.key}
          className="footer-column"
          data-group={g.key}
          aria-labelledby={`footer-h-${g.key}`}
        >
          <h3 className="footer-group-title" id={`footer-h-${g.key}`}>
            {t(`group.${g.key}`)}
          </h3>
          <Links group={g} />
        </section>
      ))}
    </div>
  );
}
