import type { PlayerEndpoint, PlayerRequest, PlayerResponse } from '@sum28/contracts';
import type { ApiClient, CallOptions } from './api-client';

/**
 * Calls a screen makes when it opens, started by `main.tsx` beside the screen texts and the screen's chunk (so they
 * do not wait for the first render), then handed to the screen's `useApi`. One call through the one API client; an
 * answer is taken once (a later open of the screen calls again).
 */
const started = new Map<string, Promise<unknown>>();
/** Answers that have arrived, so the screen's first render can show them (no loading state, no second render). */
const arrived = new Map<string, unknown>();

const keyOf = (endpoint: PlayerEndpoint, body: object): string => `${endpoint} ${JSON.stringify(body)}`;

export function prefetch<E extends PlayerEndpoint>(client: ApiClient, endpoint: E, body: PlayerRequest<E>, opts: CallOptions): Promise<PlayerResponse<E>> {
  const promise = client.call(endpoint, body, opts);
  // A screen that never takes it (the visitor went elsewhere) must not leave an unhandled rejection.
  const key = keyOf(endpoint, body);
  promise.then((data) => arrived.set(key, data)).catch(() => undefined);
  started.set(key, promise);
  return promise;
}

/**
 * The started call for `endpoint` and `body` (its JSON), if any. It stays available until the current task ends, so
 * React's development double mount of an effect gets the same answer, then is gone.
 */
export function takePrefetched<E extends PlayerEndpoint>(endpoint: E, bodyJson: string): Promise<PlayerResponse<E>> | undefined {
  const key = `${endpoint} ${bodyJson}`;
  const promise = started.get(key) as Promise<PlayerResponse<E>> | undefined;
  if (promise !== undefined)
    setTimeout(() => {
      started.delete(key);
      arrived.delete(key);
    }, 0);
  return promise;
}

/** The started call's answer when it has already arrived (for the screen's first render), else undefined. */
export function peekPrefetched<E extends PlayerEndpoint>(endpoint: E, bodyJson: string): PlayerResponse<E> | undefined {
  return arrived.get(`${endpoint} ${bodyJson}`) as PlayerResponse<E> | undefined;
}

/** Which screen's calls to start for `path` (the home screen's, for a signed-in player). */
export function homePrefetchWanted(path: string, signedIn: boolean): boolean {
  return signedIn && path === '/';
}

/**
 * Home: its three calls, and the first banner image as soon as the index names it (the screen's largest paint), with
 * high priority so it is not queued behind the screen's scripts.
 */
export function prefetchHome(client: ApiClient): void {
  void prefetch(client, 'userInfo', {}, { loading: false }).catch(() => undefined);
  void prefetch(client, 'lotteryIndex', {}, { silent: true }).catch(() => undefined);
  prefetch(client, 'index', {}, { silent: true })
    .then((index) => {
      const first = index.banner[0];
      if (first === undefined || document.head === null) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = first.image;
      link.setAttribute('fetchpriority', 'high');
      document.head.appendChild(link);
    })
    .catch(() => undefined);
}
