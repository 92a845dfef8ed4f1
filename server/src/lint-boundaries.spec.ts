import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The import boundaries of eslint.config.mjs (ARCHITECTURE.md: contracts import no framework, the
 * worker no modules/*, common/ and domain/ no feature module, no '../../' chains), checked on
 * snippets linted at virtual paths with ESLint's Node API. It runs in a child process (ESLint loads
 * its ESM config with a dynamic import, which Jest's module system refuses), once for all snippets.
 * Type information is switched off: these rules do not need it and the paths do not exist.
 */
type Snippet = [filePath: string, code: string];

const LINT_SNIPPETS = `
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
const snippets = JSON.parse(await new Response(process.stdin).text());
const eslint = new ESLint({ overrideConfig: [tseslint.configs.disableTypeChecked] });
const reports = [];
for (const [filePath, code] of snippets) {
  const [result] = await eslint.lintText(code + '\\nexport const used = value;\\n', { filePath });
  reports.push(result.messages.map((m) => m.ruleId + ': ' + m.message));
}
process.stdout.write(JSON.stringify(reports));
`;

function lint(snippets: Snippet[]): string[][] {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_SNIPPETS], {
    cwd: resolve(__dirname, '../..'),
    input: JSON.stringify(snippets),
    encoding: 'utf8',
  });
  return JSON.parse(output) as string[][];
}

const WORKER = 'O worker não importa server/src/modules';
const CONTRACTS_PURE = 'Os contratos são TypeScript puro';
const CONTRACTS_ALONE = 'Os contratos não importam outras pastas';
const NO_FEATURE = 'não importam módulos de funcionalidade';
const CHAIN = 'Sem cadeias "../../"';

/** [virtual path, snippet, the rule's message]. */
const VIOLATIONS: [...Snippet, string][] = [
  [
    'worker/src/processors/x.processor.ts',
    "import { value } from '#server/modules/files/file-storage.service';",
    WORKER,
  ],
  ['worker/src/x.ts', "import { value } from '../../server/src/modules/dashboard/dashboard.service';", WORKER],
  ['server/src/contracts/x.ts', "import { value } from '@nestjs/common';", CONTRACTS_PURE],
  ['server/src/contracts/x.ts', "import { value } from 'typeorm';", CONTRACTS_PURE],
  ['server/src/contracts/x.ts', "import { value } from 'class-validator';", CONTRACTS_PURE],
  ['server/src/contracts/x.ts', "import { value } from 'class-transformer';", CONTRACTS_PURE],
  ['server/src/contracts/x.ts', "import { value } from 'nestjs-zod';", CONTRACTS_PURE],
  ['server/src/contracts/x.ts', "import { value } from 'node:crypto';", CONTRACTS_PURE],
  ['server/src/contracts/x.ts', "import { value } from 'crypto';", CONTRACTS_PURE],
  ['server/src/contracts/x.ts', "import { value } from '../config/env';", CONTRACTS_ALONE],
  ['server/src/contracts/x.ts', "import type { value } from '#server/common/auth-user';", CONTRACTS_ALONE],
  [
    'server/src/common/guards/x.guard.ts',
    "import { value } from '#server/modules/auth/authenticator.service';",
    NO_FEATURE,
  ],
  ['server/src/common/x.ts', "import { value } from '../modules/auth/authenticator.service';", NO_FEATURE],
  ['server/src/domain/files/x.ts', "import { value } from '#server/modules/files/files.module';", NO_FEATURE],
  ['server/src/modules/users/dto/x.dto.ts', "import { value } from '../../../common/auth-user';", CHAIN],
  ['test/integration/x/y.int-spec.ts', "import { value } from '../../setup/app';", CHAIN],
  ['worker/src/dashboard/x.ts', "import type { value } from '../../worker/src/main';", CHAIN],
];

const LEGAL: Snippet[] = [
  ['worker/src/processors/x.processor.ts', "import { value } from '#server/domain/files/file-storage.service';"],
  ['worker/src/processors/x.processor.ts', "import { value } from '../realtime/emitter.service';"],
  ['server/src/contracts/x.ts', "import type { value } from './processes';"],
  ['server/src/contracts/x.ts', "import { z as value } from 'zod';"],
  ['server/src/common/guards/x.guard.ts', "import { value } from '#server/common/http/request';"],
  ['server/src/domain/dashboard/x.ts', "import { value } from '#server/contracts/dashboard';"],
  ['server/src/modules/users/x.ts', "import { value } from '#server/modules/auth/passwords';"],
  ['server/src/modules/users/x.ts', "import { value } from '../auth/passwords';"],
  ['test/integration/x/y.int-spec.ts', "import { value } from '#test/setup/app';"],
];

describe('import boundaries (eslint.config.mjs)', () => {
  const reports = lint([...VIOLATIONS.map(([path, code]): Snippet => [path, code]), ...LEGAL]);

  it.each(VIOLATIONS.map((violation, i) => [...violation, reports[i]] as const))(
    'reports %s: %s',
    (_path, _code, rule, messages) => {
      expect(messages).toContainEqual(expect.stringContaining(rule));
      for (const message of messages) expect(message).toMatch(/^no-restricted-imports: /);
    },
  );

  it.each(LEGAL.map((snippet, i) => [...snippet, reports[VIOLATIONS.length + i]] as const))(
    'allows %s: %s',
    (_path, _code, messages) => {
      expect(messages).toEqual([]);
    },
  );
});

describe('one way to wait in tests (eslint.config.mjs)', () => {
  const WAIT = 'espere com eventually()';
  const cases: [...Snippet, string | null][] = [
    ['test/integration/x/y.int-spec.ts', 'const value = await new Promise((r) => setTimeout(r, 50));', WAIT],
    ['test/e2e/x.e2e-spec.ts', "import { setTimeout as value } from 'node:timers/promises';", WAIT],
    ['test/setup/x.ts', "import { setTimeout as value } from 'timers/promises';", WAIT],
    ['test/integration/x/y.int-spec.ts', 'const value = globalThis.setTimeout(() => undefined, 50);', WAIT],
    ['test/integration/x/y.int-spec.ts', "import { eventually as value } from '#test/setup/eventually';", null],
    ['test/setup/eventually.ts', "import { setTimeout as value } from 'node:timers/promises';", null],
    ['test/bench/x.bench.ts', 'const value = await new Promise((r) => setTimeout(r, 50));', null],
    ['server/src/x.ts', 'const value = setTimeout(() => undefined, 50);', null],
  ];
  const reports = lint(cases.map(([path, code]): Snippet => [path, code]));

  it.each(cases.map((c, i) => [...c, reports[i]] as const))('%s: %s', (_path, _code, rule, messages) => {
    if (rule) expect(messages).toContainEqual(expect.stringContaining(rule));
    else expect(messages).toEqual([]);
  });
});

describe('configuration through injection (eslint.config.mjs)', () => {
  const INJECT = 'receba a configuração por injeção (AppConfig';
  const IMPORT = "import { loadEnv as value } from '#server/config/env';";
  const cases: [...Snippet, string | null][] = [
    ['server/src/modules/users/x.service.ts', IMPORT, INJECT],
    ['server/src/domain/files/x.ts', IMPORT, INJECT],
    ['worker/src/processors/x.processor.ts', IMPORT, INJECT],
    [
      'server/src/modules/users/x.service.ts',
      "import { AppConfig as value } from '#server/config/config.module';",
      null,
    ],
    ['server/src/config/x.ts', "import { loadEnv as value } from './env';", null],
    ['server/src/seed/x.ts', IMPORT, null],
    ['worker/src/main.ts', IMPORT, null],
    ['server/src/modules/users/x.service.spec.ts', IMPORT, null],
    ['test/integration/x/y.int-spec.ts', IMPORT, null],
  ];
  const reports = lint(cases.map(([path, code]): Snippet => [path, code]));

  it.each(cases.map((c, i) => [...c, reports[i]] as const))('%s: %s', (_path, _code, rule, messages) => {
    if (rule) expect(messages).toContainEqual(expect.stringContaining(rule));
    else expect(messages).toEqual([]);
  });
});

/**
 * import-x/no-cycle follows imports through files on disk, so the modules a snippet imports are
 * written to a scratch folder inside server/src (where the rule applies) and removed afterwards.
 */
describe('no import cycles (eslint.config.mjs)', () => {
  const dir = resolve(__dirname, `lint-cycle-fixture-${process.pid}`);
  const files: Record<string, string> = {
    'a.ts': "import { value } from './b';",
    'b.ts': "import { used } from './a';\nexport const value = used;\n",
    'c.ts': "import { value } from '#server/lint-cycle-fixture-PID/d';",
    'd.ts': "import { used } from './c';\nexport const value = used;\n",
    'e.ts': "import type { value } from './f';",
    'f.ts': "import type { used } from './e';\nexport const value: used = 1;\n",
    'g.ts': "import { value } from './h';",
    'h.ts': 'export const value = 1;\n',
  };
  let reports: string[][];
  beforeAll(() => {
    mkdirSync(dir);
    for (const [name, code] of Object.entries(files)) {
      writeFileSync(join(dir, name), code.replace('PID', String(process.pid)) + '\nexport const used = value;\n');
    }
    reports = lint(
      ['a.ts', 'c.ts', 'e.ts', 'g.ts'].map((name): Snippet => [
        join(dir, name),
        files[name].replace('PID', String(process.pid)),
      ]),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports a cycle through relative imports', () => {
    expect(reports[0]).toContainEqual(expect.stringMatching(/^import-x\/no-cycle: /));
  });

  it('reports a cycle through the #server alias', () => {
    expect(reports[1]).toContainEqual(expect.stringMatching(/^import-x\/no-cycle: /));
  });

  it('does not count type-only imports (they vanish from the build)', () => {
    expect(reports[2]).toEqual([]);
  });

  it('allows an import without a cycle', () => {
    expect(reports[3]).toEqual([]);
  });
});

/**
 * TypeORM stays in repositories and database/ (eslint.config.mjs, typeormInRepositories), apart
 * from the files of NOT_YET_IN_REPOSITORIES, a list that only shrinks.
 */
describe('TypeORM only in repositories (eslint.config.mjs)', () => {
  /** The list's length when the rule came in; lower it as files move their SQL to repositories. */
  const RECORDED_NOT_YET_IN_REPOSITORIES = 5;
  const TYPEORM = 'TypeORM só em repositórios';
  const cases: [...Snippet, boolean][] = [
    ['server/src/modules/x/x.service.ts', "import type { DataSource as value } from 'typeorm';", true],
    ['server/src/modules/x/x.service.ts', "import { InjectDataSource as value } from '@nestjs/typeorm';", true],
    ['server/src/domain/x/x.ts', "import type { EntityManager as value } from 'typeorm';", true],
    ['worker/src/x/x.service.ts', "import { value } from 'typeorm/driver/postgres/PostgresDriver';", true],
    ['server/src/repositories/x.repository.ts', "import type { DataSource as value } from 'typeorm';", false],
    ['server/src/modules/x/x.repository.ts', "import { InjectDataSource as value } from '@nestjs/typeorm';", false],
    ['server/src/database/transactions.ts', "import { DataSource as value } from 'typeorm';", false],
    ['server/src/database/entities/x.entity.ts', "import { Entity as value } from 'typeorm';", false],
    ['server/src/modules/x/x.service.spec.ts', "import type { DataSource as value } from 'typeorm';", false],
  ];
  const reports = lint(cases.map(([path, code]): Snippet => [path, code]));

  it.each(cases.map((c, i) => [...c, reports[i]] as const))('%s: %s', (_path, _code, refused, messages) => {
    if (refused)
      expect(messages).toEqual([
        expect.stringMatching(new RegExp(`^@typescript-eslint/no-restricted-imports: .*${TYPEORM}`)),
      ]);
    else expect(messages).toEqual([]);
  });

  const root = resolve(__dirname, '../..');
  const notYet = JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const { NOT_YET_IN_REPOSITORIES } = await import('./eslint.config.mjs'); process.stdout.write(JSON.stringify(NOT_YET_IN_REPOSITORIES));",
      ],
      { cwd: root, encoding: 'utf8' },
    ),
  ) as string[];

  it(`the list of files not yet in repositories only shrinks (${RECORDED_NOT_YET_IN_REPOSITORIES} when recorded)`, () => {
    expect(notYet.length).toBeLessThanOrEqual(RECORDED_NOT_YET_IN_REPOSITORIES);
  });

  it('lists only files that exist and still import TypeORM (a migrated file leaves the list)', () => {
    const stale = notYet.filter(
      (file) =>
        !existsSync(join(root, file)) ||
        !/from '(@nestjs\/)?typeorm(\/[^']*)?'/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(stale).toEqual([]);
  });
});
