/**
 * Import rules of the repository (dependency-cruiser 17), run by `npm run lint:deps` inside `npm test`;
 * `apps/api/test/dependency-rules.e2e-spec.ts` proves they fail on planted imports.
 *
 * - No import cycle anywhere (apps/api/src, libs, database).
 * - libs/* and database never import an app; libs/domain imports no other package of the repository;
 *   libs/contracts only the domain.
 * - Imports between the API's folders flow one way (API_LAYERS below: a folder imports only `common`
 *   and the folders listed for it), and a feature imports another feature only through its public
 *   surface: its module, its services, guards and types, and the few shared files named in PUBLIC.
 */
const SRC = '^apps/api/src/';

/** Which API folders each folder may import (besides itself and `common`); `cli` is an entry point. */
const API_LAYERS = {
  common: [],
  settings: [],
  idempotency: [],
  ledger: [],
  feed: [],
  audit: ['ledger'],
  auth: ['settings', 'ledger'],
  // console/roles.ts is pure data that moves to libs/contracts; until then the wallet reads the matrix there.
  wallet: ['auth', 'settings', 'ledger', 'idempotency', 'console/roles\\.ts$'],
  accounts: ['auth', 'wallet', 'settings'],
  rounds: ['ledger'],
  lottery: ['rounds', 'feed', 'auth', 'ledger', 'idempotency', 'settings', 'ops'],
  content: ['lottery', 'feed', 'auth', 'settings'],
  console: ['audit', 'auth', 'rounds', 'wallet', 'settings', 'ledger', 'lottery', 'feed', 'content', 'idempotency'],
  health: [],
  // metrics, readiness, the in-app ledger check; the bet route counts through ops/bet-metrics.interceptor.ts
  ops: ['audit', 'ledger'],
  cli: ['audit', 'ledger', 'settings', 'rounds', 'auth', 'console', 'ops'],
};

/** Files of a feature other features may import besides *.module.ts, *.service.ts, *.guard.ts and *.types.ts. */
const PUBLIC = [
  'auth/password-hasher\\.ts',
  'auth/tokens\\.ts',
  'auth/native-player-route\\.ts',
  'auth/reset-hold\\.ts',
  'auth/session-revocations\\.ts',
  'auth/dto/auth\\.dto\\.ts',
  'ledger/ledger-keys\\.ts',
  'ledger/pending-payouts\\.ts',
  'ledger/pending-approvals\\.ts',
  'ledger/balance-epochs\\.ts',
  'ledger/ledger-check\\.ts',
  'ledger/turnover\\.ts',
  'audit/audit-invariant\\.ts',
  'audit/audit-verify-cli\\.ts',
  'console/roles\\.ts',
  'ops/bet-metrics\\.interceptor\\.ts',
];

const layerRules = Object.entries(API_LAYERS).map(([folder, allowed]) => ({
  name: `api-layer-${folder}`,
  comment: `apps/api/src/${folder} may import only common${allowed.length ? `, ${allowed.join(', ')}` : ''} (imports flow one way)`,
  severity: 'error',
  from: { path: `${SRC}${folder}/` },
  to: {
    path: SRC,
    pathNot: [`${SRC}(${folder}|common)/`, ...allowed.map((a) => (a.includes('/') ? `${SRC}${a}` : `${SRC}${a}/`)), `${SRC}[^/]+\\.ts$`],
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'an import cycle: split the shared part out (see docs/ARCHITECTURE.md)',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'libs-not-to-apps',
      comment: 'libs/* and database are used by the apps, never the other way round',
      severity: 'error',
      from: { path: '^(libs|database)/' },
      to: { path: '^apps/' },
    },
    {
      name: 'domain-is-pure',
      comment: 'libs/domain imports no other package of this repository',
      severity: 'error',
      from: { path: '^libs/domain/' },
      to: { path: '^(apps|database|libs/contracts)/' },
    },
    {
      name: 'contracts-only-domain',
      comment: 'libs/contracts (wire types) may use the domain only',
      severity: 'error',
      from: { path: '^libs/contracts/' },
      to: { path: '^(apps|database)/' },
    },
    {
      name: 'api-feature-internals',
      comment: "a feature imports another feature's module, services, guards, types or PUBLIC files only",
      severity: 'error',
      from: { path: `${SRC}([^/]+)/`, pathNot: `${SRC}cli/` },
      to: {
        path: SRC,
        pathNot: [`${SRC}$1/`, `${SRC}common/`, `${SRC}[^/]+\\.ts$`, '\\.(module|service|guard|types)\\.ts$', ...PUBLIC.map((p) => `${SRC}${p}$`)],
      },
    },
    ...layerRules,
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
  },
};
