import js from '@eslint/js';
import { builtinModules } from 'node:module';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries (ARCHITECTURE.md, "Boundaries are enforced by ESLint"). A file gets the
 * `no-restricted-imports` options of the LAST block matching it (flat config replaces rule options,
 * it does not merge them), so every block below lists the patterns every file obeys (EVERYWHERE) plus
 * its own. server/src/lint-boundaries.spec.ts proves each rule on small snippets.
 */
const EVERYWHERE = [
  {
    group: ['**/../server/*', '**/../worker/*', '**/../client/*', '**/../test/*'],
    message: 'Use #server/*, #worker/*, #test/* ou @contracts.',
  },
];
const NO_PARENT_CHAINS = {
  regex: '^\\.\\./\\.\\.(/|$)',
  message: 'Sem cadeias "../../": use #server/*, #worker/* ou #test/*.',
};
const NO_FEATURE_MODULES = {
  regex: '^(#server/|(\\.\\./)+)modules(/|$)',
  message: 'common/ e domain/ não importam módulos de funcionalidade (server/src/modules/*).',
};
const restrictImports = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [...EVERYWHERE, ...patterns] }],
});
const boundaries = [
  { files: ['server/**/*.ts', 'worker/**/*.ts', 'test/**/*.ts'], rules: restrictImports(NO_PARENT_CHAINS) },
  {
    files: ['server/src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({
            name,
            message: 'Os contratos são TypeScript puro: nada do Node.',
          })),
          patterns: [
            ...EVERYWHERE,
            NO_PARENT_CHAINS,
            {
              group: [
                '@nestjs/*',
                'nestjs-zod',
                'nestjs-zod/*',
                'typeorm',
                'typeorm/*',
                'class-validator',
                'class-transformer',
                'node:*',
              ],
              message: 'Os contratos são TypeScript puro (e zod): sem Nest, TypeORM, class-validator ou Node.',
            },
            {
              regex: '^(#(server|worker|test)/|\\.\\./)',
              message: 'Os contratos não importam outras pastas do servidor.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/common/**/*.ts', 'server/src/domain/**/*.ts'],
    rules: restrictImports(NO_PARENT_CHAINS, NO_FEATURE_MODULES),
  },
  {
    files: ['worker/src/**/*.ts'],
    rules: restrictImports(NO_PARENT_CHAINS, {
      regex: '^#server/modules(/|$)|(^|/)server/src/modules(/|$)',
      message: 'O worker não importa server/src/modules/*: o que ele compartilha com o servidor fica em domain/.',
    }),
  },
];

/*
 * Data access lives in repositories (README, Architecture): TypeORM is imported only by
 * `*.repository.ts` files (server/src/repositories/), database/ (connection, entities, migrations,
 * Transactions) and tests. Services hold rules and reach the database through a repository.
 */
const TYPEORM_ALLOWED = ['**/*.repository.ts', 'server/src/database/**', '**/*.entity.ts', '**/*.spec.ts'];
/*
 * Files that still query the database themselves, waiting to move their SQL into a repository. A
 * ratchet: the list only shrinks (58 files before the repositories). server/src/lint-boundaries.spec.ts fails when it grows past its
 * recorded length, or when a listed file is gone or no longer imports TypeORM (then take it out).
 */
export const NOT_YET_IN_REPOSITORIES = [
  // Command-line tools (demo data, audit verification).
  'server/src/seed/audit-verify.ts',
  'server/src/seed/cert-demo.ts',
  'server/src/seed/demo-purchase-orders.ts',
  'server/src/seed/seed-demo.ts',
  // The outbox relay: one session-locked connection, its savepoints per event.
  'worker/src/outbox/outbox-relay.service.ts',
];
function typeormInRepositories() {
  return {
    name: 'typeorm-in-repositories',
    files: ['server/**/*.ts', 'worker/**/*.ts'],
    // contracts/ refuse TypeORM with their own, stricter rule above.
    ignores: [...TYPEORM_ALLOWED, 'server/src/contracts/**', ...NOT_YET_IN_REPOSITORIES],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['typeorm', 'typeorm/*', '@nestjs/typeorm'],
              message: 'TypeORM só em repositórios (*.repository.ts) e em database/: use um repositório.',
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      'eslint.config.mjs',
      'dist/**',
      'client/dist/**',
      'node_modules/**',
      'coverage/**',
      'data/**',
      '*.config.js',
      'scripts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'off',
      ...restrictImports(),
    },
  },
  ...boundaries,
  typeormInRepositories(),
  noImportCycles(),
  oneWayToWait(),
  configThroughInjection(),
  {
    files: ['test/**/*.ts', '**/*.spec.ts', '**/*.spec.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...clientBoundaries(),
);

/*
 * No import cycles anywhere (server, worker, tests, client): a cycle makes the load order decide what
 * is undefined at start-up. Type-only imports vanish from the build and are not counted. The resolver
 * follows the aliases (#server/*, @/…) through the tsconfigs.
 */
function noImportCycles() {
  return {
    files: ['server/**/*.ts', 'worker/**/*.ts', 'test/**/*.ts', 'client/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'client/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  };
}

/*
 * Configuration is read by loadEnv() only where Nest's container does not exist yet or at all: the
 * config module's provider, the entry points and app bootstraps (migrations run before the app is
 * created), CLI scripts and the DTO validator of process-dates.ts. Everything else gets AppConfig
 * injected, or the values it needs as parameters (README, "Configuração"). Tests may call it.
 */
function configThroughInjection() {
  return {
    files: ['server/src/**/*.ts', 'worker/src/**/*.ts'],
    ignores: [
      '**/*.spec.ts',
      'server/src/config/**',
      'server/src/main.ts',
      'server/src/app/create-server-app.ts',
      'server/src/seed/**',
      'server/src/modules/processes/process-dates.ts',
      'worker/src/main.ts',
      'worker/src/create-worker-app.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='loadEnv']",
          message:
            'Não chame loadEnv() aqui: receba a configuração por injeção (AppConfig de #server/config/config.module) ou os valores por parâmetro.',
        },
      ],
    },
  };
}

/*
 * Tests wait one way (test/setup/eventually.ts): `eventually` until something happens, `quietPeriod`
 * to show it does not, `hold` for a duration the scenario needs. A hand-made sleep or poll loop is
 * refused. Benchmarks (test/bench/) pace and time load and are left out.
 */
function oneWayToWait() {
  const message = 'Nos testes, espere com eventually(), quietPeriod() ou hold() de #test/setup/eventually.';
  return {
    files: ['test/**/*.ts'],
    ignores: ['test/setup/eventually.ts', 'test/bench/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'setTimeout', message }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportDeclaration[source.value=/^(node:)?timers(\\/promises)?$/]', message },
        { selector: "MemberExpression[object.name=/^(globalThis|global)$/][property.name='setTimeout']", message },
      ],
    },
  };
}

// Client boundaries (ARCHITECTURE, Boundaries): the browser code imports from the server only the shared contracts
// (`@contracts`), uses the `@/` alias instead of `../../` chains, keeps app/ as the composition root
// (modules, lib and ui never import it) and documents never imports processes (no folder cycle).
function clientBoundaries() {
  const CLIENT_IMPORT_PATTERNS = [
    {
      group: [
        '**/server/**',
        '**/worker/**',
        '**/test/**',
        '\\#server/**',
        '\\#worker/**',
        '\\#test/**',
        '@contracts/*',
      ],
      message: 'O cliente importa do servidor apenas @contracts.',
    },
    { group: ['../../*'], message: 'Use o alias @/… em vez de ../../.' },
  ];
  const clientImports = (...extra) => ['error', { patterns: [...CLIENT_IMPORT_PATTERNS, ...extra] }];
  const NO_APP = {
    group: ['@/app/*', '**/app/*'],
    message: 'app/ compõe o cliente: módulos, lib e ui não o importam.',
  };
  return [
    {
      files: ['client/src/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': clientImports(),
        '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      },
    },
    { files: ['client/src/{lib,ui,modules}/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': clientImports(NO_APP) } },
    {
      files: ['client/src/modules/documents/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': clientImports(NO_APP, {
          group: ['@/modules/processes/*', '**/processes/*'],
          message: 'documents não importa processes (processes já importa documents).',
        }),
      },
    },
  ];
}
