import { DEPLOYMENTS } from '../../domain/constants';
import type { ClientConfig } from '../../domain/schemas/health';

let loaded: ClientConfig | null = null;

/**
 * The boot-critical check of a ClientConfig. The full zod schema (clientConfigSchema) would put zod on
 * every page's first paint; the server already serialises this answer through that schema, so the
 * client only confirms the fields boot relies on.
 */
export function checkClientConfig(value: unknown): ClientConfig {
  const config = value as Partial<ClientConfig> | null;
  const ok =
    !!config &&
    typeof config.version === 'string' &&
    typeof config.signingKey === 'string' &&
    config.signingKey.length > 0 &&
    (DEPLOYMENTS as readonly string[]).includes(config.deployment ?? '') &&
    (config.ssoLoginUrl === null || typeof config.ssoLoginUrl === 'string') &&
    typeof config.feishuSdkUrl === 'string' &&
    !!config.modules &&
    typeof config.modules.reset === 'boolean' &&
    typeof config.modules.register === 'boolean' &&
    typeof config.modules.appDownload === 'boolean';
  if (!ok) throw new Error('GET /api/config answered an unexpected shape');
  return config as ClientConfig;
}

/**
 * GET /api/config, the first call of every boot: it carries the signing key, so it is sent unsigned.
 * The answer is kept for getClientConfig().
 */
export async function loadClientConfig(
  apiBase: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ClientConfig> {
  const response = await fetchImpl(`${apiBase}/config`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${apiBase}/config answered ${response.status}`);
  const body = (await response.json()) as { data?: unknown };
  loaded = checkClientConfig(body.data);
  return loaded;
}

/** The config loaded at boot. */
export function getClientConfig(): ClientConfig {
  if (!loaded) throw new Error('client config read before boot loaded it');
  return loaded;
}

/** Installs a config directly (tests, and boot after loading). */
export function setClientConfig(config: ClientConfig | null): void {
  loaded = config;
}
