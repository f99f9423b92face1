import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const DRIVERS = ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pg', 'drizzle-orm', 'drizzle-orm/*', 'pino'];

export default defineConfig(
  { ignores: ['dist/', '.astro/', '.data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
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
    files: ['tests/**'],
    // Tests read response bodies loosely, the way a client would.
    rules: { 'no-empty-pattern': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
