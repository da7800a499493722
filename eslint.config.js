// One lint setup for the whole repository (flat config). Formatting is Prettier's job
// (`prettier --check` runs beside ESLint in `npm run lint`), so no stylistic rules here.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';

// The console's feature folders (web/docs/console.md, "Layout"): each is a zone of its own.
const consoleFeatures = readdirSync(new URL('./web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** No workspace imports the root scripts/ (they are the repository's own tools). */
const NO_SCRIPTS = {
  regex: '^(\\.\\./)+scripts/',
  message:
    'Workspaces do not import from the root scripts/: use @campus-safety/testkit or @campus-safety/model.',
};

/** The functions' entry points: what Firebase calls. */
const FUNCTION_HANDLERS = [
  './functions/src/callables',
  './functions/src/triggers',
  './functions/src/scheduled',
  './functions/src/http',
];

/** The console and the model never reach into the functions' sources (they share through model/). */
const NO_FUNCTIONS_SRC = {
  regex: '(^|/)functions/src(/|$)',
  message:
    'The console and the model do not import the functions: share through @campus-safety/model.',
};

/** Only the console imports the console's sources. */
const NO_WEB_SRC = {
  regex: '(^|/)web/src(/|$)',
  message: 'Only the console imports the console: share through @campus-safety/model.',
};

/** The product never imports the emulator: it is Firestore's stand-in, started as a process. */
const NO_EMULATOR_SRC = {
  regex: '(^|/)emulator/src(/|$)',
  message: 'The product does not import the emulator: it talks to it as to Firestore.',
};

/** The emulator implements Firestore and knows nothing of the product built on it. */
const NO_PRODUCT = {
  regex: '(^|/)(functions|model|web)/src(/|$)|^@campus-safety/model$',
  message: 'The emulator implements Firestore; it does not import the product.',
};

/** Firestore is the data layer's: every entry point of the SDK (lite, the scoped packages). */
const NO_FIRESTORE = {
  regex: '^@?firebase/firestore(/|$)',
  message: 'Read and write through the data layer (web/src/data).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'functions/lib/**',
      '**/coverage/**',
      '.emulator-data/**',
      '.firebase/**',
      'test-artifacts/**',
      'emulator/launcher/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_`-prefixed names are deliberately unused (callback positions, destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tooling, the emulator, the functions and every test run on Node.
    files: [
      '*.{js,mjs,cjs,ts}',
      'scripts/**',
      'e2e/**',
      'emulator/**',
      'functions/**',
      'model/**',
      'test/**',
      'testkit/**',
      'web/*.{js,mjs,ts}',
      'web/scripts/**',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Workspaces and the product suites never reach into the root scripts/ (the start and test
    // tooling): what they share with it lives in testkit/ or model/. The e2e suite is exempt: it
    // tests the very stack `npm start` runs.
    files: ['model/**', 'testkit/**', 'emulator/**', 'functions/**', 'web/**', 'test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [NO_SCRIPTS],
        },
      ],
    },
  },
  {
    // Which workspace may import which (a later block replaces the rule for its files, so each
    // list is whole): the model is below everything; the functions and the console share only
    // through it; nothing of the product imports the emulator, nor the emulator the product.
    files: ['model/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NO_SCRIPTS, NO_FUNCTIONS_SRC, NO_WEB_SRC, NO_EMULATOR_SRC] },
      ],
    },
  },
  {
    files: ['functions/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_SCRIPTS, NO_WEB_SRC, NO_EMULATOR_SRC] }],
    },
  },
  {
    files: ['emulator/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [NO_SCRIPTS, NO_PRODUCT] }],
    },
  },
  {
    files: ['web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NO_SCRIPTS, NO_FUNCTIONS_SRC, NO_EMULATOR_SRC] },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.{js,mjs,ts,tsx}', '**/test/**'],
    languageOptions: { globals: { ...globals.mocha } },
    // Tests poke at wire formats and SDK internals where `any` is the honest type.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The reporter app's service worker (docs/reporter-app.md#offline); the build fills in its
    // list of files (web/vite.config.ts). push-sw.js is Web Push's, served as it is.
    files: ['web/service-worker/**/*.js', 'web/public/push-sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // The console runs in the browser and uses React hooks. The classic hooks rules only: the
    // React Compiler rules of the plugin's newer presets judge code written for the compiler,
    // which this project does not use.
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Boundaries of the console (bulletproof-react): a feature uses shared code and the data
    // layer, never another feature (what two features share is lifted into shared code, and
    // screens are composed in `app`); shared code does not know the features or the app; only
    // the data layer talks to Firestore. (Import cycles: `npm run lint:cycles`.)
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      // Without these, the plugin cannot resolve the imports of .ts and .tsx files.
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...consoleFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: lift what they share into shared code.',
            })),
            {
              target: './web/src/features',
              from: './web/src/app',
              message:
                'Features do not import the app: the app composes features, not the reverse.',
            },
            {
              target: [
                './web/src/components',
                './web/src/data',
                './web/src/lib',
                './web/src/session',
              ],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared code does not depend on features or the app.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          // A later block replaces the rule for its files: keep the workspaces' rules too.
          patterns: [NO_FIRESTORE, NO_SCRIPTS, NO_FUNCTIONS_SRC, NO_EMULATOR_SRC],
        },
      ],
    },
  },
  {
    // The data layer and the Firestore instance are where the SDK is used.
    files: ['web/src/data/**', 'web/src/lib/db.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [NO_SCRIPTS, NO_FUNCTIONS_SRC, NO_EMULATOR_SRC] },
      ],
    },
  },
  {
    // Layers of the functions (docs/functions.md, "Layout"): handlers (callables, triggers,
    // scheduled jobs, HTTP endpoints) use the use cases in services/; use cases use push/,
    // platform/ and the pure domain/; nothing below reaches back up.
    files: ['functions/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.js'],
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './functions/src/services',
              from: FUNCTION_HANDLERS,
              message: 'Use cases do not depend on the handlers that call them.',
            },
            {
              target: './functions/src/push',
              from: [...FUNCTION_HANDLERS, './functions/src/services'],
              message: 'The push sender is below the use cases: pass it what it needs.',
            },
            {
              target: './functions/src/platform',
              from: [...FUNCTION_HANDLERS, './functions/src/services', './functions/src/push'],
              message: 'Platform plumbing does not know the use cases.',
            },
            {
              target: ['./functions/src/domain', './functions/src/schemas'],
              from: [
                ...FUNCTION_HANDLERS,
                './functions/src/services',
                './functions/src/push',
                './functions/src/platform',
              ],
              message: 'The domain is pure: no Firebase, no services.',
            },
          ],
        },
      ],
    },
  },
  {
    // The demo institution is for the seed, fixtures and tests (docs/institution.md): the
    // console and the functions read the saved campuses, never a list in code.
    files: ['functions/src/**', 'web/src/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='@campus-safety/model/demo']",
          message: 'Read the saved campuses (settings/campuses), not the demo institution.',
        },
      ],
    },
  },
);
