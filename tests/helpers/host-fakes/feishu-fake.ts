import { randomBytes } from 'node:crypto';
import { type FakeAnswer, type FakeHostUser, FakePlatform, type RecordedRequest } from './fake-server';

/** A Feishu self-built app: app id (`cli_...`) and secret. */
export interface FakeFeishuApp {
  appId: string;
  appSecret: string;
}

/** A message the fake accepted through `POST /open-apis/im/v1/messages`. */
export interface FakeFeishuMessage {
  appId: string;
  receiveIdType: string;
  receiveId: string;
  msgType: string;
  content: string;
  uuid: string;
  messageId: string;
}

const ok = (fields: Record<string, unknown>): FakeAnswer => ({ body: { code: 0, msg: 'ok', ...fields } });
const fail = (code: number, msg: string, status = 400): FakeAnswer => ({ status, body: { code, msg } });

/**
 * Feishu's open platform (integration facts §2.2): tenant and app tokens, the OIDC code exchange
 * (`Authorization: Bearer <app_access_token>`), `user_info` with the user token, and sending messages
 * with a tenant token (a repeated `uuid` returns the first message, as Feishu deduplicates). Auth codes
 * are single use and belong to one app.
 */
export class FeishuFake extends FakePlatform {
  readonly controlMethods = ['addApp', 'addUser', 'issueCode', 'messages'] as const;
  protected readonly rateLimitAnswer = fail(99991400, 'request trigger frequency limit', 429);
  private readonly apps = new Map<string, FakeFeishuApp>();
  private readonly users = new Map<string, FakeHostUser>();
  private readonly codes = new Map<string, { appId: string; userId: string }>();
  /** User access tokens: token -> the person. */
  private readonly userTokens = new Map<string, string>();
  private readonly sent: FakeFeishuMessage[] = [];

  async addApp(app: FakeFeishuApp): Promise<void> {
    this.apps.set(app.appId, app);
  }

  async addUser(user: FakeHostUser): Promise<void> {
    this.users.set(user.userId, user);
  }

  /** What `tt.requestAccess` / `tt.requestAuthCode` hand the page inside app `appId` for this person. */
  async issueCode(appId: string, userId: string): Promise<string> {
    const code = this.newCode();
    this.codes.set(code, { appId, userId });
    return code;
  }

  async messages(): Promise<FakeFeishuMessage[]> {
    return this.sent;
  }

  private bearer(request: RecordedRequest): string | undefined {
    const match = /^Bearer (.+)$/.exec(request.authorization);
    return match?.[1];
  }

  /** The app of a Bearer app or tenant token, or Feishu's answer to a bad one. */
  private appOf(request: RecordedRequest, prefix: string): { app: string } | FakeAnswer {
    const token = this.bearer(request);
    const checked = token?.startsWith(prefix) ? this.checkToken(token) : 'invalid';
    if (checked === 'invalid') return fail(99991663, 'Invalid access token for authorization.');
    if (checked === 'expired') return fail(99991677, 'Authentication token expired.');
    return checked;
  }

  private openId(user: FakeHostUser): string {
    return user.openId ?? `ou_${user.userId}`;
  }

  protected handle(request: RecordedRequest): FakeAnswer {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const credentials = () => {
      const app = this.apps.get(String(body.app_id ?? ''));
      return app && app.appSecret === body.app_secret ? app : undefined;
    };
    switch (`${request.method} ${request.path}`) {
      case 'POST /open-apis/auth/v3/tenant_access_token/internal': {
        const app = credentials();
        if (!app) return fail(10014, 'app secret invalid');
        return ok({ tenant_access_token: this.issueToken(app.appId, 't-'), expire: 7200 });
      }
      case 'POST /open-apis/auth/v3/app_access_token/internal': {
        const app = credentials();
        if (!app) return fail(10014, 'app secret invalid');
        return ok({
          app_access_token: this.issueToken(app.appId, 'a-'),
          tenant_access_token: this.issueToken(app.appId, 't-'),
          expire: 7200,
        });
      }
      case 'POST /open-apis/authen/v1/oidc/access_token': {
        const app = this.appOf(request, 'a-');
        if (!('app' in app)) return app;
        const code = this.codes.get(String(body.code ?? ''));
        if (body.grant_type !== 'authorization_code' || !code || code.appId !== app.app) {
          return fail(20003, 'invalid code');
        }
        this.codes.delete(String(body.code));
        const token = `u-${randomBytes(12).toString('hex')}`;
        this.userTokens.set(token, code.userId);
        return {
          body: {
            code: 0,
            msg: 'success',
            data: {
              access_token: token,
              refresh_token: `ur-${randomBytes(12).toString('hex')}`,
              token_type: 'Bearer',
              expires_in: 7200,
              refresh_expires_in: 2592000,
              scope: 'contact:user.base:readonly',
            },
          },
        };
      }
      case 'GET /open-apis/authen/v1/user_info': {
        const userId = this.userTokens.get(this.bearer(request) ?? '');
        const user = userId ? this.users.get(userId) : undefined;
        if (!user) return fail(99991668, 'Invalid access token for authorization.', 401);
        return {
          body: {
            code: 0,
            msg: 'success',
            data: {
              name: user.name ?? user.userId,
              en_name: user.name ?? user.userId,
              avatar_url: '',
              open_id: this.openId(user),
              union_id: user.unionId ?? '',
              ...(user.email ? { email: user.email } : {}),
              enterprise_email: '',
              user_id: user.userId,
              ...(user.mobile ? { mobile: user.mobile } : {}),
              tenant_key: 'tk',
              employee_no: '',
            },
          },
        };
      }
      case 'POST /open-apis/im/v1/messages': {
        const app = this.appOf(request, 't-');
        if (!('app' in app)) return app;
        const uuid = String(body.uuid ?? '');
        const earlier = uuid ? this.sent.find((m) => m.appId === app.app && m.uuid === uuid) : undefined;
        if (earlier) return { body: { code: 0, msg: 'success', data: { message_id: earlier.messageId } } };
        const receiveIdType = request.query.receive_id_type ?? '';
        const receiveId = String(body.receive_id ?? '');
        const known = [...this.users.values()].some((user) =>
          receiveIdType === 'open_id' ? this.openId(user) === receiveId : user.userId === receiveId,
        );
        if (!known) return fail(230013, 'Bot has NO availability to this user.');
        const message: FakeFeishuMessage = {
          appId: app.app,
          receiveIdType,
          receiveId,
          msgType: String(body.msg_type ?? ''),
          content: String(body.content ?? ''),
          uuid,
          messageId: `om_${randomBytes(8).toString('hex')}`,
        };
        this.sent.push(message);
        return { body: { code: 0, msg: 'success', data: { message_id: message.messageId } } };
      }
      default:
        return fail(404, 'not found', 404);
    }
  }
}
