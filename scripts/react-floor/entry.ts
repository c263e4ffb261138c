/**
 * The React floor of hydration (scripts/react-floor-copy.ts, docs/BENCHMARKS.md 'Hydration at 4x'): the least a
 * React header can load and run before it is interactive — React and React DOM, a root, one commit — and then marks
 * the page's server-rendered header ready (`data-ready="true"`, what scripts/hydration-timing.ts waits for). It
 * renders no header of its own, so its time is a lower bound for any header written in React.
 */
import { createElement, useEffect } from 'react';
import { createRoot } from 'react-dom/client';

/** Marks the server-rendered header ready once React has committed. */
function Ready(): null {
  useEffect(() => {
    document.querySelector('header.site-header')?.setAttribute('data-ready', 'true');
  }, []);
  return null;
}

const host = document.createElement('div');
document.body.appendChild(host);
createRoot(host).render(createElement(Ready));
