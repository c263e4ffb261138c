/**
 * The language-switch rule shared by every placement of the language choice (header menu, footer selector, side
 * drawer): SPEC §4 — Turkish off the Turkey sub-site asks first (TurkishConfirm), any other pick follows its link
 * after applying the language defaults (rise colour). One implementation, several placements.
 */
import { useState, type MouseEvent } from 'react';
import type { Locale } from '../../common/domain/locales.ts';
import { applyLanguageDefaults } from '../state/prefs.ts';
import { languageSwitchMode } from './languages.ts';
import { currentSubWebsiteId } from './sub-site.ts';

/** What a placement needs: a click handler factory and the Turkish confirmation's open state. */
export interface LanguagePick {
  /** Handler for a language link; `close` closes the placement's menu before the confirmation opens. */
  pick: (close: () => void) => (target: Locale, event: MouseEvent<HTMLAnchorElement>) => void;
  confirmOpen: boolean;
  setConfirmOpen: (open: boolean) => void;
}

/** The shared pick logic (render `<TurkishConfirm open={confirmOpen} onOpenChange={setConfirmOpen} />` beside). */
export function useLanguagePick(): LanguagePick {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const pick: LanguagePick['pick'] = (close) => (target, event) => {
    if (languageSwitchMode(target, currentSubWebsiteId()) === 'confirm-turkey') {
      event.preventDefault();
      close();
      setConfirmOpen(true);
      return;
    }
    applyLanguageDefaults(target);
  };
  return { pick, confirmOpen, setConfirmOpen };
}
