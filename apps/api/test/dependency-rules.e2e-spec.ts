import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/**
 * The import rules (.dependency-cruiser.cjs) hold on the real tree, and each kind of rule fails on a
 * planted import in a small tree of its own (so the rules cannot be vacuous).
 */
const ROOT = resolve(__dirname, '../../..');
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

function cruise(cwd: string, paths: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [CLI, ...paths, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

function plantedTree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sum28-deps-'));
  for (const f of ['.dependency-cruiser.cjs', 'tsconfig.depcruise.json', 'tsconfig.base.json']) copyFileSync(join(ROOT, f), join(dir, f));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const API = 'apps/api/src';
const base: Record<string, string> = {
  [`${API}/common/clock.ts`]: 'export const now = (): number => 0;\n',
  [`${API}/rounds/round-reader.service.ts`]: 'export class RoundReader {}\n',
  [`${API}/lottery/lottery.service.ts`]: "import { RoundReader } from '../rounds/round-reader.service';\nexport const x = RoundReader;\n",
  [`${API}/wallet/wallet-views.ts`]: 'export const view = 1;\n',
  'libs/domain/src/index.ts': 'export const rule = 1;\n',
};

describe('dependency rules', () => {
  it('hold on the repository (apps/api/src, libs, database)', () => {
    const r = cruise(ROOT, [API, 'libs/domain/src', 'libs/contracts/src', 'database/src']);
    expect(r.out).toContain('no dependency violations found');
    expect(r.status).toBe(0);
  });

  it.each<[string, Record<string, string>, string]>([
    ['a clean tree passes', {}, ''],
    [
      'a base folder importing a feature (feed -> lottery)',
      { [`${API}/feed/feed.service.ts`]: "import { x } from '../lottery/lottery.service';\nexport const y = x;\n" },
      'api-layer-feed',
    ],
    [
      "a feature importing another's internals (lottery -> wallet/wallet-views.ts)",
      { [`${API}/lottery/orders.service.ts`]: "import { view } from '../wallet/wallet-views';\nexport const y = view;\n" },
      'api-feature-internals',
    ],
    [
      'the rounds importing the feed (the old cycle)',
      {
        [`${API}/rounds/r.service.ts`]: "import { f } from '../feed/feed.service';\nexport const y = f;\n",
        [`${API}/feed/feed.service.ts`]: 'export const f = 1;\n',
      },
      'api-layer-rounds',
    ],
    [
      'a lib importing an app',
      { 'libs/domain/src/bad.ts': "import { now } from '../../../apps/api/src/common/clock';\nexport const y = now;\n" },
      'libs-not-to-apps',
    ],
    [
      'an import cycle',
      {
        [`${API}/common/a.ts`]: "import { b } from './b';\nexport const a = (): number => b();\n",
        [`${API}/common/b.ts`]: "import { a } from './a';\nexport const b = (): number => a();\n",
      },
      'no-circular',
    ],
  ])('%s', (_name, planted, rule) => {
    const dir = plantedTree({ ...base, ...planted });
    try {
      const r = cruise(dir, [API, 'libs/domain/src']);
      if (rule === '') {
        expect(r.out).toContain('no dependency violations found');
        expect(r.status).toBe(0);
      } else {
        expect(r.out).toContain(`error ${rule}:`);
        expect(r.status).not.toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
