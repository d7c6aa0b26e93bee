import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Module boundaries (docs/ARCHITECTURE.md, Modules): a module under apps/api/src/modules/<area>/ is imported by
// others only through its index.ts; test files may also use its testing.ts. A relative path names another module
// only from a known folder depth, so there is one block per module and depth (tests' blocks come after and win).
const apiModules = readdirSync(new URL('./apps/api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const TEST_FILES = ['*.test.ts', 'test-*.ts', 'testing.ts'];
const anyOf = (names) => `(?:${names.join('|')})`;
const entry = (test) => (test ? '(?!(?:index|testing)$)' : '(?!index$)');
const boundary = (regex, test) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex,
          message: `Import another module only through its index.ts${test ? ' (or its testing.ts)' : ''}: export what you need there.`,
        },
      ],
    },
  ],
});
const moduleBoundaries = [false, true].flatMap((test) =>
  apiModules.flatMap((own) =>
    [0, 1, 2].map((depth) => {
      const folder = `apps/api/src/modules/${own}/${'*/'.repeat(depth)}`;
      const others = anyOf(apiModules.filter((m) => m !== own));
      return {
        files: test ? TEST_FILES.map((f) => folder + f) : [`${folder}*.ts`],
        rules: boundary(`^(?:\\.\\./){${depth + 1}}${others}/${entry(test)}`, test),
      };
    }),
  ),
);
// Outside the modules (the server's entry, the test harness, benchmarks, journeys): the same, by path.
const outside = (test) => boundary(`(?:^|/)modules/${anyOf(apiModules)}/${entry(test)}`, test);

// The console (apps/web/src/features/README.md): a feature imports no `app/` (route types, paths and the route
// table's answers are in lib/), and another feature only through its index.ts or its api/ (tests: also testing.ts).
// lib/, components/ and the kiosk import neither app/ nor features. No web file imports the server.
const NO_SERVER = [{ group: ['**/apps/api/**', '@gatehouse/api'], message: 'The web app never imports server code.' }];
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const WEB_TEST_FILES = ['*.test.ts', '*.test.tsx', 'testing.ts', 'test-*.ts'];
const webRestricted = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [...NO_SERVER, ...patterns] }] });
const featureBoundaries = [false, true].flatMap((test) =>
  webFeatures.flatMap((own) =>
    [0, 1, 2, 3].map((depth) => {
      const folder = `apps/web/src/features/${own}/${'*/'.repeat(depth)}`;
      const others = anyOf(webFeatures.filter((f) => f !== own));
      return {
        files: test ? WEB_TEST_FILES.map((f) => folder + f) : [`${folder}*.{ts,tsx}`],
        rules: webRestricted(
          { regex: `^(?:\\.\\./){${depth + 2}}app/`, message: 'A feature does not import app/: what pages need of it lives in lib/.' },
          {
            regex: `^(?:\\.\\./){${depth + 1}}${others}/${test ? '(?!(?:index|testing)$|api/)' : '(?!index$|api/)'}`,
            message: `Import another feature only through its index.ts or api/${test ? ' (or its testing.ts)' : ''}.`,
          },
        ),
      };
    }),
  ),
);
const sharedWeb = webRestricted({ regex: '^(?:\\.\\./)+(?:app|features)/', message: 'Shared code and the kiosk import neither app/ nor features.' });

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/api/src/db/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...moduleBoundaries,
  {
    // Response shapes live in the contract (docs/ARCHITECTURE.md, Modules): a route's `response` names a contract
    // schema (or wraps one in listOf/one/saved), so a change on either side fails the other's type check.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...["CallExpression[callee.object.name='z']", 'CallExpression[callee.property.name=/^(extend|merge|pick|omit|partial|and|or)$/]'].map((call) => ({
          selector: `Property[key.name='response'] ${call}`,
          message: 'Declare the response schema in packages/contract/src/<area>.ts and name it here.',
        })),
      ],
    },
  },
  { files: ['apps/api/src/*.ts'], rules: outside(false) },
  { files: ['apps/api/test/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'], rules: outside(true) },
  {
    // The house rules (architecture section 3): platform knows no module; contract imports nothing of ours.
    files: ['apps/api/src/platform/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/modules/**'] }] },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/**', '@gatehouse/api', '@gatehouse/web'] }] },
  },
  { files: ['apps/web/**/*.{ts,tsx}'], rules: webRestricted() },
  ...featureBoundaries,
  { files: ['apps/web/src/{lib,components,kiosk}/**/*.{ts,tsx}'], rules: sharedWeb },
);
