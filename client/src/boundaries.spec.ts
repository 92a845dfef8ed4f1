/// <reference types="node" />
import { execFileSync } from 'node:child_process';

/**
 * The client boundaries of eslint.config.mjs (ARCHITECTURE: the client imports only @contracts), checked on sample imports: `npm run check`
 * fails on each refused one. ESLint loads its ES-module config, which Jest's VM cannot: it runs in
 * a child Node process, with only the import rule (the samples are not files of the project).
 */
const LINT_SAMPLES = `
import { ESLint } from 'eslint';
const samples = JSON.parse(process.argv[1]);
const eslint = new ESLint({
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
});
const out = [];
for (const [filePath, source] of samples) {
  const [result] = await eslint.lintText(source + '\\nexport const used = sample;\\n', { filePath });
  out.push(result.messages.map((message) => message.message));
}
process.stdout.write(JSON.stringify(out));
`;

type Sample = [filePath: string, source: string];

const SAMPLES: Record<string, Sample> = {
  allowed: [
    'client/src/modules/processes/pages/Sample.tsx',
    "import { PROCESS_STATUSES as sample } from '@contracts';\nimport '@/lib/http';\nimport '../api/processes-api';",
  ],
  serverModule: ['client/src/modules/users/Sample.ts', "import sample from '../../../../server/src/modules/users/x';"],
  serverAlias: ['client/src/modules/users/Sample.ts', "import sample from '#server/contracts/users';"],
  contractsFile: ['client/src/modules/users/Sample.ts', "import sample from '@contracts/users';"],
  parentChain: ['client/src/modules/users/pages/Sample.ts', "import sample from '../../auth/permissions';"],
  appFromModule: ['client/src/modules/auth/Sample.ts', "import sample from '@/app/query-client';"],
  processesFromDocuments: ['client/src/modules/documents/Sample.ts', "import sample from '@/modules/processes/x';"],
};

let errors: Record<string, string[]>;

beforeAll(() => {
  const names = Object.keys(SAMPLES);
  const reply = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', LINT_SAMPLES, JSON.stringify(names.map((name) => SAMPLES[name]))],
    { encoding: 'utf8' },
  );
  const perSample = JSON.parse(reply) as string[][];
  errors = Object.fromEntries(names.map((name, index) => [name, perSample[index]]));
}, 60_000);

describe('client import boundaries', () => {
  it('allow the shared contracts, the @/ alias and imports inside a module', () => {
    expect(errors.allowed).toEqual([]);
  });

  it('refuse server code other than @contracts', () => {
    for (const name of ['serverModule', 'serverAlias', 'contractsFile']) {
      expect(errors[name]).toContainEqual(expect.stringContaining('O cliente importa do servidor apenas @contracts'));
    }
  });

  it('refuse ../../ chains', () => {
    expect(errors.parentChain).toEqual([expect.stringContaining('Use o alias @/')]);
  });

  it('refuse app/ from a module and processes from documents', () => {
    expect(errors.appFromModule).toEqual([expect.stringContaining('app/ compõe o cliente')]);
    expect(errors.processesFromDocuments).toEqual([expect.stringContaining('documents não importa processes')]);
  });
});
