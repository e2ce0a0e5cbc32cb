import type { HostPlatform } from '../../domain/constants';
import { HostApiError } from './host-http';

/** What the server calls a platform with: the organisation's integration, the secret decrypted. */
export interface HostCredentials {
  /** The id the host side knows (DingTalk corpId, Feishu app id, WeCom corp id, WeChat app id). */
  corpId: string;
  /** What tokens are fetched with (DingTalk app key, Feishu app id, WeCom corp id, WeChat app id). */
  appKey: string;
  appSecret: string;
  agentId: string;
}

/** Who a sign-in code belongs to, as the platform says. */
export interface HostIdentity {
  /** The id bindings are kept under: DingTalk userid, Feishu user_id (else open_id), WeCom userid, WeChat openid. */
  userId: string;
  openId: string | null;
  unionId: string | null;
  /** As the platform gives them (e.g. Feishu's `+8613800000000`); null without the contact scope. */
  mobile: string | null;
  email: string | null;
  name: string;
}

/** An access token of an app: DingTalk, WeCom and WeChat have one; Feishu an app and a tenant token. */
export type TokenKind = 'app' | 'tenant';

/** A fetched token and how long the platform says it lasts. */
export interface FetchedToken {
  token: string;
  expiresInSeconds: number;
}

/** Where a call gets its access tokens (the shared cache), and how it reports one the platform refused. */
export interface TokenSource {
  get(kind: TokenKind): Promise<string>;
  refuse(kind: TokenKind, token: string): Promise<void>;
}

/** The context of calls for one integration: its credentials, its tokens and the caller's deadline. */
export interface HostCall {
  credentials: HostCredentials;
  tokens: TokenSource;
  signal: AbortSignal;
}

/** A text notification to one person of the host (the binding's ids). */
export interface HostMessage {
  /** The binding's host user id (and open id where the platform addresses people by it). */
  userId: string;
  openId: string | null;
  title: string;
  text: string;
  /** Link the notification opens, or ''. */
  url: string;
  /** The outbox's idempotency key, passed to platforms that deduplicate (Feishu's uuid). */
  idempotencyKey: string;
}

/** One chat platform's server API as the portal uses it. */
export interface HostApi {
  platform: HostPlatform;
  /** Fetches a new access token of the app from the platform (the cache decides when). */
  fetchToken(kind: TokenKind, credentials: HostCredentials, signal: AbortSignal): Promise<FetchedToken>;
  /** Exchanges a sign-in code for the identity behind it. */
  identify(code: string, call: HostCall): Promise<HostIdentity>;
  /** Sends a notification; answers the platform's message or task id. */
  send(message: HostMessage, call: HostCall): Promise<string>;
}

/**
 * Runs a call with a token of `kind`; when the platform says the token is invalid or expired (WeCom
 * 42001 and the like), the token is dropped from the cache, a new one fetched and the call tried once more.
 */
export async function withToken<T>(
  call: HostCall,
  kind: TokenKind,
  work: (token: string) => Promise<T>,
): Promise<T> {
  const token = await call.tokens.get(kind);
  try {
    return await work(token);
  } catch (error) {
    if (!(error instanceof HostApiError) || error.reason !== 'tokenRejected') throw error;
    await call.tokens.refuse(kind, token);
    return work(await call.tokens.get(kind));
  }
}
