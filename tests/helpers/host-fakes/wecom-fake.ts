import { randomBytes } from 'node:crypto';
import { type FakeAnswer, type FakeHostUser, FakePlatform, type RecordedRequest } from './fake-server';

/** A WeCom self-built app: the corp id, the app's agent id and its secret (the `corpsecret`). */
export interface FakeWecomApp {
  corpId: string;
  agentId: string;
  secret: string;
}

/** A person of the corp; `member: false` is someone outside it (WeCom answers an openid for them). */
export type FakeWecomUser = FakeHostUser & { member?: boolean };

/** An app message the fake accepted. */
export interface FakeWecomMessage {
  corpId: string;
  agentId: string;
  toUsers: string[];
  msgtype: string;
  body: unknown;
  msgid: string;
}

const ok = (fields: Record<string, unknown> = {}): FakeAnswer => ({
  body: { errcode: 0, errmsg: 'ok', ...fields },
});
const fail = (errcode: number, errmsg: string): FakeAnswer => ({ body: { errcode, errmsg } });

const appKey = (corpId: string, agentId: string) => `${corpId}/${agentId}`;

/**
 * WeCom's server API (integration facts §3.2): `gettoken`, `auth/getuserinfo` (a `user_ticket` with the
 * snsapi_privateinfo scope), `auth/getuserdetail`, `user/get`, the JS tickets and app messages. Codes
 * come from the OAuth authorize fake, are single use and belong to one app of one corp.
 */
export class WecomFake extends FakePlatform {
  readonly controlMethods = ['addApp', 'addUser', 'issueCode', 'messages', 'hasApp'] as const;
  protected readonly rateLimitAnswer = fail(45009, 'api freq out of limit');
  private readonly apps = new Map<string, FakeWecomApp>();
  private readonly users = new Map<string, FakeWecomUser>();
  private readonly codes = new Map<string, { app: string; userId: string; scope: string }>();
  private readonly tickets = new Map<string, string>();
  private readonly sent: FakeWecomMessage[] = [];

  async addApp(app: FakeWecomApp): Promise<void> {
    this.apps.set(appKey(app.corpId, app.agentId), app);
  }

  /** Whether `corpId` is a corp of this fake (the OAuth fake asks, to route a redirect here). */
  async hasApp(corpId: string): Promise<boolean> {
    return [...this.apps.values()].some((app) => app.corpId === corpId);
  }

  async addUser(user: FakeWecomUser): Promise<void> {
    this.users.set(user.userId, user);
  }

  /**
   * The code the OAuth redirect hands back for this person in app `agentId` of `corpId` (the first app
   * of the corp when no agent id is given); `scope` decides whether a user_ticket comes with it.
   */
  async issueCode(corpId: string, userId: string, scope = 'snsapi_base', agentId?: string): Promise<string> {
    const app = [...this.apps.values()].find(
      (candidate) => candidate.corpId === corpId && (agentId === undefined || candidate.agentId === agentId),
    );
    if (!app) throw new Error(`no WeCom app ${corpId}/${agentId ?? '*'}`);
    const code = this.newCode();
    this.codes.set(code, { app: appKey(app.corpId, app.agentId), userId, scope });
    return code;
  }

  async messages(): Promise<FakeWecomMessage[]> {
    return this.sent;
  }

  protected handle(request: RecordedRequest): FakeAnswer {
    if (request.method === 'GET' && request.path === '/cgi-bin/gettoken') {
      const app = [...this.apps.values()].find(
        (candidate) =>
          candidate.corpId === request.query.corpid && candidate.secret === request.query.corpsecret,
      );
      if (!app) return fail(40001, 'invalid credential');
      return ok({ access_token: this.issueToken(appKey(app.corpId, app.agentId), ''), expires_in: 7200 });
    }
    const checked = this.checkToken(request.query.access_token);
    if (checked === 'invalid') return fail(40014, 'invalid access_token');
    if (checked === 'expired') return fail(42001, 'access_token expired');
    const app = this.apps.get(checked.app)!;
    const body = (request.body ?? {}) as Record<string, unknown>;
    switch (`${request.method} ${request.path}`) {
      case 'GET /cgi-bin/auth/getuserinfo': {
        const code = this.codes.get(request.query.code ?? '');
        if (!code || code.app !== checked.app) return fail(40029, 'invalid code');
        this.codes.delete(request.query.code ?? '');
        const user = this.users.get(code.userId);
        if (!user) return fail(60111, 'userid not found');
        if (user.member === false) return ok({ openid: user.openId ?? user.userId });
        if (code.scope !== 'snsapi_privateinfo') return ok({ userid: user.userId });
        const ticket = randomBytes(12).toString('hex');
        this.tickets.set(ticket, user.userId);
        return ok({ userid: user.userId, user_ticket: ticket, expires_in: 1800 });
      }
      case 'POST /cgi-bin/auth/getuserdetail': {
        const userId = this.tickets.get(String(body.user_ticket ?? ''));
        const user = userId ? this.users.get(userId) : undefined;
        if (!user) return fail(40029, 'invalid user_ticket');
        return ok({
          userid: user.userId,
          gender: '0',
          avatar: '',
          qr_code: '',
          ...(user.mobile ? { mobile: user.mobile } : {}),
          ...(user.email ? { email: user.email } : {}),
          biz_mail: '',
          address: '',
        });
      }
      case 'GET /cgi-bin/user/get': {
        const user = this.users.get(request.query.userid ?? '');
        if (!user || user.member === false) return fail(60111, 'userid not found');
        return ok({ userid: user.userId, name: user.name ?? user.userId, department: [1], position: '' });
      }
      case 'GET /cgi-bin/get_jsapi_ticket':
      case 'GET /cgi-bin/ticket/get':
        return ok({ ticket: 'jt', expires_in: 7200 });
      case 'POST /cgi-bin/message/send': {
        if (String(body.agentid ?? '') !== app.agentId) return fail(40056, 'invalid agentid');
        const toUsers = String(body.touser ?? '')
          .split('|')
          .filter(Boolean);
        const invalid = toUsers.filter((id) => {
          const user = this.users.get(id);
          return !user || user.member === false;
        });
        const valid = toUsers.filter((id) => !invalid.includes(id));
        if (valid.length === 0) return fail(81013, 'user & party & tag all invalid');
        const msgid = randomBytes(8).toString('hex');
        this.sent.push({
          corpId: app.corpId,
          agentId: app.agentId,
          toUsers: valid,
          msgtype: String(body.msgtype ?? ''),
          body,
          msgid,
        });
        return ok({
          invaliduser: invalid.join('|'),
          invalidparty: '',
          invalidtag: '',
          unlicenseduser: '',
          msgid,
        });
      }
      default:
        return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
    }
  }
}
