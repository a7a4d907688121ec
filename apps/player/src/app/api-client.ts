import { MAX_ATTEMPTS, RETRY_DELAY_MS } from '@sum28/domain';
import {
  errorCodeOf,
  isSessionErrorNumber,
  PLAYER_ENDPOINTS,
  PUBLIC_PLAYER_ENDPOINTS,
  playerApiPath,
  SUCCESS_CODE,
  type Envelope,
  type ErrorCode,
  type PlayerEndpoint,
  type PlayerRequest,
  type PlayerResponse,
} from '@sum28/contracts';

/** Spec sections 8 and 9: a network failure is retried every 2 s, 7 attempts in all. */
export { MAX_ATTEMPTS, RETRY_DELAY_MS };
/** A request that has not answered after this long counts as a network timeout. */
export const REQUEST_TIMEOUT_MS = 15_000;
/** The spec's clients also accept 200 as success. */
const SUCCESS_CODES: ReadonlySet<number> = new Set([SUCCESS_CODE, 200]);

export interface CallOptions {
  /** A poll: no loading toast, no failure toast (spec section 8: failed polls are silent). */
  silent?: boolean;
  /** Show the loading toast while pending (default: true unless silent). */
  loading?: boolean;
}

/** A rejected call: the server's code, stable key and translated message, or a network failure (code 0). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly key: ErrorCode | 'NETWORK' | 'UNKNOWN',
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiDeps {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  sleep: (ms: number) => Promise<void>;
  getToken: () => string | null;
  getLang: () => string;
  host: () => string;
  /** Shows the loading toast; answers a function that hides it. */
  showLoading: () => () => void;
  showFailure: (message: string) => void;
  /** Text of the failure toast when the network never answered. */
  networkMessage: () => string;
  /** 50008 / 50012 / 50014: drop the session and reload to /login; `why` is the server's translated message. */
  onSessionEnd: (why: string) => void;
  /** The server asks for a password change first (after a staff reset). */
  onPasswordChangeRequired?: () => void;
}

export interface ApiClient {
  call<E extends PlayerEndpoint>(endpoint: E, body?: PlayerRequest<E>, opts?: CallOptions): Promise<PlayerResponse<E>>;
}

function isNetworkFailure(e: unknown): boolean {
  return e instanceof TypeError || (e instanceof DOMException && (e.name === 'AbortError' || e.name === 'TimeoutError'));
}

/**
 * The one API client (spec sections 6-8): adds `host` and `lang` (body of a POST, query of a GET), sends
 * `token` except on the public calls, unwraps the envelope, ends the session on the three session codes,
 * retries network failures, and shows the loading and failure toasts unless the call is a silent poll.
 */
export function createApiClient(deps: ApiDeps): ApiClient {
  async function send(endpoint: PlayerEndpoint, body: object): Promise<Response> {
    const { method } = PLAYER_ENDPOINTS[endpoint];
    const common = { host: deps.host(), lang: deps.getLang() };
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = deps.getToken();
    if (token !== null && !(PUBLIC_PLAYER_ENDPOINTS as readonly string[]).includes(endpoint)) headers['token'] = token;
    let url = playerApiPath(endpoint);
    const init: RequestInit = { method, headers };
    if (method === 'GET') {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries({ ...body, ...common })) if (v !== undefined && v !== null) q.set(k, String(v));
      url += `?${q.toString()}`;
    } else {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify({ ...body, ...common });
    }
    let lastError: unknown;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const ctrl = new AbortController();
      const timer = setTimeout(() => ctrl.abort(), REQUEST_TIMEOUT_MS);
      try {
        return await deps.fetch(url, { ...init, signal: ctrl.signal });
      } catch (e) {
        if (!isNetworkFailure(e)) throw e;
        lastError = e;
        if (attempt < MAX_ATTEMPTS) await deps.sleep(RETRY_DELAY_MS);
      } finally {
        clearTimeout(timer);
      }
    }
    throw new ApiError(deps.networkMessage(), 0, 'NETWORK', { cause: String(lastError) });
  }

  return {
    async call<E extends PlayerEndpoint>(endpoint: E, body?: PlayerRequest<E>, opts: CallOptions = {}): Promise<PlayerResponse<E>> {
      const silent = opts.silent === true;
      const close = !silent && opts.loading !== false ? deps.showLoading() : null;
      let open = close !== null;
      const hide = (): void => {
        if (open && close !== null) close();
        open = false;
      };
      try {
        const res = await send(endpoint, (body ?? {}) as object);
        let env: Envelope<PlayerResponse<E>>;
        try {
          env = (await res.json()) as Envelope<PlayerResponse<E>>;
        } catch {
          throw new ApiError(deps.networkMessage(), res.status, 'UNKNOWN');
        }
        if (SUCCESS_CODES.has(env.code)) return env.data;
        if (isSessionErrorNumber(env.code)) {
          deps.onSessionEnd(env.msg);
          throw new ApiError(env.msg, env.code, errorCodeOf(env.code) ?? 'UNKNOWN');
        }
        const key = env.error ?? errorCodeOf(env.code) ?? 'UNKNOWN';
        if (key === 'PASSWORD_CHANGE_REQUIRED') deps.onPasswordChangeRequired?.();
        throw new ApiError(env.msg, env.code, key, env.params);
      } catch (e) {
        const err = e instanceof ApiError ? e : new ApiError(deps.networkMessage(), 0, 'NETWORK');
        if (!silent && !isSessionErrorNumber(err.code)) {
          hide();
          deps.showFailure(err.message);
        }
        throw err;
      } finally {
        hide();
      }
    },
  };
}
