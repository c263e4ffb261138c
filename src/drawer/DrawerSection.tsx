/**
 * One disclosure section of the side drawer (SPEC §4: one open at a time, clicking the open one closes it): a
 * `<button aria-expanded aria-controls>` heading and a labelled region that is only rendered while open.
 * `data-testid="drawer-section-{id}"` on the button, `data-section` on the wrapper.
 */
import { useId, type ReactNode } from 'react';
import { MenuIcon } from '../ui/MenuIcon.tsx';
import type { DrawerSectionId } from './sections.ts';

export interface DrawerSectionProps {
  id: DrawerSectionId;
  title: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** The heading button and, when open, its region. */
export function DrawerSection({ id, title, open, onToggle, children }: DrawerSectionProps) {
  const base = useId();
  return (
    <div className="drawer-section" data-section={id}>
      <h3 className="drawer-section-heading">
        <button
          type="button"
          id={`${base}-button`}
          className="drawer-section-toggle"
          aria-expanded={open}
          aria-controls={`${base}-region`}
          data-testid={`drawer-section-${id}`}
          onClick={onToggle}
        >
          <span>{title}</span>
          <MenuIcon name="chevron-right" size={16} className="drawer-section-chevron" />
        </button>
      </h3>
      <div
        id={`${base}-region`}
        role="region"
        aria-labelledby={`${base}-button`}
        className="drawer-section-body"
        hidden={!open}
      >
        {open && children}
      </div>
    </div>
  );
}
