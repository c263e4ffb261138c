/**
 * The embedded elements' shared base (docs/EMBED.md): an open shadow root holding the element's stylesheet (a
 * `<link>` to masthead's own CSS, whose `:root`/`html` rules the embed build rewrites to the `.mh-root` box), a root
 * box that stands for `<html>` (the display attributes and `lang`/`dir` land on it, src/lib/dom-root.ts), the React
 * root and the container of the Radix portals (popovers and dialogs render inside the shadow root). The host page's
 * CSS reaches none of it (the root box resets every property, inherited ones included), and its CSS reaches nothing
 * of the host. Attribute changes re-render in place; link clicks dispatch the events of ./events.ts.
 */
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { I18nProvider } from '../i18n/react.tsx';
import type { Translator } from '../i18n/runtime.ts';
import { registerEmbedRoot } from '../lib/dom-root.ts';
import { PortalContainer } from '../ui/portal-container.ts';
import { applyBootData, readBootData, type BootData } from '../state/boot-data.ts';
import { EMBED_ATTRIBUTES, parseEmbedAttributes, parseLang } from './attributes.ts';
import { dispatchLinkEvent, handleLinkClick } from './events.ts';
import { setNavigationHandler } from '../lib/navigate.ts';
import { buildShadow } from './shadow.ts';
import { applyEmbedOptions, markEmbedInteractive } from './page-state.ts';

/** The elements' tag names. */
export const HEADER_TAG = 'masthead-header';
export const FOOTER_TAG = 'masthead-footer';

function Interactive({ children }: { children: ReactNode }) {
  useEffect(markEmbedInteractive, []);
  return children;
}

/**
 * One embedded part: subclasses say what it renders (`content`). Renders on connect and on every change of an
 * observed attribute; a disconnected element unmounts its tree (a move within the page keeps it).
 */
export abstract class MastheadElement extends HTMLElement {
  static readonly observedAttributes = [...EMBED_ATTRIBUTES];
  #react: Root | null = null;
  #box: HTMLDivElement | null = null;
  #portals: HTMLDivElement | null = null;
  #unregister: (() => void) | null = null;
  #version = 0;
  /** The server fragment's boot data, until the first render hydrates with it. */
  #boot: BootData | null = null;

  /** What the element renders inside its shadow root. */
  protected abstract content(): ReactNode;

  connectedCallback(): void {
    if (!this.#box) this.#build();
    this.#render();
  }

  disconnectedCallback(): void {
    queueMicrotask(() => {
      if (this.isConnected) return;
      this.#react?.unmount();
      this.#react = null;
      this.#unregister?.();
      this.#unregister = null;
    });
  }

  attributeChangedCallback(_name: string, before: string | null, after: string | null): void {
    if (before !== after && this.isConnected && this.#box) this.#render();
  }

  #build(): void {
    const declared = this.shadowRoot?.querySelector<HTMLDivElement>('.mh-root .mh-app');
    if (declared && this.shadowRoot) {
      // A server fragment's declarative shadow root (server/ssr/fragment.ts): styled and painted already; hydrated
      // from its boot data on the first render (without it, rendered afresh).
      this.#boot = declared.firstChild ? readBootData(this.shadowRoot) : null;
      if (!this.#boot) declared.replaceChildren();
      this.#box = declared.parentElement as HTMLDivElement;
      this.#portals = this.shadowRoot.querySelector<HTMLDivElement>('.mh-portals');
      this.#listen(this.shadowRoot);
      return;
    }
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const { box, portals } = buildShadow(shadow);
    this.#listen(shadow);
    this.#box = box;
    this.#portals = portals;
  }

  /**
   * Link clicks inside `shadow` dispatch the contract's events (./events.ts); so does a navigation that is not a
   * click (src/lib/navigate.ts), on the element that connected last.
   */
  #listen(shadow: ShadowRoot): void {
    setNavigationHandler((href) => dispatchLinkEvent(this, { kind: 'navigate', href }));
    shadow.addEventListener('click', (e) =>
      handleLinkClick(this, e as MouseEvent, (lang) => {
        // The page has one language: every element takes it.
        const locale = parseLang(lang);
        for (const el of document.querySelectorAll(`${HEADER_TAG}, ${FOOTER_TAG}`))
          el.setAttribute('lang', locale);
        this.setAttribute('lang', locale);
      }),
    );
  }

  #render(): void {
    const box = this.#box!;
    if (!this.#unregister) this.#unregister = registerEmbedRoot(this.shadowRoot!, box);
    const version = ++this.#version;
    const options = parseEmbedAttributes((name) => this.getAttribute(name), location.origin);
    const boot = this.#boot;
    this.#boot = null;
    if (boot) applyBootData(boot);
    void applyEmbedOptions(options, boot).then((translator: Translator) => {
      if (version !== this.#version) return;
      const tree = (
        <StrictMode>
          <PortalContainer.Provider value={this.#portals}>
            <I18nProvider i18n={translator}>
              <Interactive>{this.content()}</Interactive>
            </I18nProvider>
          </PortalContainer.Provider>
        </StrictMode>
      );
      const app = box.querySelector<HTMLElement>('.mh-app')!;
      if (this.#react) this.#react.render(tree);
      else if (boot)
        this.#react = hydrateRoot(app, tree, {
          onRecoverableError: (err) =>
            console.error(`[masthead] <${this.localName}> hydration recovered by client render`, err),
        });
      else (this.#react = createRoot(app)).render(tree);
    });
  }
}
