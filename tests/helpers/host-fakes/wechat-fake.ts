import { randomBytes } from 'node:crypto';
import { type FakeAnswer, type FakeHostUser, FakePlatform, type RecordedRequest } from './fake-server';

/** A WeChat Official Account: its app id and secret. */
export interface FakeWechatApp {
  appId: string;
  secret: string;
}

/** A template or customer-service message the fake accepted. */
export interface FakeWechatMessage {
  appId: string;
  kind: 'template' | 'custom';
  toUser: string;
  body: unknown;
  msgid: number;
}

const fail = (errcode: number, errmsg: string): FakeAnswer => ({ body: { errcode, errmsg } });

/**
 * A WeChat Official Account's API (integration facts §3.3): the web-page OAuth code exchange
 * (`/sns/oauth2/access_token`, a used code answers 40163), `/sns/userinfo`, the basic token, the JS
 * ticket and template / customer-service messages. A person's `userId` is their openid under this fake's
 * accounts. Codes come from the OAuth authorize fake and belong to one account.
 */
export class WechatFake extends FakePlatform {
  readonly controlMethods = ['addApp', 'addUser', 'issueCode', 'messages', 'hasApp'] as const;
  protected readonly rateLimitAnswer = fail(45009, 'reach max api daily quota limit');
  private readonly apps = new Map<string, FakeWechatApp>();
  private readonly users = new Map<string, FakeHostUser>();
  private readonly codes = new Map<string, { appId: string; userId: string; scope: string }>();
  private readonly usedCodes = new Set<string>();
  private readonly sent: FakeWechatMessage[] = [];
  private msgids = 2000;

  async addApp(app: FakeWechatApp): Promise<void> {
    this.apps.set(app.appId, app);
  }

  async hasApp(appId: string): Promise<boolean> {
    return this.apps.has(appId);
  }

  async addUser(user: FakeHostUser): Promise<void> {
    this.users.set(user.userId, user);
  }

  /** The code the OAuth redirect hands back for this person (openid `userId`) in account `appId`. */
  async issueCode(appId: string, userId: string, scope = 'snsapi_base'): Promise<string> {
    if (!this.apps.has(appId)) throw new Error(`no WeChat account ${appId}`);
    const code = this.newCode();
    this.codes.set(code, { appId, userId, scope });
    return code;
  }

  async messages(): Promise<FakeWechatMessage[]> {
    return this.sent;
  }

  private send(request: RecordedRequest, kind: FakeWechatMessage['kind']): FakeAnswer {
    const checked = this.checkToken(request.query.access_token);
    if (checked === 'invalid')
      return fail(40001, 'invalid credential, access_token is invalid or not latest');
    if (checked === 'expired') return fail(42001, 'access_token expired');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const toUser = String(body.touser ?? '');
    if (!this.users.has(toUser)) return fail(40003, 'invalid openid');
    const msgid = (this.msgids += 1);
    this.sent.push({ appId: checked.app, kind, toUser, body, msgid });
    return { body: { errcode: 0, errmsg: 'ok', msgid } };
  }

  protected handle(request: RecordedRequest): FakeAnswer {
    const query = request.query;
    switch (`${request.method} ${request.path}`) {
      case 'GET /sns/oauth2/access_token': {
        const app = this.apps.get(query.appid ?? '');
        if (!app || app.secret !== query.secret) return fail(40125, 'invalid appsecret');
        if (query.grant_type !== 'authorization_code') return fail(40002, 'invalid grant_type');
        if (this.usedCodes.has(query.code ?? '')) return fail(40163, 'code been used');
        const code = this.codes.get(query.code ?? '');
        if (!code || code.appId !== app.appId) return fail(40029, 'invalid code');
        this.codes.delete(query.code ?? '');
        this.usedCodes.add(query.code ?? '');
        const user = this.users.get(code.userId);
        if (!user) return fail(40029, 'invalid code');
        return {
          body: {
            access_token: `ua-${randomBytes(12).toString('hex')}`,
            expires_in: 7200,
            refresh_token: `rt-${randomBytes(12).toString('hex')}`,
            openid: user.userId,
            scope: code.scope,
            ...(user.unionId ? { unionid: user.unionId } : {}),
          },
        };
      }
      case 'GET /sns/userinfo': {
        const user = this.users.get(query.openid ?? '');
        if (!user) return fail(40003, 'invalid openid');
        return {
          body: {
            openid: user.userId,
            nickname: user.name ?? user.userId,
            headimgurl: '',
            privilege: [],
            ...(user.unionId ? { unionid: user.unionId } : {}),
          },
        };
      }
      case 'GET /cgi-bin/token': {
        const app = this.apps.get(query.appid ?? '');
        if (!app || app.secret !== query.secret || query.grant_type !== 'client_credential') {
          return fail(40125, 'invalid appsecret');
        }
        return { body: { access_token: this.issueToken(app.appId, ''), expires_in: 7200 } };
      }
      case 'GET /cgi-bin/ticket/getticket': {
        const checked = this.checkToken(query.access_token);
        if (checked === 'invalid') return fail(40001, 'invalid credential');
        if (checked === 'expired') return fail(42001, 'access_token expired');
        return { body: { errcode: 0, errmsg: 'ok', ticket: 'jt', expires_in: 7200 } };
      }
      case 'POST /cgi-bin/message/template/send':
        return this.send(request, 'template');
      case 'POST /cgi-bin/message/custom/send':
        return this.send(request, 'custom');
      default:
        return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
    }
  }
}
