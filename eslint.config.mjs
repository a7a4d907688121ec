// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const FRAMEWORKS = [
  '@nestjs/*',
  'typeorm',
  'typeorm/*',
  'react',
  'react-*',
  'react/*',
  'i18next',
  'class-validator',
  'class-transformer',
  'fastify',
  '@fastify/*',
  'antd-mobile',
  'react-admin',
  'ra-*',
];
const APP_CODE = ['**/apps/*', '**/apps/**', '@sum28/api', '@sum28/api/*'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'reports/**', '.tmp/**', 'coverage/**', '**/*.js', '**/*.cjs', '**/*.mjs', 'database/src/migrations/*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/explicit-module-boundary-types': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-unsafe-function-type': 'off',
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'Use an `as const` list or a string-literal union, not enum.' }],
    },
  },
  {
    // Nest resolves constructor parameters by their emitted types: those imports must stay value imports.
    files: ['apps/api/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/explicit-module-boundary-types': 'off' },
  },
  {
    // The domain core is pure: no framework, no I/O, nothing of ours.
    files: ['libs/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: FRAMEWORKS, message: 'libs/domain is pure: no framework imports.' },
            { group: ['@sum28/*', ...APP_CODE, '**/database/**', '**/libs/contracts/**'], message: 'libs/domain imports nothing of ours.' },
            {
              group: ['fs', 'node:fs', 'fs/*', 'node:fs/*', 'http', 'node:http', 'net', 'node:net', 'child_process', 'node:child_process'],
              message: 'libs/domain does no I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/domain/**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: FRAMEWORKS }, { group: ['@sum28/*', ...APP_CODE] }] }] },
  },
  {
    files: ['libs/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: FRAMEWORKS, message: 'libs/contracts holds plain types and data.' },
            { group: [...APP_CODE, '@sum28/database', '**/database/**'], message: 'libs/contracts must not import apps or the database.' },
          ],
        },
      ],
    },
  },
  {
    files: ['database/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: APP_CODE, message: 'database must not import app code.' }] }] },
  },
  {
    files: ['apps/player/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}', 'tools/web/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/api/**', '@sum28/api', '@sum28/api/*', '@sum28/database', 'typeorm', '@nestjs/*'],
              message: 'Web apps share only libs/* (and tools/web for builds and tests); never import the API or the database.',
            },
          ],
        },
      ],
    },
  },
);
