// ESLint: the recommended sets of ESLint, typescript-eslint (type-aware) and eslint-plugin-lit.
// typescript-eslint reads types through the TypeScript 6 JS API (`typescript` is @typescript/typescript6);
// `tsc` itself is TypeScript 7 (@typescript/native). See docs/internals.md, "Dependencies, and why".
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import lit from 'eslint-plugin-lit';
import hsw from './eslint-rules/style-props.js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    'dist/',
    'dist-single/',
    'dist-phone/',
    'dist-server/',
    'tests/snippets/', // test data: snippets whose output is checked against Node and Chromium, kept byte-identical
    'test-results/',
    'playwright-report/',
    'bench-results/',
    'screenshots/',
    'dist-phone/',
    'workshop-data/',
  ]),

  js.configs.recommended,

  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // TypeScript checks this itself (`noFallthroughCasesInSwitch`), and knows that a case ending in a call
      // that returns `never` (the simulator's `this.refuse(...)`) does not fall through; ESLint's rule does not.
      'no-fallthrough': 'off',
      // A parameter named `_x` is there for a signature, not for the body: a model's `stateForStep(step, current)`
      // that ignores `current` (the contract of lib/demo-contract.ts; tests pass it to show it is ignored),
      // asyncio-sim's `_leave_task(task)` as CPython's. Unused variables and imports are still errors.
      '@typescript-eslint/no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_' }],
      // The two simulators unwind with plain classes that are not errors on purpose, and catch them themselves.
      // The JavaScript simulator: `Throw` carries the value a simulated `throw` threw (any JavaScript value),
      // `Halt` ends the run. The asyncio model: a Python exception (`PyException` and its subclasses) travels
      // through the coroutines' generators as it travels through Python frames. Everything else must throw an Error
      // (anything else thrown in a simulator is a bug in it, and is not caught).
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'file', name: ['Throw', 'Halt'], path: 'components/shared/js-sim/values.ts' },
            {
              from: 'file',
              name: ['PyException', 'CancelledError', 'InvalidStateError'],
              path: 'components/shared/asyncio-sim/exceptions.ts',
            },
          ],
        },
      ],
    },
  },

  {
    files: ['components/**/*.ts', 'lib/**/*.ts', 'slides/**/*.ts', 'src/**/*.ts'],
    extends: [lit.configs['flat/recommended']],
    settings: {
      // The demos extend these, not LitElement directly; the plugin then knows their `static properties`.
      lit: { elementBaseClasses: ['DemoElement', 'QuizElement'] },
    },
    languageOptions: { globals: globals.browser },
    // No style attribute in a template but through styleProps() (the deck's policy refuses one): eslint-rules/.
    plugins: { hsw },
    rules: { 'hsw/style-props': 'error' },
  },

  {
    files: ['components/**/*-element.ts', 'components/ui/*.ts', 'src/**/*.ts'],
    rules: {
      // Lit calls a listener bound in a template (`@click=${this.onCall}`) with `this` set to the element (the
      // `host` render option), so passing a method there is correct Lit, and the rule's warning a false alarm.
      // It stays on for the models, the slides, the tests and the scripts.
      '@typescript-eslint/unbound-method': 'off',
    },
  },

  {
    files: ['scripts/**', 'tests/**', 'server/**', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },

  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
);
