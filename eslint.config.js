import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { boundaries } from './eslint/boundaries.js';
import { frontDoors } from './eslint/front-doors.js';
import { functionLength } from './eslint/function-length.js';

// Layers: schemas/ imports only zod; the arrows between src/ layers, projection slices and
// formats are held by eslint/boundaries.js (docs/architecture.md); only services/ start
// processes. Dependencies point one way.
const layer = (patterns, message) => ({ 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] });

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'data/**',
      'dist/**',
      'schemas/generated/events/**',
      'test/fixtures/boundaries/**',
      'test/fixtures/front-doors/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Test doubles and matchers (expect.any) are loosely typed by design.
    files: ['**/*.spec.ts', '**/*.contract.ts', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['schemas/**/*.ts'],
    rules: layer(
      ['../src/**', '../../src/**', '**/projections/**', '**/services/**', 'pg', 'fastify', '@electric-sql/*'],
      'schemas/ holds zod schemas only',
    ),
  },
  {
    files: ['projections/**/*.ts'],
    ignores: ['projections/**/*.spec.ts'],
    rules: layer(
      ['**/src/serve/**', '**/services/**', 'fastify', 'fastify-*', '@modelcontextprotocol/*'],
      'projections/ never depend on the HTTP or MCP layer',
    ),
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.spec.ts'],
    rules: layer(['**/services/**', '**/test/**'], 'src/ is wired by services/, not the other way round'),
  },
  ...boundaries({ root: import.meta.dirname }),
  ...frontDoors({ root: import.meta.dirname }),
  ...functionLength(),
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    // The explorer page's plain browser modules (no build step): the globals a browser gives them.
    files: ['src/serve/explore/page/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(
        ['window', 'document', 'fetch', 'URL', 'Node', 'CustomEvent', 'ResizeObserver', 'devicePixelRatio'].map((name) => [
          name,
          'readonly',
        ]),
      ),
    },
  },
);
