import { resolve } from 'node:path';
import { loadConfigOrExit, type AppConfig } from '../common/config/app-config';

/** `--name value` of the command line, `--force`; a path is taken relative to where npm was run (INIT_CWD). */
export function cliArgs(argv: string[], usage: string): { cfg: AppConfig; file: (name: string) => string; force: boolean } {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const cfg = loadConfigOrExit();
  return {
    cfg,
    force: argv.includes('--force'),
    file: (name) => {
      const v = value(name);
      if (v === undefined || v.startsWith('--')) {
        console.error(usage);
        process.exit(2);
      }
      return resolve(process.env['INIT_CWD'] ?? process.cwd(), v);
    },
  };
}
