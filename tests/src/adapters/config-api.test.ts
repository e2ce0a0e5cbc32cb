import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '../../../domain/schemas/client-config';
import { getClientConfig, loadClientConfig, setClientConfig } from '../../../src/adapters/config-api';

const config: ClientConfig = {
  version: '7.15.3',
  signingKey: 'key',
  deployment: 'project',
  ssoLoginUrl: 'https://sso.example.test/login',
  feishuSdkUrl: 'https://sdk.example.test/h5.js',
  modules: { reset: true, register: false, appDownload: false },
};

/** A fetch answering GET /api/config with an envelope around `data`, with the given status. */
function answer(data: unknown, status = 200) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify({ code: status === 200 ? 100 : status, message: '', data }), { status }),
  ) as unknown as typeof fetch;
}

describe('loadClientConfig', () => {
  afterEach(() => setClientConfig(null));

  it('asks the API base for the config and keeps the parsed answer', async () => {
    const fetchImpl = answer(config);
    await expect(loadClientConfig('/portal/api', fetchImpl)).resolves.toEqual(config);
    expect(fetchImpl).toHaveBeenCalledWith('/portal/api/config', expect.anything());
    expect(getClientConfig()).toEqual(config);
  });

  it('drops fields the schema does not know', async () => {
    const loaded = await loadClientConfig('/api', answer({ ...config, secret: 'x' }));
    expect(loaded).not.toHaveProperty('secret');
  });

  it.each([
    ['an empty signing key', { ...config, signingKey: '' }],
    ['an unknown deployment', { ...config, deployment: 'moon' }],
    ['a missing module switch', { ...config, modules: { reset: true, register: true } }],
    ['no data', undefined],
  ])('refuses an answer with %s', async (_case, data) => {
    await expect(loadClientConfig('/api', answer(data))).rejects.toThrow('unexpected shape');
    expect(() => getClientConfig()).toThrow('before boot');
  });

  it('fails boot when the server answers an error', async () => {
    await expect(loadClientConfig('/api', answer(null, 503))).rejects.toThrow('answered 503');
  });
});
