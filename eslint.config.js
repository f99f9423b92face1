import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const DRIVERS = ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pg', 'drizzle-orm', 'drizzle-orm/*', 'pino'];

export default defineConfig(
  { ignores: ['dist/', '.astro/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/', '.bench/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from src/server/env.ts.' },
      ],
    },
  },
  {
    files: ['src/server/env.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Code that can reach the browser never pulls in the server or a database driver.
    files: ['src/islands/**', 'src/stores/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/server', '~/server/**'], message: 'Islands, stores and lib never import src/server.' },
            { group: DRIVERS, message: 'Database drivers and server logging stay in src/server.' },
          ],
        },
      ],
    },
  },
  {
    // The client contract takes its types from the server's schemas and serializers; a type import
    // is erased, so no server code reaches the browser.
    files: ['src/lib/api/**'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/server', '~/server/**'], allowTypeImports: true, message: 'src/lib/api imports only types from src/server.' },
            { group: DRIVERS, message: 'Database drivers and server logging stay in src/server.' },
          ],
        },
      ],
    },
  },
  {
    // Islands and stores reach the API only through src/lib/api: one typed function per endpoint.
    files: ['src/islands/**', 'src/stores/**'],
    ignores: ['src/islands/admin/**', 'src/stores/query.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/server', '~/server/**'], message: 'Islands, stores and lib never import src/server.' },
            { group: DRIVERS, message: 'Database drivers and server logging stay in src/server.' },
            { group: ['**/lib/browser-api*', '**/lib/api-client*', 'ofetch'], message: 'Call the endpoint\'s function in src/lib/api/<domain>.ts.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api\\//]', message: 'No API paths here: call the endpoint\'s function in src/lib/api/<domain>.ts.' },
        { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: 'No API paths here: call the endpoint\'s function in src/lib/api/<domain>.ts.' },
      ],
    },
  },
  {
    files: ['tests/**'],
    // Tests read response bodies loosely, the way a client would.
    rules: { 'no-empty-pattern': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
