// Types of `masthead/react` (package.json `exports`; docs/EMBED.md 'React hosts'), the public surface of
// src/embed/react.tsx, which tests/embed/react-types.test.ts keeps equal to it.
import type { JSX } from 'react';

/** `detail` of the `masthead-navigate` event. */
export interface NavigateDetail {
  /** The link's absolute URL. */
  href: string;
}

/** Props of both components. */
export interface MastheadProps {
  /** SPEC §1 sub-site id; default the main site. */
  subSite?: number;
  /** One of the 16 locales; default English. */
  lang?: string;
  /** `light`, `dark` or `auto` (default: the visitor's stored skin, else the system scheme). */
  theme?: 'light' | 'dark' | 'auto';
  /** Origin of the APIs; default the page's own origin. */
  apiBase?: string;
  /** Every link click: `event.detail.href`; `event.preventDefault()` keeps the browser from navigating. */
  onNavigate?: (event: CustomEvent<NavigateDetail>) => void;
}

/** The announcement bar and the header, isolated in a shadow root. */
export declare function MastheadHeader(props: MastheadProps): JSX.Element;
/** The footer, isolated in a shadow root. */
export declare function MastheadFooter(props: MastheadProps): JSX.Element;
