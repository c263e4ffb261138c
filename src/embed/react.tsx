/**
 * `masthead/react` (docs/EMBED.md 'React hosts'): `<MastheadHeader>` and `<MastheadFooter>` for a React 19 host,
 * rendered by the host's own React (a peer dependency: one copy on the page) through a portal into an open shadow
 * root, with the same isolation, stylesheet, worker shim and event contract as the custom elements. Props:
 * `subSite`, `lang`, `theme`, `apiBase` (the custom elements' attributes, parsed the same way) and `onNavigate`,
 * called with the `masthead-navigate` event of every link click: call `event.preventDefault()` to route in the
 * host. A language choice re-renders the component in that language (until the `lang` prop changes).
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { I18nProvider } from '../i18n/react.tsx';
import type { Translator } from '../i18n/runtime.ts';
import { registerEmbedRoot } from '../lib/dom-root.ts';
import { PortalContainer } from '../ui/portal-container.ts';
import { parseEmbedAttributes, type EmbedAttribute } from './attributes.ts';
import { dispatchLinkEvent, handleLinkClick, NAVIGATE_EVENT, type NavigateDetail } from './events.ts';
import { setNavigationHandler } from '../lib/navigate.ts';
import { applyEmbedOptions, markEmbedInteractive } from './page-state.ts';
import { EMBED_PARTS, type EmbedPart } from './parts.tsx';
import { buildShadow, type ShadowParts } from './shadow.ts';

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

function Interactive({ children }: { children: ReactNode }) {
  useEffect(markEmbedInteractive, []);
  return children;
}

function MastheadPart({
  part,
  subSite,
  lang,
  theme,
  apiBase,
  onNavigate,
}: MastheadProps & { part: EmbedPart }) {
  const host = useRef<HTMLDivElement>(null);
  const [parts, setParts] = useState<ShadowParts | null>(null);
  const [translator, setTranslator] = useState<Translator | null>(null);
  const [chosen, setChosen] = useState<{ lang: string; over: string | undefined } | null>(null);
  const navigate = useRef(onNavigate);
  const langProp = useRef(lang);
  useEffect(() => {
    navigate.current = onNavigate;
    langProp.current = lang;
  });

  useLayoutEffect(() => {
    const el = host.current!;
    const shadow = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    const built = buildShadow(shadow);
    const unregister = registerEmbedRoot(shadow, built.box);
    const onClick = (e: Event) =>
      handleLinkClick(el, e as MouseEvent, (l) => setChosen({ lang: l, over: langProp.current }));
    const onNav = (e: Event) => navigate.current?.(e as CustomEvent<NavigateDetail>);
    shadow.addEventListener('click', onClick);
    el.addEventListener(NAVIGATE_EVENT, onNav);
    // A navigation that is not a click (src/lib/navigate.ts) is offered to the host the same way.
    setNavigationHandler((href) => dispatchLinkEvent(el, { kind: 'navigate', href }));
    setParts(built);
    return () => {
      shadow.removeEventListener('click', onClick);
      el.removeEventListener(NAVIGATE_EVENT, onNav);
      setNavigationHandler(null);
      unregister();
    };
  }, []);

  // A language chosen in the header holds until the `lang` prop itself changes.
  const effectiveLang = chosen && chosen.over === lang ? chosen.lang : lang;
  useEffect(() => {
    if (!parts) return;
    let live = true;
    const values: Record<EmbedAttribute, string | undefined> = {
      'sub-site': subSite === undefined ? undefined : String(subSite),
      lang: effectiveLang,
      theme,
      'api-base': apiBase,
    };
    void applyEmbedOptions(parseEmbedAttributes((n) => values[n] ?? null, location.origin)).then((t) => {
      if (live) setTranslator(() => t);
    });
    return () => {
      live = false;
    };
  }, [parts, subSite, effectiveLang, theme, apiBase]);

  const Part = EMBED_PARTS[part];
  return (
    <div ref={host} data-masthead={part}>
      {parts &&
        translator &&
        createPortal(
          <PortalContainer.Provider value={parts.portals}>
            <I18nProvider i18n={translator}>
              <Interactive>
                <Part />
              </Interactive>
            </I18nProvider>
          </PortalContainer.Provider>,
          parts.app,
        )}
    </div>
  );
}

/** The announcement bar and the header (SPEC §2), isolated in a shadow root. */
export function MastheadHeader(props: MastheadProps) {
  return <MastheadPart part="header" {...props} />;
}

/** The footer (SPEC §2), isolated in a shadow root. */
export function MastheadFooter(props: MastheadProps) {
  return <MastheadPart part="footer" {...props} />;
}
