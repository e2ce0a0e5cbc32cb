import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHostFakes, type HostFakes, startHostFakes } from '../../helpers/host-fakes';

/** The loopback platform fakes speak the shapes of integration facts §1-3 and can be controlled remotely. */
describe('host platform fakes', () => {
  let fakes: HostFakes;

  beforeAll(async () => {
    fakes = await startHostFakes();
    await fakes.dingtalk.addApp({ appKey: 'dk1', appSecret: 's1', corpId: 'ding1', agentId: '11' });
    await fakes.dingtalk.addUser({
      userId: 'u1',
      unionId: 'x1',
      mobile: '13800000000',
      email: 'a@corp.test',
    });
    await fakes.wecom.addApp({ corpId: 'ww1', agentId: '1000002', secret: 'ws' });
    await fakes.wecom.addUser({ userId: 'zhangsan', mobile: '13800000001', email: 'z@corp.test' });
    await fakes.wechat.addApp({ appId: 'wx1', secret: 'xs' });
    await fakes.wechat.addUser({ userId: 'o1', unionId: 'un1' });
  });
  afterAll(() => fakes.close());

  const getJson = async (url: string, init?: RequestInit) => (await fetch(url, init)).json();
  const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    getJson(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('DingTalk: token, single-use code, user detail, and a 42001 after the token expires', async () => {
    const base = fakes.urls.dingtalk;
    const bad = await getJson(`${base}/gettoken?appkey=dk1&appsecret=nope`);
    expect(bad.errcode).toBe(40089);
    const { accessToken, expireIn } = await postJson(`${base}/v1.0/oauth2/accessToken`, {
      appKey: 'dk1',
      appSecret: 's1',
    });
    expect(expireIn).toBe(7200);
    const code = await fakes.dingtalk.issueCode('dk1', 'u1');
    const info = await postJson(`${base}/topapi/v2/user/getuserinfo?access_token=${accessToken}`, { code });
    expect(info).toMatchObject({ errcode: 0, result: { userid: 'u1', unionid: 'x1' } });
    const again = await postJson(`${base}/topapi/v2/user/getuserinfo?access_token=${accessToken}`, { code });
    expect(again.errcode).toBe(40078);
    const detail = await postJson(`${base}/topapi/v2/user/get?access_token=${accessToken}`, { userid: 'u1' });
    expect(detail.result).toMatchObject({ mobile: '13800000000', email: 'a@corp.test' });
    await fakes.dingtalk.expireTokens();
    const expired = await postJson(`${base}/topapi/v2/user/get?access_token=${accessToken}`, {
      userid: 'u1',
    });
    expect(expired.errcode).toBe(42001);
    const recorded = await fakes.dingtalk.requests('/topapi/v2/user/get');
    expect(recorded.at(-1)).toMatchObject({ method: 'POST', query: { access_token: accessToken } });
  });

  it('the OAuth page redirects a WeCom member back with a code and the same state', async () => {
    await fakes.oauth.signInAs('ww1', 'zhangsan');
    const redirect = encodeURIComponent('http://portal.test/?from=wecom#/wecom');
    const response = await fetch(
      `${fakes.urls.weixinOauth}/connect/oauth2/authorize?appid=ww1&redirect_uri=${redirect}` +
        '&response_type=code&scope=snsapi_privateinfo&state=7S0abc&agentid=1000002',
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://portal.test/');
    expect(back.hash).toBe('#/wecom');
    expect(back.searchParams.get('state')).toBe('7S0abc');
    const token = (await getJson(`${fakes.urls.wecom}/cgi-bin/gettoken?corpid=ww1&corpsecret=ws`))
      .access_token;
    const user = await getJson(
      `${fakes.urls.wecom}/cgi-bin/auth/getuserinfo?access_token=${token}&code=${back.searchParams.get('code')}`,
    );
    expect(user).toMatchObject({ errcode: 0, userid: 'zhangsan' });
    const detail = await postJson(`${fakes.urls.wecom}/cgi-bin/auth/getuserdetail?access_token=${token}`, {
      user_ticket: user.user_ticket,
    });
    expect(detail).toMatchObject({ mobile: '13800000001', email: 'z@corp.test' });
  });

  it('WeChat: a used code answers 40163 and a state that is not letters and digits is refused', async () => {
    const code = await fakes.wechat.issueCode('wx1', 'o1');
    const exchange = () =>
      getJson(
        `${fakes.urls.wechat}/sns/oauth2/access_token?appid=wx1&secret=xs&code=${code}&grant_type=authorization_code`,
      );
    expect(await exchange()).toMatchObject({ openid: 'o1', unionid: 'un1', scope: 'snsapi_base' });
    expect((await exchange()).errcode).toBe(40163);
    await fakes.oauth.signInAs('wx1', 'o1');
    const refused = await fetch(
      `${fakes.urls.weixinOauth}/connect/oauth2/authorize?appid=wx1&redirect_uri=http%3A%2F%2Fp.test%2F` +
        '&response_type=code&scope=snsapi_base&state=a.b',
      { redirect: 'manual' },
    );
    expect(refused.status).toBe(400);
  });

  it('answers scripted errors, rate limits and delays, and is controllable over HTTP', async () => {
    const remote = connectHostFakes(fakes.urls);
    await remote.feishu.addApp({ appId: 'cli_1', appSecret: 'fs' });
    await remote.feishu.rateLimit('/open-apis/auth/v3/app_access_token/internal');
    const url = `${fakes.urls.feishu}/open-apis/auth/v3/app_access_token/internal`;
    const limited = await fetch(url, {
      method: 'POST',
      body: JSON.stringify({ app_id: 'cli_1', app_secret: 'fs' }),
    });
    expect(limited.status).toBe(429);
    expect((await limited.json()).code).toBe(99991400);
    await remote.feishu.setDelay(60);
    const started = Date.now();
    const answer = await postJson(url, { app_id: 'cli_1', app_secret: 'fs' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(answer).toMatchObject({ code: 0, expire: 7200 });
    expect(answer.app_access_token).toMatch(/^a-/);
    const recorded = await remote.feishu.requests(new URL(url).pathname);
    expect(recorded).toHaveLength(2);
    await remote.feishu.reset();
    expect(await remote.feishu.requests()).toEqual([]);
  });
});
