import type { HostApiBases } from '../core/config';
import { type HostApi, withToken } from './host-api';
import { errcodeCaller, fetchErrcodeToken, field, HostApiError } from './host-http';

/** WeChat's invalid code, used code and expired code. */
const BAD_CODE = [40029, 40163, 41008];
/** WeChat's refused app id or secret. */
const BAD_CREDENTIALS = [40013, 40125, 41002, 41004];
/** An unknown openid, or a follower outside the 48-hour customer-service window. */
const BAD_RECIPIENT = [40003, 43004, 45015];

/**
 * A WeChat Official Account (integration facts §3.3): web-page OAuth (`/sns/oauth2/access_token` gives the
 * openid and, when bound to an open platform, the unionid; no mobile or email), and customer-service text
 * messages with the basic token (`/cgi-bin/token`).
 */
export function createWechatApi(bases: Pick<HostApiBases, 'wechat'>): HostApi {
  const call = errcodeCaller('wechat', bases.wechat);

  return {
    platform: 'wechat',

    fetchToken: (_kind, credentials, signal) =>
      fetchErrcodeToken(
        'wechat',
        call,
        {
          path: '/cgi-bin/token',
          query: {
            grant_type: 'client_credential',
            appid: credentials.appKey,
            secret: credentials.appSecret,
          },
          credentials: [...BAD_CREDENTIALS, 40001],
        },
        signal,
      ),

    async identify(code, hostCall) {
      const { appKey, appSecret } = hostCall.credentials;
      const answer = await call(
        'GET',
        '/sns/oauth2/access_token',
        { appid: appKey, secret: appSecret, code, grant_type: 'authorization_code' },
        hostCall.signal,
        undefined,
        { code: BAD_CODE, credentials: [...BAD_CREDENTIALS, 40001] },
      );
      const openId = field(answer, 'openid');
      if (!openId) throw new HostApiError('wechat', 'codeRejected', '/sns/oauth2/access_token: no openid');
      return {
        userId: openId,
        openId,
        unionId: field(answer, 'unionid') || null,
        mobile: null,
        email: null,
        name: '',
      };
    },

    async send(message, hostCall) {
      const content = [message.title, message.text, message.url].filter(Boolean).join('\n');
      const answer = await withToken(hostCall, 'app', (token) =>
        call(
          'POST',
          '/cgi-bin/message/custom/send',
          { access_token: token },
          hostCall.signal,
          { touser: message.openId ?? message.userId, msgtype: 'text', text: { content } },
          { recipient: BAD_RECIPIENT },
        ),
      );
      return field(answer, 'msgid');
    },
  };
}
