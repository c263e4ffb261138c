/**
 * First-paint CSS in the page (ARCHITECTURE.md 'The reference server'): the stylesheets the built index.html links (the entry
 * chunk's CSS and that of its static imports) are inlined as `<style>` elements, so the server-rendered header paints
 * from the HTML alone, with no render-blocking request. The CSS files stay in the build for the chunks that load them
 * later. style-src allows inline styles (server/secure-headers.ts), so no hash is needed.
 *
 * Each inlined stylesheet keeps a `disabled` link to its file after its `<style>`: a disabled stylesheet link is
 * neither fetched nor applied, but Vite's preload helper finds it among the page's stylesheet links, so a lazy chunk
 * that shares CSS with the entry does not fetch the file a second time and apply its rules again (a whole-document
 * style recalculation just after hydration).
 */

/** A stylesheet link in the built HTML: `<link rel="stylesheet" … href="/assets/NAME.css">`, any attribute order. */
const STYLESHEET_LINK = /<link\b(?=[^>]*\brel=["']?stylesheet["']?)[^>]*\bhref=["']([^"']+\.css)["'][^>]*>/gi;

/**
 * Replaces each stylesheet link whose text `read(href)` returns with `<style>` holding that text, in the same place
 * (so cascade order is kept), followed by the link made `disabled` (see the module comment). Links `read` does not know (undefined) are left as they are. A `</style` inside the
 * CSS is written `<\/style` (the same text for CSS) so it cannot close the element early.
 * Returns the new HTML and the hrefs inlined, in document order.
 */
export function inlineStylesheets(
  html: string,
  read: (href: string) => string | undefined,
): { html: string; inlined: string[] } {
  const inlined: string[] = [];
  const out = html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = read(href);
    if (css === undefined) return link;
    inlined.push(href);
    return (
      `<style data-href="${href}">${css.replace(/<\/style/gi, '<\\/style').trim()}</style>` +
      `<link rel="stylesheet" href="${href}" disabled>`
    );
  });
  return { html: out, inlined };
}
