/**
 * Where sign-in returns to: the in-app path a signed-out visitor asked for (the router's `state.from`, or `?next=` after
 * a full reload to /login), when it is one. Anything else (another origin, `//host`, a scheme, the sign-in screens
 * themselves) answers null, and sign-in goes home: a link cannot send a player elsewhere after they typed a password.
 */
export function returnPath(from: unknown): string | null {
  if (typeof from !== 'string' || from.length > 2048) return null;
  if (!from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(from, 'http://app.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://app.invalid') return null;
  if (url.pathname === '/login' || url.pathname === '/register' || url.pathname === '/') return null;
  return url.pathname + url.search;
}

/** The /login address that returns to `path` after sign-in (a full reload loses the router's state). */
export function loginFor(path: string): string {
  const back = returnPath(path);
  return back === null ? '/login' : `/login?next=${encodeURIComponent(back)}`;
}

/** sessionStorage key: the server's message of why the last session ended, shown once on the sign-in screen. */
export const SESSION_ENDED_KEY = 'sessionEnded';

/** Takes (reads and forgets) why the last session ended, if it did. */
export function takeSessionEnded(): string | null {
  const why = sessionStorage.getItem(SESSION_ENDED_KEY);
  if (why !== null) sessionStorage.removeItem(SESSION_ENDED_KEY);
  return why === '' ? null : why;
}
