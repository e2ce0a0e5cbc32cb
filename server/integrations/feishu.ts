import type { HostApiBases } from '../core/config';
import { type HostApi, withToken } from './host-api';
import { describeBody, field, type HostResponse, hostRequest, HostApiError } from './host-http';

/** Feishu's codes of an invalid or expired app, tenant or user token. */
const TOKEN_CODES = [99991661, 99991663, 99991664, 99991665, 99991668, 99991677];
/** Feishu's codes of a refused app id or secret. */
const CREDENTIAL_CODES = [10003, 10014];
/** Feishu's codes of a recipient the bot cannot reach (unknown, outside its availability, another app's id). */
const RECIPIENT_CODES = [230013, 230001, 99992361, 99992364];

/** The failure of a Feishu answer (`code`/`msg`), or null when `code` is 0. */
function feishuFailure(path: string, response: HostResponse, codeStep = false): HostApiError | null {
  const code = Number(response.body.code ?? (response.status >= 400 ? -1 : 0));
  if (code === 0) return null;
  const detail = `${path}: ${describeBody(response.body) || `HTTP ${response.status}`}`;
  if (TOKEN_CODES.includes(code)) return new HostApiError('feishu', 'tokenRejected', detail);
  if (code === 99991400) return new HostApiError('feishu', 'rateLimited', detail);
  if (CREDENTIAL_CODES.includes(code)) return new HostApiError('feishu', 'credentialsRejected', detail);
  if (RECIPIENT_CODES.includes(code)) return new HostApiError('feishu', 'recipientRejected', detail);
  // The code exchange refuses a bad, expired or used code with a 2xxxx code naming the code.
  if (codeStep && (code === 20003 || /code/i.test(field(response.body, 'msg')))) {
    return new HostApiError('feishu', 'codeRejected', detail);
  }
  return new HostApiError('feishu', 'refused', detail);
}

/**
 * Feishu / Lark (integration facts §2.2): the app token (`app_access_token/internal`) for the OIDC code
 * exchange, the user token's `user_info` (user id, union id, and mobile and email with those scopes), and
 * the tenant token (`tenant_access_token/internal`) for sending messages, with Feishu's own idempotency
 * (`uuid`).
 */
export function createFeishuApi(bases: Pick<HostApiBases, 'feishu'>): HostApi {
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    bearer: string,
    signal: AbortSignal,
    body?: unknown,
    query?: Record<string, string>,
    codeStep = false,
  ) => {
    const response = await hostRequest('feishu', {
      method,
      base: bases.feishu,
      path,
      query,
      body,
      headers: { authorization: `Bearer ${bearer}` },
      signal,
    });
    const failure = feishuFailure(path, response, codeStep);
    if (failure) throw failure;
    return response.body;
  };

  return {
    platform: 'feishu',

    async fetchToken(kind, credentials, signal) {
      const path = `/open-apis/auth/v3/${kind === 'tenant' ? 'tenant' : 'app'}_access_token/internal`;
      const response = await hostRequest('feishu', {
        method: 'POST',
        base: bases.feishu,
        path,
        body: { app_id: credentials.appKey, app_secret: credentials.appSecret },
        signal,
      });
      const failure = feishuFailure(path, response);
      // A refused secret at the token endpoint is a configuration problem, whatever its code.
      if (failure)
        throw failure.reason === 'refused'
          ? new HostApiError('feishu', 'credentialsRejected', failure.detail)
          : failure;
      const token = field(response.body, kind === 'tenant' ? 'tenant_access_token' : 'app_access_token');
      if (!token) throw new HostApiError('feishu', 'refused', `${path}: no token in the answer`);
      return { token, expiresInSeconds: Number(response.body.expire ?? 7200) };
    },

    async identify(code, hostCall) {
      const exchanged = await withToken(hostCall, 'app', (token) =>
        call(
          'POST',
          '/open-apis/authen/v1/oidc/access_token',
          token,
          hostCall.signal,
          { grant_type: 'authorization_code', code },
          undefined,
          true,
        ),
      );
      const userToken = field(exchanged.data as Record<string, unknown>, 'access_token');
      if (!userToken) throw new HostApiError('feishu', 'codeRejected', 'oidc/access_token: no user token');
      const info = await call('GET', '/open-apis/authen/v1/user_info', userToken, hostCall.signal);
      const data = (info.data ?? {}) as Record<string, unknown>;
      const openId = field(data, 'open_id');
      const userId = field(data, 'user_id') || openId;
      if (!userId) throw new HostApiError('feishu', 'refused', 'user_info: no user id');
      return {
        userId,
        openId: openId || null,
        unionId: field(data, 'union_id') || null,
        mobile: field(data, 'mobile') || null,
        email: field(data, 'enterprise_email') || field(data, 'email') || null,
        name: field(data, 'name'),
      };
    },

    async send(message, hostCall) {
      const byOpenId = message.openId !== null && message.openId !== '';
      const text = [message.title, message.text, message.url].filter(Boolean).join('\n');
      const answer = await withToken(hostCall, 'tenant', (token) =>
        call(
          'POST',
          '/open-apis/im/v1/messages',
          token,
          hostCall.signal,
          {
            receive_id: byOpenId ? message.openId : message.userId,
            msg_type: 'text',
            content: JSON.stringify({ text }),
            // Feishu drops a second message with the same uuid within an hour (at most 50 characters).
            uuid: message.idempotencyKey.slice(0, 50),
          },
          { receive_id_type: byOpenId ? 'open_id' : 'user_id' },
        ),
      );
      return field(answer.data as Record<string, unknown>, 'message_id');
    },
  };
}
