import { clientConfigSchema, type ClientConfig } from '../../domain/schemas/client-config';

let loaded: ClientConfig | null = null;

/**
 * GET /api/config, the first call of every boot: it carries the signing key, so it is sent unsigned.
 * The answer is parsed with the schema the server answers with and kept for getClientConfig().
 */
export async function loadClientConfig(
  apiBase: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ClientConfig> {
  const response = await fetchImpl(`${apiBase}/config`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${apiBase}/config answered ${response.status}`);
  const body = (await response.json()) as { data?: unknown } | null;
  const parsed = clientConfigSchema.safeParse(body?.data);
  if (!parsed.success)
    throw new Error(`GET ${apiBase}/config answered an unexpected shape`, { cause: parsed.error });
  loaded = parsed.data;
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
