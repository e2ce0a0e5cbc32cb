import { type FakeAnswer, FakePlatform, type RecordedRequest } from './fake-server';
import type { WechatFake } from './wechat-fake';
import type { WecomFake } from './wecom-fake';

const SCOPES = ['snsapi_base', 'snsapi_userinfo', 'snsapi_privateinfo'];

/** The page WeChat shows instead of redirecting: plain text, status 400 (tests read the reason). */
const refuse = (reason: string): FakeAnswer => ({ status: 400, body: { error: reason } });

/**
 * The OAuth authorize page of open.weixin.qq.com that WeChat and WeCom open inside the client
 * (integration facts §3.2, §3.3): `GET /connect/oauth2/authorize?appid&redirect_uri&response_type=code&scope
 * &state(&agentid)` answers 302 to `redirect_uri?code=<code>&state=<same>` for the person `signInAs` put in
 * the host for that app id, the code issued by the WeCom fake when the app id is one of its corps, else by
 * the WeChat fake. The state must be letters and digits (at most 128), as WeChat documents; a WeCom
 * snsapi_privateinfo request needs its agentid.
 */
export class WeixinOauthFake extends FakePlatform {
  readonly controlMethods = ['signInAs', 'signOut'] as const;
  protected readonly rateLimitAnswer = refuse('rate limited');
  private readonly people = new Map<string, string>();

  constructor(
    private readonly wecom: WecomFake,
    private readonly wechat: WechatFake,
  ) {
    super();
  }

  /** The person signed in to the host for app id (a WeCom corp id or an OA app id): their user id or openid. */
  async signInAs(appId: string, userId: string): Promise<void> {
    this.people.set(appId, userId);
  }

  async signOut(appId: string): Promise<void> {
    this.people.delete(appId);
  }

  protected async handle(request: RecordedRequest): Promise<FakeAnswer> {
    if (request.method !== 'GET' || request.path !== '/connect/oauth2/authorize') {
      return { status: 404, body: { error: 'not found' } };
    }
    const {
      appid = '',
      redirect_uri: redirectUri = '',
      response_type,
      scope = '',
      state = '',
    } = request.query;
    const agentId = request.query.agentid;
    let target: URL;
    try {
      target = new URL(redirectUri);
    } catch {
      return refuse('redirect_uri is not an absolute URL');
    }
    if (!/^https?:$/.test(target.protocol)) return refuse('redirect_uri must be http(s)');
    if (response_type !== 'code') return refuse('response_type must be code');
    if (!SCOPES.includes(scope)) return refuse(`unknown scope ${scope}`);
    if (!/^[a-zA-Z0-9]{0,128}$/.test(state)) return refuse('state must be at most 128 letters and digits');
    const userId = this.people.get(appid);
    if (!userId) return refuse(`nobody is signed in to the host for ${appid}`);
    let code: string;
    if (await this.wecom.hasApp(appid)) {
      if (scope === 'snsapi_privateinfo' && !agentId) return refuse('snsapi_privateinfo needs agentid');
      code = await this.wecom.issueCode(appid, userId, scope, agentId);
    } else if (await this.wechat.hasApp(appid)) {
      code = await this.wechat.issueCode(appid, userId, scope);
    } else {
      return refuse(`unknown appid ${appid}`);
    }
    target.searchParams.set('code', code);
    target.searchParams.set('state', state);
    return { status: 302, location: target.toString() };
  }
}
