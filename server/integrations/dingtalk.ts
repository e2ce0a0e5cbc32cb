import type { HostApiBases } from '../core/config';
import { type HostApi, withToken } from './host-api';
import { errcodeCaller, type ErrcodeKinds, field, hostRequest, HostApiError } from './host-http';

/** DingTalk's "no such temporary auth code" (unknown, expired or used). */
const BAD_CODE = [40078];
/** DingTalk's "no such user" and "user not in the app's visible range". */
const BAD_RECIPIENT = [60121, 60020, 33012];

/**
 * DingTalk (integration facts §1.2): the app token from the new API (`POST /v1.0/oauth2/accessToken`), the
 * auth code's user from `POST /topapi/v2/user/getuserinfo`, mobile and email from `POST /topapi/v2/user/get`
 * (present with the contact permission), and work notifications through `asyncsend_v2`.
 */
export function createDingtalkApi(bases: Pick<HostApiBases, 'dingtalk' | 'dingtalkNew'>): HostApi {
  const call = errcodeCaller('dingtalk', bases.dingtalk);
  const oapi = (path: string, token: string, body: unknown, signal: AbortSignal, codes: ErrcodeKinds = {}) =>
    call('POST', path, { access_token: token }, signal, body, codes);

  return {
    platform: 'dingtalk',

    async fetchToken(_kind, credentials, signal) {
      const path = '/v1.0/oauth2/accessToken';
      const { status, body } = await hostRequest('dingtalk', {
        method: 'POST',
        base: bases.dingtalkNew,
        path,
        body: { appKey: credentials.appKey, appSecret: credentials.appSecret },
        signal,
      });
      const token = field(body, 'accessToken');
      if (status >= 400 || !token) {
        const detail = `${path}: HTTP ${status} ${field(body, 'code')} ${field(body, 'message')}`.trim();
        throw new HostApiError(
          'dingtalk',
          status >= 400 && status < 500 ? 'credentialsRejected' : 'refused',
          detail,
        );
      }
      return { token, expiresInSeconds: Number(body.expireIn ?? 7200) };
    },

    async identify(code, call) {
      const info = await withToken(call, 'app', (token) =>
        oapi('/topapi/v2/user/getuserinfo', token, { code }, call.signal, { code: BAD_CODE }),
      );
      const result = (info.result ?? {}) as Record<string, unknown>;
      const userId = field(result, 'userid');
      if (!userId) throw new HostApiError('dingtalk', 'codeRejected', 'getuserinfo: no userid');
      const detail = await withToken(call, 'app', (token) =>
        oapi('/topapi/v2/user/get', token, { userid: userId, language: 'zh_CN' }, call.signal),
      ).catch((error: unknown) => {
        // Without the contact permission the detail may be refused: the binding can still sign in.
        if (error instanceof HostApiError && error.reason === 'refused') return { result: {} };
        throw error;
      });
      const user = (detail.result ?? {}) as Record<string, unknown>;
      return {
        userId,
        openId: null,
        unionId: field(result, 'unionid') || field(user, 'unionid') || null,
        mobile: field(user, 'mobile') || null,
        email: field(user, 'email') || field(user, 'org_email') || null,
        name: field(result, 'name') || field(user, 'name'),
      };
    },

    async send(message, call) {
      const agentId = Number(call.credentials.agentId);
      const markdown = [
        `### ${message.title}`,
        message.text,
        message.url ? `[${message.url}](${message.url})` : '',
      ]
        .filter(Boolean)
        .join('\n\n');
      const answer = await withToken(call, 'app', (token) =>
        oapi(
          '/topapi/message/corpconversation/asyncsend_v2',
          token,
          {
            agent_id: Number.isFinite(agentId) ? agentId : call.credentials.agentId,
            userid_list: message.userId,
            to_all_user: false,
            msg: { msgtype: 'markdown', markdown: { title: message.title, text: markdown } },
          },
          call.signal,
          { recipient: BAD_RECIPIENT },
        ),
      );
      return field(answer, 'task_id');
    },
  };
}
