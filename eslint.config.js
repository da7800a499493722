// One lint setup for the whole repository (flat config). Formatting is Prettier's job
// (`prettier --check` runs beside ESLint in `npm run lint`), so no stylistic rules here.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
          patterns: [
            {
              regex: '^(\\.\\./)+scripts/',
              message:
                'Workspaces do not import from the root scripts/: use @campus-safety/testkit or @campus-safety/model.',
            },
          ],
        },
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
);
