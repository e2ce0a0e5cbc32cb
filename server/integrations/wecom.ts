import type { HostApiBases } from '../core/config';
import { type HostApi, withToken } from './host-api';
import { errcodeCaller, fetchErrcodeToken, field, HostApiError } from './host-http';

/** WeCom's invalid code and invalid user_ticket. */
const BAD_CODE = [40029, 40163, 40077];
/** WeCom's refused corp id or secret at `gettoken`. */
const BAD_CREDENTIALS = [40001, 40013, 40091, 40056];
/** No valid recipient at all. */
const BAD_RECIPIENT = [81013, 60111, 40003];

/**
 * WeCom (integration facts §3.2): `gettoken` with the corp id and the app's secret, `auth/getuserinfo` for
 * the code (a `user_ticket` with the snsapi_privateinfo scope, then mobile and email from
 * `auth/getuserdetail`), and app messages through `message/send`.
 */
export function createWecomApi(bases: Pick<HostApiBases, 'wecom'>): HostApi {
  const call = errcodeCaller('wecom', bases.wecom);

  return {
    platform: 'wecom',

    fetchToken: (_kind, credentials, signal) =>
      fetchErrcodeToken(
        'wecom',
        call,
        {
          path: '/cgi-bin/gettoken',
          query: { corpid: credentials.appKey, corpsecret: credentials.appSecret },
          credentials: BAD_CREDENTIALS,
        },
        signal,
      ),

    async identify(code, hostCall) {
      const info = await withToken(hostCall, 'app', (token) =>
        call('GET', '/cgi-bin/auth/getuserinfo', { access_token: token, code }, hostCall.signal, undefined, {
          code: BAD_CODE,
        }),
      );
      // Members come with a userid; people outside the corp only with an openid.
      const userId = field(info, 'userid') || field(info, 'UserId');
      const openId = field(info, 'openid') || null;
      if (!userId && !openId) throw new HostApiError('wecom', 'codeRejected', 'getuserinfo: no user');
      const ticket = field(info, 'user_ticket');
      const detail = ticket
        ? await withToken(hostCall, 'app', (token) =>
            call('POST', '/cgi-bin/auth/getuserdetail', { access_token: token }, hostCall.signal, {
              user_ticket: ticket,
            }),
          )
        : {};
      return {
        userId: userId || openId!,
        openId,
        unionId: null,
        mobile: field(detail, 'mobile') || null,
        email: field(detail, 'biz_mail') || field(detail, 'email') || null,
        name: '',
      };
    },

    async send(message, hostCall) {
      const agentId = Number(hostCall.credentials.agentId);
      const body = message.url
        ? {
            msgtype: 'textcard',
            textcard: { title: message.title, description: message.text, url: message.url },
          }
        : { msgtype: 'text', text: { content: `${message.title}\n${message.text}` } };
      const answer = await withToken(hostCall, 'app', (token) =>
        call(
          'POST',
          '/cgi-bin/message/send',
          { access_token: token },
          hostCall.signal,
          {
            touser: message.userId,
            agentid: Number.isFinite(agentId) ? agentId : hostCall.credentials.agentId,
            ...body,
          },
          { recipient: BAD_RECIPIENT },
        ),
      );
      if (field(answer, 'invaliduser')) {
        throw new HostApiError(
          'wecom',
          'recipientRejected',
          `/cgi-bin/message/send: invaliduser ${field(answer, 'invaliduser')}`,
        );
      }
      return field(answer, 'msgid');
    },
  };
}
