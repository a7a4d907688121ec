import type { PowChallenge } from '@sum28/contracts';
import { solvePow } from './pow';

/** Solves one proof of work off the main thread: receives a `PowChallenge`, posts `{ pow }` or `{ error }`. */
self.onmessage = (e: MessageEvent<PowChallenge>): void => {
  solvePow(e.data).then(
    (pow) => self.postMessage({ pow }),
    (err: unknown) => self.postMessage({ error: String(err) }),
  );
};
