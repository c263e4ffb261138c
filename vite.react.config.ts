// The React components' build (docs/EMBED.md 'React hosts'): `masthead/react` (package.json `exports`) from
// src/embed/react.tsx into `dist-react/`, with the embed build's settings (vite.embed.config.ts: the components'
// CSS in one stylesheet for the shadow roots, the market worker as one file, relative URLs) and React left to the
// host's bundler: a peer dependency, so the page runs one copy. Its types: types/masthead-react.d.ts.
// `npm run build:react`; the React host's e2e runs it (e2e/hosts/react-host.ts).
import { defineConfig } from 'vite';
import { embedBuildConfig } from './vite.embed.config.ts';

export default defineConfig(
  embedBuildConfig({
    entry: 'src/embed/react.tsx',
    outDir: 'dist-react',
    entryFileName: 'masthead-react.js',
    external: [/^react(?:-dom)?(?:\/.*)?$/],
  }),
);
