// One lint for the whole repository: TypeScript everywhere, React's hook rules and jsx-a11y in the portal,
// and the architecture as import zones (bulletproof-react's no-restricted-paths) and no import cycles.
// `npm run lint` runs it with --max-warnings 0.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { layerZones } from './scripts/check/folder-layers.js'

const features = readdirSync('web/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

const zones = [
  // features are isolated: a feature imports no other feature
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A feature imports no other feature: move what both need to components/, hooks/ or lib/.',
  })),
  // one direction: app → features → shared code
  { target: './web/src/features', from: './web/src/app', message: 'Features never import the app.' },
  {
    target: ['./web/src/components', './web/src/hooks', './web/src/lib', './web/src/config'],
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared code imports no feature and not the app.',
  },
  // the parts around the portal never reach into it; core is below everything
  {
    target: ['./mock', './cli', './contract'],
    from: './web',
    message: 'Only web imports web/: shared types come from contract/generated/model, shared rules from core/.',
  },
  { target: './core', from: ['./web', './mock', './cli', './scripts'], message: 'core/ is the bottom layer: it imports no part of the product.' },
  { target: './cli', from: './mock/src/handlers', message: "The CLI checks any backend: it never uses the mock's handlers." },
  {
    target: './contract',
    from: ['./cli', './mock', './scripts', './tests'],
    message: 'contract/ is the contract and its engine (a library that returns data): it imports only core/ and packages.',
  },
  { target: ['./scripts', './mock', './cli', './web'], from: './tests', message: 'Tests import the product, never the other way round (scripts included).' },
  // the mock, its world and the CLI in tiers, each folder importing only the tiers below it (decisions 021, 042)
  ...layerZones(),
  {
    target: './mock/src/handlers',
    from: './mock/src/world/seed',
    message: 'Handlers never import the seed (only the runtime and the control API build worlds): a rule a handler needs lives in world/.',
  },
]

const generatedEndpoints = {
  group: ['**/lib/api/generated/endpoints/**'],
  allowImportNamePattern: '^(use(Get|List|Find)[A-Z]\\w*|get\\w+(QueryOptions|QueryKey|MutationOptions)|(get|list|find|render)[A-Z]\\w*|[A-Z]\\w*)$',
  message: 'Write through useMutation(get…MutationOptions()); read through the generated query hooks or options.',
}
const zodMessage = "Import z from '@/lib/forms/zod': its messages are the traveller's, never zod's."
const zodDirect = [
  { name: 'zod/mini', message: zodMessage },
  { name: 'zod', message: zodMessage },
]
// DOMPurify keeps the API's HTML rules set once (lib/browser/sanitize-html.ts): a second caller would get them
const dompurifyOnce = { name: 'dompurify', message: 'Sanitize with sanitizeHtml (lib/browser/sanitize-html.ts): it holds the rules DOMPurify keeps.' }
const schemasOnly = { name: '@/lib/forms/zod', message: "A form's schema goes in its feature's schemas.ts (every one is checked for its messages)." }

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'web/dist/**',
      'web/dist-server/**',
      'web/dist-shell/**',
      'web/public/**',
      'web/src/lib/api/generated/**',
      'contract/generated/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      '.mock-data/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    // import-x's TypeScript settings (which files it parses, with which parser: no-cycle reads every module)
    settings: { ...importX.flatConfigs.typescript.settings, 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // a variable a closure reads before its one assignment stays a let
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // a label's text is often one level further down, inside Lingui's <Trans>
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        // query keys come from the generated get…QueryKey, never typed by hand
        { selector: "Property[key.name='queryKey'] > ArrayExpression", message: 'Use the generated get…QueryKey(), never a hand-typed query key.' },
        // no barrel files: import a module from where it is
        { selector: 'ExportAllDeclaration', message: 'No barrel files: import from the module itself.' },
        // a form's state read through `formState` subscribes the component that holds the form: a submit then
        // re-renders the whole page in the press's own task (decision 045)
        {
          selector: "MemberExpression[property.name='formState'], VariableDeclarator > ObjectPattern > Property[key.name='formState']",
          message: "Read a form's state with useFormState({ name }) in the part that shows it, never through formState.",
        },
        // a top-level await anywhere in the app turns off the bundler's chunk optimizations (decision 040)
        {
          selector: 'AwaitExpression:not(:function AwaitExpression), ForOfStatement[await=true]:not(:function ForOfStatement)',
          message: 'No top-level await: with one, the bundler stops merging chunks (decision 040). Wrap the start-up in a function.',
        },
      ],
      // One way to write: useMutation(get…MutationOptions()). Reads: the generated query hooks and
      // options; a plain GET function only for a one-off download (a PDF, a file) that no cache keeps.
      // zod only through lib/zod.ts, which makes every message without a text of its own a traveller's.
      'no-restricted-imports': ['error', { paths: [...zodDirect, dompurifyOnce], patterns: [generatedEndpoints] }],
    },
  },
  {
    // Form schemas live in a feature's schemas.ts, where tests/web/lib/forms/zod.test.ts walks every one
    files: ['web/src/features/**/*.{ts,tsx}'],
    ignores: ['web/src/features/**/schemas.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [...zodDirect, dompurifyOnce, schemasOnly], patterns: [generatedEndpoints] }],
    },
  },
  {
    files: ['web/src/lib/forms/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['web/src/lib/browser/sanitize-html.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: zodDirect, patterns: [generatedEndpoints] }] },
  },
  {
    // e2e specs take `test` from the suite's fixtures: a request context that keeps no connection to race
    // the mock's idle close (tests/e2e/support/test.ts)
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', importNames: ['test'], message: 'Import test from ./support/test.' }] }],
    },
  },
  {
    // The node tests share their workers (tests/contract/vitest.config.ts, isolate: false): a module or global stubbed
    // in one file would reach the files after it
    files: ['tests/{core,contract,mock,cli,toolchain,docs}/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({
          object: 'vi',
          property,
          message: 'The node tests share workers: pass what differs in (a parameter, an option), never stub it for the whole worker.',
        })),
      ],
    },
  },
)
