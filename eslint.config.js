import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverNotWeb = { group: ['**/web/**'], message: 'The server never imports web code; share through src/domain.' };
const orderingZone = {
  group: ['**/ordering/*', '!**/ordering/index'],
  message: 'Import the order\'s life from ordering/index only: what it offers other folders is listed there.',
};
const ROUTE_FILES = ['src/server/**/routes.ts', 'src/server/**/*-routes.ts'];
const routesHttpOnly = [
  { group: ['**/*repository*'], message: 'Routes are HTTP only: call a service, which calls the repository.' },
  { group: ['kysely'], message: 'Routes are HTTP only: no SQL here; put it in a repository behind a service.' },
];
const routesRunNoQuery = {
  selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|transaction)$/]',
  message: 'Routes are HTTP only: queries and transactions belong in a service or repository.',
};

/** Imports run one way: domain imports neither side; web and server never import each other. */
const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // CommonJS on purpose (scripts/threadpool-size.cjs is preloaded with node --require).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/domain/**'],
    rules: boundary([{ group: ['**/server/**', '**/web/**', 'node:*'], message: 'src/domain is pure and shared: no server, web or Node imports.' }]),
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary([{ group: ['**/server/**'], message: 'The browser never imports server code; share through src/domain.' }]),
    },
  },
  {
    files: ['src/server/**'],
    rules: boundary([serverNotWeb]),
  },
  {
    // Other folders reach the order's life only through what ordering/index.ts offers.
    files: ['src/server/**'],
    ignores: ['src/server/ordering/**', '**/*.test.ts'],
    rules: boundary([serverNotWeb, orderingZone]),
  },
  {
    // Routes are HTTP only: parse, call a service, answer. SQL lives in repositories, reached through services.
    files: ROUTE_FILES,
    rules: { ...boundary([serverNotWeb, ...routesHttpOnly]), 'no-restricted-syntax': ['error', routesRunNoQuery] },
  },
  {
    files: ROUTE_FILES,
    ignores: ['src/server/ordering/**'],
    rules: boundary([serverNotWeb, ...routesHttpOnly, orderingZone]),
  },
);
