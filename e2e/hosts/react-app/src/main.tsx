// A React 19 single-page host (docs/EMBED.md 'React hosts'): masthead's header and footer from `masthead/react`, and a
// client-side router that takes `masthead-navigate` for its own origin's links (no page load) and lets the browser
// follow the others.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MastheadFooter, MastheadHeader, type NavigateDetail } from 'masthead/react';

function App() {
  const [path, setPath] = useState(location.pathname + location.search);
  useEffect(() => {
    const onPop = () => setPath(location.pathname + location.search);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  const onNavigate = (event: CustomEvent<NavigateDetail>) => {
    const url = new URL(event.detail.href);
    if (url.origin !== location.origin) return;
    event.preventDefault();
    history.pushState(null, '', url.pathname + url.search);
    setPath(url.pathname + url.search);
  };
  return (
    <>
      <MastheadHeader lang="en" theme="light" onNavigate={onNavigate} />
      <main>
        <h1 id="host-title" data-testid="host-route">
          {path}
        </h1>
        <p id="host-text">Text of the host, in the host&apos;s fonts.</p>
        <button type="button" id="host-button">
          The host&apos;s button
        </button>
      </main>
      <MastheadFooter lang="en" theme="light" onNavigate={onNavigate} />
    </>
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
