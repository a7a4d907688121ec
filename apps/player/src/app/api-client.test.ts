import { ERROR_CODES } from '@sum28/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, MAX_ATTEMPTS, RETRY_DELAY_MS, type ApiDeps } from './api-client';

function envelope(code: number, data: unknown, extra: Record<string, unknown> = {}): Response {
  return new Response(JSON.stringify({ code, msg: code === 1 ? 'ok' : 'server says no', time: 0, data, ...extra }), { status: 200 });
}

function harness(fetchImpl: ApiDeps['fetch'], token: string | null = 'tok-1') {
  const calls = {
    sleeps: [] as number[],
    loadingShown: 0,
    loadingHidden: 0,
    failures: [] as string[],
    sessionEnds: 0,
    sessionEndWhy: [] as string[],
    passwordChange: 0,
  };
  const fetch = vi.fn(fetchImpl);
  const deps: ApiDeps = {
    fetch,
    sleep: async (ms) => {
      calls.sleeps.push(ms);
    },
    getToken: () => token,
    getLang: () => 'en',
    host: () => 'player.example',
    showLoading: () => {
      calls.loadingShown++;
      return () => {
        calls.loadingHidden++;
      };
    },
    showFailure: (m) => calls.failures.push(m),
    networkMessage: () => 'network down',
    onSessionEnd: (why) => {
      calls.sessionEnds++;
      calls.sessionEndWhy.push(why);
    },
    onPasswordChangeRequired: () => {
      calls.passwordChange++;
    },
  };
  return { client: createApiClient(deps), fetch, calls };
}

describe('the API client (spec sections 6-8)', () => {
  it('adds host and lang to a POST body and sends the token header', async () => {
    const { client, fetch } = harness(async () => envelope(1, { isTrue: true }));
    await expect(client.call('safetyInfo', {})).resolves.toEqual({ isTrue: true });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/index.php/api/user/safetyInfo');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ host: 'player.example', lang: 'en' });
    expect((init?.headers as Record<string, string>)['token']).toBe('tok-1');
  });

  it('adds host and lang to the query of a GET', async () => {
    const { client, fetch } = harness(async () => envelope(1, { banner: [], notice: [], activity: [] }));
    await client.call('index', {});
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/index.php/api/index/index?host=player.example&lang=en');
    expect(init?.body).toBeUndefined();
  });

  it('sends no token on login and register', async () => {
    const { client, fetch } = harness(async () => envelope(1, { userinfo: {} }));
    await client.call('login', { account: 'a', password: 'b' });
    expect((fetch.mock.calls[0]?.[1]?.headers as Record<string, string>)['token']).toBeUndefined();
  });

  it('accepts code 200 as success, as the spec clients do', async () => {
    const { client } = harness(async () => envelope(200, { isTrue: false }));
    await expect(client.call('safetyInfo', {})).resolves.toEqual({ isTrue: false });
  });

  it.each([ERROR_CODES.SESSION_INVALID, ERROR_CODES.SESSION_REPLACED, ERROR_CODES.SESSION_EXPIRED])(
    'ends the session on %i without a failure toast',
    async (code) => {
      const { client, calls } = harness(async () => envelope(code, null, { msg: 'signed in on another device' }));
      await expect(client.call('userInfo', {})).rejects.toBeInstanceOf(ApiError);
      expect(calls.sessionEnds).toBe(1);
      // why it ended goes with it: the sign-in screen says it
      expect(calls.sessionEndWhy).toEqual(['signed in on another device']);
      expect(calls.failures).toEqual([]);
    },
  );

  it("shows the server's translated message in a failure toast and rejects with its code and key", async () => {
    const { client, calls } = harness(async () => envelope(ERROR_CODES.WITHDRAW_MIN, null, { error: 'WITHDRAW_MIN', params: { min: 100 } }));
    const err = await client.call('withdrawAction', { type: 0, money: 1, securityCode: '123456' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: ERROR_CODES.WITHDRAW_MIN, key: 'WITHDRAW_MIN', message: 'server says no', params: { min: 100 } });
    expect(calls.failures).toEqual(['server says no']);
    expect(calls.sessionEnds).toBe(0);
  });

  it('shows a loading toast while pending and hides it once', async () => {
    const { client, calls } = harness(async () => envelope(1, null));
    await client.call('logout', {});
    expect([calls.loadingShown, calls.loadingHidden]).toEqual([1, 1]);
  });

  it('keeps a failed poll silent: no loading toast, no failure toast', async () => {
    const { client, calls } = harness(async () => envelope(ERROR_CODES.NOT_FOUND, null));
    await expect(client.call('index', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(calls.loadingShown).toBe(0);
    expect(calls.failures).toEqual([]);
  });

  it('retries a network failure every 2 s and succeeds on a later attempt', async () => {
    let n = 0;
    const { client, calls, fetch } = harness(async () => {
      n++;
      if (n < 3) throw new TypeError('Failed to fetch');
      return envelope(1, { isTrue: true });
    });
    await expect(client.call('safetyInfo', {})).resolves.toEqual({ isTrue: true });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(calls.sleeps).toEqual([RETRY_DELAY_MS, RETRY_DELAY_MS]);
    expect(calls.failures).toEqual([]);
  });

  it('gives up after 7 attempts in all, then passes the failure on with a toast', async () => {
    const { client, calls, fetch } = harness(async () => {
      throw new TypeError('Failed to fetch');
    });
    const err = await client.call('safetyInfo', {}).catch((e: unknown) => e);
    expect(err).toMatchObject({ key: 'NETWORK', code: 0 });
    expect(fetch).toHaveBeenCalledTimes(MAX_ATTEMPTS);
    expect(MAX_ATTEMPTS).toBe(7);
    expect(calls.sleeps).toEqual(Array(MAX_ATTEMPTS - 1).fill(2000));
    expect(calls.failures).toEqual(['network down']);
  });

  it('does not retry a business error', async () => {
    const { client, fetch } = harness(async () => envelope(ERROR_CODES.LOGIN_FAILED, null));
    await expect(client.call('login', { account: 'a', password: 'b' })).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends the player to change the password when the server requires it', async () => {
    const { client, calls } = harness(async () => envelope(ERROR_CODES.PASSWORD_CHANGE_REQUIRED, null, { error: 'PASSWORD_CHANGE_REQUIRED' }));
    await expect(client.call('userInfo', {})).rejects.toBeInstanceOf(ApiError);
    expect(calls.passwordChange).toBe(1);
  });
});
