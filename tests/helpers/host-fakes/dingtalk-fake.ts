import { randomBytes } from 'node:crypto';
import { type FakeAnswer, type FakeHostUser, FakePlatform, type RecordedRequest } from './fake-server';

/** A DingTalk internal app: the server's app key and secret, the corp it belongs to, its agent id. */
export interface FakeDingtalkApp {
  appKey: string;
  appSecret: string;
  corpId: string;
  agentId?: string;
}

/** A work notification the fake accepted. */
export interface FakeDingtalkNotice {
  appKey: string;
  agentId: string;
  userIds: string[];
  msg: unknown;
  taskId: number;
}

const ok = (fields: Record<string, unknown>): FakeAnswer => ({
  body: { errcode: 0, errmsg: 'ok', ...fields, request_id: randomBytes(6).toString('hex') },
});
const fail = (errcode: number, errmsg: string): FakeAnswer => ({
  body: { errcode, errmsg, request_id: randomBytes(6).toString('hex') },
});

/**
 * DingTalk's open platform as the portal uses it (integration facts §1.2): the old API at oapi.dingtalk.com
 * (`/gettoken`, `/topapi/v2/user/getuserinfo`, `/topapi/v2/user/get`, work notifications) and the new API's
 * app token (`POST /v1.0/oauth2/accessToken`); one server answers both bases. Auth codes are single use
 * and belong to one app.
 */
export class DingtalkFake extends FakePlatform {
  readonly controlMethods = ['addApp', 'addUser', 'issueCode', 'notices'] as const;
  protected readonly rateLimitAnswer = fail(90018, '当前企业调用该接口的次数超过限制');
  private readonly apps = new Map<string, FakeDingtalkApp>();
  private readonly users = new Map<string, FakeHostUser>();
  private readonly codes = new Map<string, { appKey: string; userId: string }>();
  private readonly sent: FakeDingtalkNotice[] = [];
  private taskIds = 1000;

  async addApp(app: FakeDingtalkApp): Promise<void> {
    this.apps.set(app.appKey, app);
  }

  /** Adds (or replaces) a person of the corp's directory. */
  async addUser(user: FakeHostUser): Promise<void> {
    this.users.set(user.userId, user);
  }

  /** What `requestAuthCode({ corpId })` hands the page inside the app `appKey` for this person. */
  async issueCode(appKey: string, userId: string): Promise<string> {
    const code = this.newCode();
    this.codes.set(code, { appKey, userId });
    return code;
  }

  /** Work notifications accepted so far. */
  async notices(): Promise<FakeDingtalkNotice[]> {
    return this.sent;
  }

  private tokenAnswer(request: RecordedRequest): { app: string } | FakeAnswer {
    const checked = this.checkToken(request.query.access_token);
    if (checked === 'invalid') return fail(40014, '不合法的access_token');
    if (checked === 'expired') return fail(42001, 'access_token超时');
    return checked;
  }

  protected handle(request: RecordedRequest): FakeAnswer {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (request.method === 'GET' && request.path === '/gettoken') {
      const app = this.apps.get(request.query.appkey ?? '');
      if (!app || app.appSecret !== request.query.appsecret)
        return fail(40089, 'invalid appkey or appsecret');
      return ok({ access_token: this.issueToken(app.appKey, ''), expires_in: 7200 });
    }
    if (request.method === 'POST' && request.path === '/v1.0/oauth2/accessToken') {
      const app = this.apps.get(String(body.appKey ?? ''));
      if (!app || app.appSecret !== body.appSecret) {
        return {
          status: 400,
          body: {
            code: 'invalidClientIdOrSecret',
            message: '无效的clientId或者clientSecret',
            requestid: 'r',
          },
        };
      }
      return { body: { accessToken: this.issueToken(app.appKey, ''), expireIn: 7200 } };
    }
    if (request.method !== 'POST') return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
    const token = this.tokenAnswer(request);
    if (!('app' in token)) return token;
    switch (request.path) {
      case '/topapi/v2/user/getuserinfo': {
        const code = this.codes.get(String(body.code ?? ''));
        if (!code || code.appKey !== token.app) return fail(40078, '不存在的临时授权码');
        this.codes.delete(String(body.code));
        const user = this.users.get(code.userId);
        if (!user) return fail(60121, '找不到该用户');
        return ok({
          result: {
            userid: user.userId,
            unionid: user.unionId ?? '',
            name: user.name ?? user.userId,
            device_id: 'device',
            sys: false,
            sys_level: 0,
            associated_unionid: '',
          },
        });
      }
      case '/topapi/v2/user/get': {
        const user = this.users.get(String(body.userid ?? ''));
        if (!user) return fail(60121, '找不到该用户');
        return ok({
          result: {
            userid: user.userId,
            unionid: user.unionId ?? '',
            name: user.name ?? user.userId,
            avatar: '',
            state_code: '86',
            ...(user.mobile ? { mobile: user.mobile } : {}),
            hide_mobile: false,
            telephone: '',
            job_number: '',
            title: '',
            ...(user.email ? { email: user.email } : {}),
            org_email: '',
            work_place: '',
            remark: '',
            dept_id_list: [1],
            active: true,
            admin: false,
            boss: false,
            senior: false,
            real_authed: true,
          },
        });
      }
      case '/topapi/message/corpconversation/asyncsend_v2': {
        const app = this.apps.get(token.app)!;
        if (String(body.agent_id ?? '') !== String(app.agentId ?? '')) return fail(40056, '不合法的agentid');
        const taskId = (this.taskIds += 1);
        this.sent.push({
          appKey: app.appKey,
          agentId: String(body.agent_id),
          userIds: String(body.userid_list ?? '')
            .split(',')
            .filter(Boolean),
          msg: body.msg,
          taskId,
        });
        return ok({ task_id: taskId });
      }
      default:
        return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
    }
  }
}
