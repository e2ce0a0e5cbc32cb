import { randomBytes } from 'node:crypto';
import { MINUTE_MS } from '../../domain/constants';
import type { HostApi, HostCredentials, TokenKind, TokenSource } from './host-api';
import { HostApiError } from './host-http';
import type { HostIntegrationsRepository } from '../repositories/host-integrations-repository';
import type { SecretBox } from '../security/secret-box';

/** A cached token is replaced this long before the platform says it expires. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * MINUTE_MS;
/** How often a caller waiting for another instance's refresh looks again. */
const WAIT_STEP_MS = 50;

/** What the cache of one integration works with. */
export interface TokenCacheDeps {
  integrations: HostIntegrationsRepository;
  secrets: SecretBox;
  /** The app's clock: token lifetimes follow it. */
  now: () => number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The access tokens of one integration, cached in the database so every instance shares them: a token is
 * used until TOKEN_REFRESH_MARGIN_MS before it expires; then one caller across all instances (the one that
 * takes the row's lease) fetches a new one while the others wait for it, within the caller's deadline
 * (`signal`). A token the platform refused is expired so the next `get` fetches anew.
 */
export function databaseTokenSource(
  deps: TokenCacheDeps,
  integrationId: number,
  api: HostApi,
  credentials: HostCredentials,
  signal: AbortSignal,
  leaseMs: number,
): TokenSource {
  const context = (kind: TokenKind) => `host_tokens:${integrationId}:${kind}`;
  /** The sealed form of each token handed out, to expire exactly that one when it is refused. */
  const sealedOf = new Map<string, string>();
  const owner = randomBytes(12).toString('hex');

  const usable = async (row: { token: string; expires_at: number } | undefined, kind: TokenKind) => {
    if (!row || !row.token || Number(row.expires_at) - TOKEN_REFRESH_MARGIN_MS <= deps.now()) return null;
    let token: string;
    try {
      token = deps.secrets.open(row.token, context(kind));
    } catch {
      // Sealed under another key (SECRETS_KEY changed): expired, so that a new one is fetched (cheaply).
      await deps.integrations.expireToken(integrationId, kind, row.token);
      return null;
    }
    sealedOf.set(token, row.token);
    return token;
  };

  return {
    async get(kind) {
      for (;;) {
        const cached = await usable(await deps.integrations.findToken(integrationId, kind), kind);
        if (cached) return cached;
        if (signal.aborted) throw new HostApiError(api.platform, 'unreachable', 'no token in time');
        const wallNow = Date.now();
        const staleBy = deps.now() + TOKEN_REFRESH_MARGIN_MS;
        if (
          await deps.integrations.takeTokenLease(
            integrationId,
            kind,
            owner,
            wallNow,
            wallNow + leaseMs,
            staleBy,
          )
        ) {
          try {
            const fetched = await api.fetchToken(kind, credentials, signal);
            const sealed = deps.secrets.seal(fetched.token, context(kind));
            const expiresAt = deps.now() + fetched.expiresInSeconds * 1000;
            await deps.integrations.storeToken(integrationId, kind, owner, sealed, expiresAt);
            sealedOf.set(fetched.token, sealed);
            return fetched.token;
          } catch (error) {
            await deps.integrations.releaseTokenLease(integrationId, kind, owner);
            throw error;
          }
        }
        // Another caller is fetching it: wait for its token (or for its lease to run out).
        await sleep(WAIT_STEP_MS);
      }
    },

    async refuse(kind, token) {
      const sealed = sealedOf.get(token);
      if (sealed) await deps.integrations.expireToken(integrationId, kind, sealed);
    },
  };
}
