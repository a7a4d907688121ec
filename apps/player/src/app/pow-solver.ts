import type { PowChallenge } from '@sum28/contracts';

/** The main-thread solver, loaded only when no Worker can run (the hash code stays out of the sign-in screen's JS). */
const solvePow = (pow: PowChallenge): Promise<string> => import('./pow').then((m) => m.solvePow(pow));

/** Solves in a module Worker when the browser has one (typing stays smooth), else on the main thread in batches. */
export function solvePowInBackground(pow: PowChallenge): Promise<string> {
  if (typeof Worker === 'undefined') return solvePow(pow);
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      solvePow(pow).then(resolve, reject);
      return;
    }
    worker.onmessage = (e: MessageEvent<{ pow?: string; error?: string }>): void => {
      worker.terminate();
      if (e.data.pow !== undefined) resolve(e.data.pow);
      else reject(new Error(e.data.error ?? 'proof of work failed'));
    };
    worker.onerror = (): void => {
      worker.terminate();
      solvePow(pow).then(resolve, reject);
    };
    worker.postMessage(pow);
  });
}
