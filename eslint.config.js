// Lint: typescript-eslint recommended + React hooks rules, zero warnings allowed (npm run lint).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      '.stryker-tmp',
      'reports',
      'test-results',
      'playwright-report',
      'server/data',
      '.scratch', // git-ignored local experiments
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  // Dependency direction between realms (docs/ARCHITECTURE.md 'Realms'): common/ sits below everything and imports
  // nothing of the others; server/ and workers/ never import the app; the app imports workers/ only as types, plus
  // the worker entry (`new Worker(new URL(...))`, not an import) and the in-thread entry workers/market/in-thread.ts.
  // Static imports: no-restricted-imports; dynamic `import()`: no-restricted-syntax.
  {
    files: ['common/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(src|workers|server)/',
              message: 'common/ is realm-neutral: it imports nothing from src/, workers/ or server/.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/(^|\\W)(src|workers|server)\\W/]',
          message: 'common/ is realm-neutral: no dynamic import of src/, workers/ or server/.',
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'workers/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/',
              message: 'server/ and workers/ never import the app (src/); shared code belongs in common/.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/(^|\\W)src\\W/]',
          message: 'server/ and workers/ never import the app (src/), dynamically either.',
        },
      ],
    },
  },
  // server/ only: a constant table (`ALIASES`, `HOST_SUB_SITES`) indexed by a computed key, or probed with `in`, finds
  // inherited properties (`constructor`, `__proto__`) when the key comes from a request (docs/SECURITY.md 'Lookups keyed
  // by input'). Use a Map, or ownGet / hasOwnKey from common/own.ts. Repeats the block above's selector (a later
  // no-restricted-syntax replaces an earlier one for the same files).
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/(^|\\W)src\\W/]',
          message: 'server/ and workers/ never import the app (src/), dynamically either.',
        },
        {
          selector:
            "MemberExpression[computed=true][object.name=/^[A-Z][A-Z0-9_]+$/][property.type!='Literal']",
          message:
            'A constant table indexed by a computed key finds inherited properties (`constructor`): use a Map, or ownGet() from common/own.ts.',
        },
        {
          selector: "BinaryExpression[operator='in'][right.name=/^[A-Z][A-Z0-9_]+$/]",
          message:
            '`key in TABLE` counts inherited properties: use a Map, or hasOwnKey() from common/own.ts.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The worker's built URL (`?worker&url`, src/embed/worker-shim.ts) is a URL, not an import of its code;
              // the contract's one value is its method list (contract.ts imports types only).
              regex:
                '(^|/)workers/(?!market/in-thread(\\.ts)?$|market/contract(\\.ts)?$|market/market\\.worker\\.ts\\?worker&url$)',
              allowTypeImports: true,
              message:
                'src/ imports workers/ only as `import type` (the engine runs behind workers/market/contract.ts, whose method list is the one value allowed); the entries are the Worker URL and workers/market/in-thread.ts.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/(^|\\W)workers\\W(?!market\\Win-thread(\\.ts)?$)/]',
          message: 'src/ loads workers/ code only through the in-thread entry (workers/market/in-thread.ts).',
        },
      ],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['e2e/**', 'tests/**', 'scripts/**', 'server/**'],
    rules: { 'no-console': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
