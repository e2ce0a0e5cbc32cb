import { createHmac } from 'node:crypto';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { checkSignatureHeaders, signingPayload } from '../../../domain/rules/request-signing';
import {
  ApiError,
  createApiClient,
  fileNameOf,
  measureClockOffset,
  randomNonce,
  type ApiClientOptions,
} from '../../../src/adapters/api-client';

interface Reply {
  status: number;
  data: unknown;
}

/** An axios adapter answering from a function and recording every request. */
function fakeServer(answer: (config: InternalAxiosRequestConfig) => Reply) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const reply = answer(config);
    const response = { ...reply, statusText: '', headers: {}, config, request: {} };
    if (reply.status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        'ERR_BAD_RESPONSE',
        config,
        {},
        response,
      );
    }
    return response;
  };
  return { adapter, requests };
}

function client(
  answer: (config: InternalAxiosRequestConfig) => Reply,
  patch: Partial<ApiClientOptions> = {},
) {
  const server = fakeServer(answer);
  const onUnauthorized = vi.fn();
  const showError = vi.fn();
  const api = createApiClient({
    baseURL: '/api',
    signingKey: 'k3y',
    getLanguage: () => 'en-US',
    onUnauthorized,
    showError,
    networkErrorMessage: () => 'network down',
    adapter: server.adapter,
    ...patch,
  });
  return { api, onUnauthorized, showError, requests: server.requests };
}

const ok = (data: unknown): Reply => ({ status: 200, data: { code: 100, message: 'ok', data } });

describe('randomNonce', () => {
  it('makes distinct 32-character nonces of the accepted alphabet', () => {
    const a = randomNonce();
    const b = randomNonce();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a).not.toBe(b);
  });
});

describe('createApiClient', () => {
  it('signs every request with a fresh nonce, the corrected time and the language', async () => {
    const { api, requests } = client(() => ok({ a: 1 }), { now: () => 1_700_000_000_000 });
    api.setClockOffset(90_000);
    await api.post('/account/logout');
    await api.get('/Menu/user/tree');

    expect(requests).toHaveLength(2);
    const [first, second] = requests.map((request) => request.headers);
    expect(first.get('x-timestamp')).toBe('1700000090000');
    expect(first.get('Accept-Language')).toBe('en-US');
    expect(first.get('x-nonce')).not.toBe(second.get('x-nonce'));
    const headers = {
      nonce: String(first.get('x-nonce')),
      timestamp: String(first.get('x-timestamp')),
      signature: String(first.get('x-signature')),
    };
    // the server's own shape and freshness check accepts them at server time
    expect(checkSignatureHeaders(headers, 1_700_000_090_000)).toBeNull();
    expect(headers.signature).toBe(
      createHmac('sha256', 'k3y').update(signingPayload(headers.timestamp, headers.nonce)).digest('hex'),
    );
  });

  it('unwraps the envelope to its data', async () => {
    const { api, requests } = client(() => ok([{ Code: 'ELN' }]));
    await expect(api.get('/Account/AuthorizeInfo', { query: { showUnAuthorized: 'true' } })).resolves.toEqual(
      [{ Code: 'ELN' }],
    );
    expect(requests[0].url).toBe('/Account/AuthorizeInfo');
    expect(requests[0].params).toEqual({ showUnAuthorized: 'true' });
  });

  it('turns a failure into an ApiError with the server key and toasts its message', async () => {
    const { api, showError, onUnauthorized } = client(() => ({
      status: 409,
      data: { code: 409, message: 'Replayed', error: { key: 'errors.request.replayed' } },
    }));
    const failure = api.post('/account/setCurLang/en-US');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 409,
      key: 'errors.request.replayed',
      message: 'Replayed',
    });
    expect(showError).toHaveBeenCalledWith('Replayed');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("replaces an error key this client's catalogue lacks with the generic one, keeping the message", async () => {
    const { api } = client(
      () => ({
        status: 422,
        data: { code: 422, message: 'Newer failure', error: { key: 'errors.future.thing' } },
      }),
      { knowsErrorKey: (key) => key !== 'errors.future.thing' },
    );
    await expect(api.get('/x', { silent: true })).rejects.toMatchObject({
      key: 'errors.request.internal',
      message: 'Newer failure',
    });
  });

  it('gives a failure without an envelope (a proxy page) the generic key and the HTTP message', async () => {
    const { api } = client(() => ({ status: 502, data: '<html>Bad gateway</html>' }));
    await expect(api.get('/x', { silent: true })).rejects.toMatchObject({
      status: 502,
      key: 'errors.request.internal',
      message: 'Request failed with status code 502',
    });
  });

  it('hands a 401 to the unauthorised handler instead of toasting', async () => {
    const { api, showError, onUnauthorized } = client(() => ({
      status: 401,
      data: { code: 401, message: 'Expired', error: { key: 'errors.auth.forcedLogout' } },
    }));
    await expect(api.get('/Account/AuthorizeInfo')).rejects.toMatchObject({
      key: 'errors.auth.forcedLogout',
    });
    expect(onUnauthorized).toHaveBeenCalledWith(expect.objectContaining({ key: 'errors.auth.forcedLogout' }));
    expect(showError).not.toHaveBeenCalled();
  });

  it('hands an address the IP whitelist refused to its handler, toasting nothing, silent or not', async () => {
    const onIpForbidden = vi.fn();
    const { api, showError, onUnauthorized } = client(
      () => ({
        status: 403,
        data: { code: 403, message: 'IP abnormal', error: { key: 'errors.login.ipForbidden' } },
      }),
      { onIpForbidden },
    );
    await expect(api.post('/account/loginV2', {}, { authProbe: true, silent: true })).rejects.toMatchObject({
      key: 'errors.login.ipForbidden',
    });
    expect(onIpForbidden).toHaveBeenCalledWith(expect.objectContaining({ status: 403 }));
    expect(showError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('leaves a 401 of an auth probe (sign-in) to the caller', async () => {
    const { api, showError, onUnauthorized } = client(() => ({
      status: 401,
      data: { code: 401, message: 'Wrong password', error: { key: 'errors.login.wrongCredentials' } },
    }));
    await expect(api.post('/account/loginV2', {}, { authProbe: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(showError).toHaveBeenCalledWith('Wrong password');
  });

  it('treats a non-100 code in a 200 answer as a failure', async () => {
    const { api, showError } = client(() => ({
      status: 200,
      data: { code: 500, message: 'Nope', data: null },
    }));
    await expect(api.get('/x', { silent: true })).rejects.toMatchObject({ message: 'Nope' });
    expect(showError).not.toHaveBeenCalled();
  });

  it('reports a network failure in the current language', async () => {
    const showError = vi.fn();
    const api = createApiClient({
      baseURL: '/api',
      signingKey: 'k',
      getLanguage: () => 'zh-CN',
      onUnauthorized: vi.fn(),
      showError,
      networkErrorMessage: () => '网络连接失败',
      adapter: async () => {
        throw new Error('socket hang up');
      },
    });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0, key: 'errors.request.network' });
    expect(showError).toHaveBeenCalledWith('网络连接失败');
  });
});

describe('measureClockOffset', () => {
  it('is the server Date minus local time', async () => {
    const fetchImpl = vi.fn(
      async () => new Response('', { headers: { date: 'Tue, 14 Nov 2023 22:13:20 GMT' } }),
    );
    const offset = await measureClockOffset(
      '/',
      fetchImpl as unknown as typeof fetch,
      () => 1_700_000_000_000 - 5_000,
    );
    expect(fetchImpl).toHaveBeenCalledWith('/', expect.objectContaining({ method: 'GET' }));
    expect(offset).toBe(5_000);
  });

  it('falls back to 0 without a usable Date header', async () => {
    const fetchImpl = vi.fn(async () => new Response(''));
    await expect(measureClockOffset('/', fetchImpl as unknown as typeof fetch)).resolves.toBe(0);
  });
});

describe('download', () => {
  /** An axios adapter answering one file, or one failure whose envelope arrives as a Blob. */
  const fileServer =
    (status: number, data: Blob, headers: Record<string, string> = {}): AxiosAdapter =>
    async (config) => {
      const response = { status, data, statusText: '', headers, config, request: {} };
      if (status < 400) return response;
      const { AxiosError } = await import('axios');
      throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
    };

  it('returns the file with the name the server gave it, asked for as a signed POST of a blob', async () => {
    const file = new Blob(['PK']);
    const { api, showError } = client(() => ok(null), {
      adapter: async (config) => {
        expect(config.method).toBe('post');
        expect(config.responseType).toBe('blob');
        expect(config.headers.get('x-signature')).toMatch(/^[0-9a-f]{64}$/);
        return fileServer(200, file, {
          'content-disposition': `attachment; filename="____-1.xlsx"; filename*=UTF-8''${encodeURIComponent('登录日志')}-1.xlsx`,
        })(config);
      },
    });
    const downloaded = await api.download('/loginLog/exportLoginLog', { range: 'week' });
    expect(downloaded).toEqual({ blob: file, fileName: '登录日志-1.xlsx' });
    expect(showError).not.toHaveBeenCalled();
  });

  it('reads a failure envelope out of the blob and shows its message', async () => {
    const envelope = { code: 403, message: 'No access', error: { key: 'errors.auth.noPermission' } };
    const { api, showError } = client(() => ok(null), {
      adapter: fileServer(403, new Blob([JSON.stringify(envelope)], { type: 'application/json' })),
    });
    await expect(api.download('/loginLog/exportLoginLog')).rejects.toMatchObject({
      status: 403,
      key: 'errors.auth.noPermission',
    });
    expect(showError).toHaveBeenCalledWith('No access');
  });

  it('sends a 401 to the sign-in handler', async () => {
    const envelope = { code: 401, message: 'Sign in', error: { key: 'errors.auth.forcedLogout' } };
    const { api, onUnauthorized } = client(() => ok(null), {
      adapter: fileServer(401, new Blob([JSON.stringify(envelope)])),
    });
    await expect(api.download('/loginLog/exportLoginLog')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledWith(expect.objectContaining({ key: 'errors.auth.forcedLogout' }));
  });
});

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, falls back to the plain one, and has none without the header', () => {
    expect(fileNameOf(`attachment; filename="a.xlsx"; filename*=UTF-8''b%20c.xlsx`)).toBe('b c.xlsx');
    expect(fileNameOf('attachment; filename="a.xlsx"')).toBe('a.xlsx');
    expect(fileNameOf(`attachment; filename="a.xlsx"; filename*=UTF-8''%E0%A4%A.xlsx`)).toBe('a.xlsx');
    expect(fileNameOf(undefined)).toBeNull();
  });
});
