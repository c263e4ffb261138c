import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from '../../server/ssr/inline-css.ts';

const HTML = `<head>
<link rel="modulepreload" crossorigin href="/assets/a.js">
<link rel="stylesheet" crossorigin href="/assets/first.css">
<link href="/assets/second.css" rel="stylesheet">
<link rel="stylesheet" href="/assets/unknown.css">
<link rel="icon" href="/favicon.svg">
</head>`;

describe('inlineStylesheets (first-paint CSS in the page)', () => {
  const files: Record<string, string> = {
    '/assets/first.css': '.a{color:red}\n',
    '/assets/second.css': '.b{content:"</style><script>x</script>"}',
  };
  const { html, inlined } = inlineStylesheets(HTML, (href) => files[href]);

  it('replaces known stylesheet links in place, in document order, whatever the attribute order', () => {
    expect(inlined).toEqual(['/assets/first.css', '/assets/second.css']);
    expect(html.indexOf('.a{color:red}')).toBeLessThan(html.indexOf('.b{'));
    expect(html).toContain(
      '<style data-href="/assets/first.css">.a{color:red}</style><link rel="stylesheet" href="/assets/first.css" disabled>',
    );
    // The only link left to an inlined file is the disabled one (neither fetched nor applied).
    expect(html.match(/<link[^>]*first\.css[^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/assets/first.css" disabled>',
    ]);
  });

  it('keeps links it cannot read, and links that are not stylesheets', () => {
    expect(html).toContain('<link rel="stylesheet" href="/assets/unknown.css">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/a.js">');
    expect(html).toContain('<link rel="icon" href="/favicon.svg">');
  });

  it('cannot close its <style> early from inside the CSS', () => {
    expect(html).toContain('.b{content:"<\\/style><script>x</script>"}</style>');
    expect(html.match(/<\/style>/g)).toHaveLength(2);
  });
});
