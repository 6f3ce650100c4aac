// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import { PENDING_TABLE_IMPORTS, TABLE_OWNERS } from './apps/server/table-owners.mjs';

const noEnums = {
  selector: 'TSEnumDeclaration',
  message: 'Use a string-literal union or an `as const` object.',
};
/*
 * `(log.warn ?? log.error)(…)` calls the method without its object: pino's methods read `this`,
 * and such a call threw in a background job and ended the process (issue 20).
 * @typescript-eslint/unbound-method takes `??`, `||` and `?:` before a call for safe; this does not.
 */
const noDetachedMethodCall = {
  selector: 'CallExpression > :matches(LogicalExpression, ConditionalExpression).callee > MemberExpression',
  message:
    'Call the method on its object (`a.b ? a.b(x) : a.c(x)`): picked out with ??, || or ?: it loses `this`.',
};
/** The restrictions every file has; a block that adds its own lists them again (rules replace). */
const houseSyntax = [noEnums, noDetachedMethodCall];

const privateRepository = {
  regex: '^\\.\\./[^/]+/[^/]+\\.repo$',
  message: "A module never imports another module's repository; use that module's service.",
};

/**
 * The table fence: one block per folder of apps/server/src (each module, lib, mail, jobs and the
 * root files) restricting the names it may import from db/schema to the tables it owns. Tests,
 * the seed (a fixture loader over every table), test/ helpers and db/ itself are outside it
 * (docs/decisions/364-table-owners.md).
 */
function tableFence() {
  /** @type {Record<string, readonly string[]>} */
  const pending = PENDING_TABLE_IMPORTS;
  const tables = Object.keys(TABLE_OWNERS);
  const modules = readdirSync('apps/server/src/modules', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `modules/${entry.name}`);
  const folders = [...modules, 'lib', 'mail', 'jobs', ''];
  return folders.map((folder) => {
    const allowed = new Set(pending[folder] ?? []);
    const notOwned = tables.filter(
      (table) =>
        TABLE_OWNERS[/** @type {keyof typeof TABLE_OWNERS} */ (table)] !== folder && !allowed.has(table),
    );
    const owner = folder === '' ? 'the server root' : folder;
    return {
      files: [folder === '' ? 'apps/server/src/*.ts' : `apps/server/src/${folder}/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...(folder.startsWith('modules/') ? [privateRepository] : []),
              {
                regex: '(^|/)db/schema$',
                importNames: notOwned,
                message: `${owner} does not own this table (apps/server/table-owners.mjs): call its owner's service, or join the owner's views.`,
              },
            ],
          },
        ],
      },
    };
  });
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            'scripts/*.mjs',
            '*.config.ts',
            '*/*/vitest.config.ts',
            '*/*/vitest.*.config.ts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-syntax': ['error', ...houseSyntax],
    },
  },
  {
    // packages/domain is pure: zod and nothing else (CONVENTIONS.md); zod/mini is zod's tree-shakable
    // build, for the schemas the web app runs (docs/decisions/356-web-bundle-diet.md).
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|zod/mini$|\\.{1,2}/)',
              message: 'packages/domain imports zod and nothing else.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'app', pattern: 'apps/web/src/app' },
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: ['apps/web/src/components', 'apps/web/src/lib'] },
      ],
      'boundaries/include': ['apps/web/src/**/*'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A feature never imports another feature; the router in app/ composes them (CONVENTIONS.md).
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: [
                { to: { element: { type: 'app' } } },
                { to: { element: { type: 'feature' } } },
                { to: { element: { type: 'shared' } } },
              ],
            },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { type: 'shared' } } },
                {
                  to: { element: { type: 'feature', captured: { feature: '{{ from.captured.feature }}' } } },
                },
              ],
            },
            { from: { element: { type: 'shared' } }, allow: [{ to: { element: { type: 'shared' } } }] },
          ],
        },
      ],
    },
  },
  {
    // No import cycle anywhere (CONVENTIONS.md: dependencies point inward).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The server's seams: lib is below the modules; a module's repository is its own; the server
    // and the web app never import each other (issue 6 "Lint fences").
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'server-lib', pattern: 'apps/server/src/lib' },
        { type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] },
        {
          type: 'server-core',
          pattern: ['apps/server/src/db', 'apps/server/src/jobs', 'apps/server/src/mail'],
        },
        { type: 'web', pattern: 'apps/web' },
      ],
      'boundaries/include': ['apps/server/src/**/*', 'apps/web/**/*'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'server-lib' } },
              disallow: [{ to: { element: { type: 'server-module' } } }],
            },
            {
              from: { element: { type: ['server-lib', 'server-module', 'server-core'] } },
              disallow: [{ to: { element: { type: 'web' } } }],
            },
          ],
        },
      ],
    },
  },
  // A module's repository is private to it: other modules go through its service (a file-level
  // rule, which boundaries' folder elements cannot express). And one owner per table (issue 23):
  // a folder imports from db/schema only the tables apps/server/table-owners.mjs gives it.
  ...tableFence(),
  {
    // One endpoint table (issue 23, docs/decisions/365-endpoint-table.md): the server registers a route
    // with route(app, 'name', …) from packages/domain/src/api/endpoints.ts, never with a path of its
    // own, and its plugins take no path prefix.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...houseSyntax,
        {
          selector:
            'CallExpression[callee.property.name=/^(get|post|put|patch|delete|head|options|all)$/] > Literal.arguments:first-child[value=/^\\//]',
          message: "Register the route with route(app, '<endpoint>', …) from the endpoint table.",
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(get|post|put|patch|delete|head|options|all)$/] > TemplateLiteral.arguments:first-child > TemplateElement:first-child[value.raw=/^\\//]',
          message: "Register the route with route(app, '<endpoint>', …) from the endpoint table.",
        },
        {
          selector: 'Property[key.name=/^(prefix|url)$/] > Literal[value=/^\\/./]',
          message: 'Paths live in the endpoint table (packages/domain/src/api/endpoints.ts), in full.',
        },
      ],
    },
  },
  {
    // Issue 23 item 4 ("no path string is written twice"): the server's tests take API URLs from the
    // endpoint table too (apiPath in apps/server/src/test/api-path.ts). A deliberate address outside
    // the table (an unknown path, the OpenAPI document) keeps its literal under an eslint-disable
    // comment that says why.
    files: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...houseSyntax,
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message: "Take the URL from the endpoint table: apiPath('<endpoint>', params, query).",
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/api\\//]',
          message: "Take the URL from the endpoint table: apiPath('<endpoint>', params, query).",
        },
      ],
    },
  },
  {
    // The dev services stand in for Google and Stripe on their own (issues 22, 23): the Stripe
    // emulator never borrows our tax, tier or proration code, so a wrong rule of ours fails a test
    // instead of agreeing, and no dev service (nor its tests) imports the server or the domain.
    files: ['dev-services/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@mergedesk/(domain|server|web)(/.*)?|(\\.\\./)+(apps|packages)/.*)$',
              message:
                'Dev services implement Google and Stripe on their own; do not import our server, web or domain.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web app never imports the server (the server side is the block above).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)server/src(/|$)|^@mergedesk/server',
              message: 'The web app never imports the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // The schema's value lists come from packages/domain, written once (issue 6).
    files: ['apps/server/src/db/schema.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...houseSyntax,
        {
          selector: "Property[key.name='enum'] > ArrayExpression.value",
          message: 'Import the value list from packages/domain instead of re-typing it.',
        },
      ],
    },
  },
  {
    // TanStack Query keys are made by the factories of apps/web/src/lib/query-keys.ts only.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/query-keys.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...houseSyntax,
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression.value",
          message: 'Make query keys with the factories of lib/query-keys.ts.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(get|set)Quer(y|ies)(Data|State)$/] > ArrayExpression.arguments:first-child',
          message: 'Make query keys with the factories of lib/query-keys.ts.',
        },
      ],
    },
  },
  {
    // Size budget (issue 23): a function over 150 lines or a file over 400 is a warning to split it.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.faults.test.ts', 'e2e/**', '**/db/migrations/**'],
    rules: {
      'max-lines-per-function': ['warn', { max: 150, skipBlankLines: true, skipComments: true }],
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // expect.any() and asymmetric matchers are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
);
