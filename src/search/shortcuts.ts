/**
 * Keyboard shortcuts that open the search modal (SPEC §2 'Search modal'): `/` when focus is not in a text field, and
 * Ctrl+K or Cmd+K anywhere (the browser's own Ctrl+K is overridden while the page has focus). Pure: takes the key
 * event's fields, not the event.
 */

/** The parts of a KeyboardEvent the rule reads. */
export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** True while an IME composes text (the key belongs to the composition). */
  isComposing?: boolean;
}

/** What the focused element is, as far as the rule cares. */
export interface FocusTarget {
  tagName?: string;
  isContentEditable?: boolean;
  /** `type` of an input element. */
  type?: string;
}

/** Input types that do not take text: `/` still opens search from them. */
const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'radio',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
]);

/** True when typing `/` into `target` would insert text (input, textarea, select, contenteditable). */
export function isTextField(target: FocusTarget | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = (target.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
}

/** True when the key opens the search modal with focus on `target`. */
export function isSearchShortcut(key: ShortcutKey, target: FocusTarget | null | undefined): boolean {
  if (key.isComposing || key.altKey) return false;
  if ((key.ctrlKey || key.metaKey) && key.key.toLowerCase() === 'k') return true;
  return key.key === '/' && !key.ctrlKey && !key.metaKey && !isTextField(target);
}
