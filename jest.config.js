/** @type {import('jest').Config} */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const shared = {
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  // ESM-only packages are transformed to CommonJS for Jest.
  transformIgnorePatterns: [
    '/node_modules/(?!(file-type|strtok3|token-types|uint8array-extras|@tokenizer|peek-readable|@borewit)/)',
  ],
  moduleNameMapper: {
    // file-type's package exports offer only `import`; point Jest at the (transformed) entry.
    '^file-type$': '<rootDir>/node_modules/file-type/index.js',
    // Stylesheets imported by client components (bundled by Vite) are empty modules in tests.
    '\\.css$': '<rootDir>/test/setup/style-stub.ts',
    '^#server/(.*)$': '<rootDir>/server/src/$1',
    '^#worker/(.*)$': '<rootDir>/worker/src/$1',
    '^#test/(.*)$': '<rootDir>/test/$1',
    '^@contracts$': '<rootDir>/server/src/contracts/index.ts',
    '^@contracts/(.*)$': '<rootDir>/server/src/contracts/$1',
    '^@/(.*)$': '<rootDir>/client/src/$1',
  },
  testEnvironment: 'node',
};

/**
 * Service setup belongs to the projects that need it: Jest runs a project's globalSetup only when
 * that project has tests selected (once per file, shared by integration and e2e), so
 * `jest --selectProjects unit` needs no build, PostgreSQL or Redis.
 */
const withServices = {
  ...shared,
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/test/setup/per-file.ts'],
};

/**
 * The suites that touch queues, sockets, rate limits, exports and faults, run a second time with
 * the PostgreSQL coordination backend forced (COORDINATION=postgres): no feature may work on one
 * backend only (README, "Redis ou PostgreSQL").
 */
const ON_BOTH_BACKENDS = [
  // queues and the worker's emitter, health naming the backend
  'realtime/worker-socket',
  // sockets between instances: session revocation reaches every socket
  'realtime/socket-session',
  // outbox relay → queue → worker → socket, and the notification catch-up
  'notifications/outbox-relay',
  'notifications/delivery',
  // job schedulers (the dashboard's clock), deduplicated kicks and refreshes
  'dashboard/dashboard',
  'dashboard/dashboard-refresh',
  // rate limits: login, signing password, public verification, public tracking
  'auth/throttle-race',
  'documents/document-signing',
  'public-tracking/tracking-oracle-and-limits',
  // online filing: e-mail codes, spent challenges and filing limits in the coordination backend
  'public-requests/online-filing',
  // exports: the hand-off between the waiting request and the worker
  'reports/report-exports',
  'reports/report-exports-queued',
  // faults: worker killed mid-job, report export killed, PostgreSQL restarting under load
  'faults/worker-crash',
  'faults/report-export-crash',
  'faults/postgres-restart',
  // the deadline reminder sweep: its job scheduler, pushes and mail jobs; a worker killed mid-sweep
  'deadlines/deadline-reminders',
  'deadlines/deadline-reminders-crash',
  'deadlines/signature-reminders',
  // signature steps reaching the open process page (outbox relay to the worker's emitter)
  'signatures/signature-steps-live',
];

module.exports = {
  maxWorkers: 2,
  // testTimeout is a global option (Jest ignores it inside projects): integration and browser
  // tests start real servers and Chromium.
  testTimeout: 120_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{server,worker,client}/**/*.spec.{ts,tsx}'],
    },
    {
      ...withServices,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.int-spec.ts'],
    },
    {
      ...withServices,
      displayName: 'integration-pg',
      setupFiles: ['<rootDir>/test/setup/postgres-coordination.ts'],
      testMatch: ON_BOTH_BACKENDS.map((suite) => `<rootDir>/test/integration/${suite}.int-spec.ts`),
    },
    {
      ...withServices,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
    },
  ],
};
