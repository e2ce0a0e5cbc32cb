import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestOrganization,
  signIn,
  type TestApp,
  TEST_PASSWORD,
} from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

/** Issue 23: the language picked on the login page becomes the account's; until one is chosen, the browser's. */
describe.each(engines())('the account language at sign-in on %s', (engine) => {
  let t: TestApp;
  let nextIp = 0;
  const freshIp = () => `198.51.100.${(nextIp += 1)}`;

  const stored = (email: string) =>
    t.database.db
      .selectFrom('accounts')
      .select(['lang', 'lang_chosen'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  const signInAs = async (account: string, extra: Record<string, unknown>, acceptLanguage?: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/loginV2',
      remoteAddress: freshIp(),
      headers: { ...t.signed(), ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
      payload: { account, password: TEST_PASSWORD, agreed: true, ...extra },
    });
    const session = response.cookies.find((c) => c.name === 'uc_session');
    return { response, cookie: session ? `uc_session=${session.value}` : '' };
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createTestOrganization(t, 'Lingo Lab', {
      admin: { account: 'admin@lingo.test' },
      members: [
        { realName: 'Picker', account: 'picker@lingo.test' },
        { realName: 'Browser', account: 'browser@lingo.test' },
        { realName: 'Switcher', account: 'switcher@lingo.test' },
        { realName: 'Bad', account: 'bad@lingo.test' },
      ],
    });
  });
  afterAll(() => t.close());

  it('stores the language picked on the login page as the account’s choice', async () => {
    expect(await stored('picker@lingo.test')).toMatchObject({ lang_chosen: 0 });
    const { response, cookie } = await signInAs('picker@lingo.test', { lang: 'en-US' }, 'zh-CN');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ Lang: 'en-US', LangChosen: true });
    expect(await stored('picker@lingo.test')).toEqual({ lang: 'en-US', lang_chosen: 1 });
    const current = await t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } });
    expect(current.json().data).toMatchObject({ Lang: 'en-US', LangChosen: true });
    // A later sign-in from a Chinese browser with nothing picked keeps the choice.
    const later = await signInAs('picker@lingo.test', {}, 'zh-CN,zh;q=0.9');
    expect(later.response.json().data).toMatchObject({ Lang: 'en-US', LangChosen: true });
  });

  it('follows the browser for an account that never chose, without making it a choice', async () => {
    const { response } = await signInAs('browser@lingo.test', {}, 'en-GB,en;q=0.8');
    expect(response.json().data).toMatchObject({ Lang: 'en-US', LangChosen: false });
    expect(await stored('browser@lingo.test')).toEqual({ lang: 'en-US', lang_chosen: 0 });
    const chinese = await signInAs('browser@lingo.test', {}, 'zh-CN');
    expect(chinese.response.json().data).toMatchObject({ Lang: 'zh-CN', LangChosen: false });
  });

  it('makes the user menu’s switch a choice too', async () => {
    const { cookie } = await signIn(t, 'switcher@lingo.test');
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/account/setCurLang/en-US',
      headers: { ...t.signed(), cookie },
      payload: {},
    });
    expect(switched.statusCode).toBe(200);
    expect(await stored('switcher@lingo.test')).toEqual({ lang: 'en-US', lang_chosen: 1 });
  });

  it('refuses a language that is not one of the interface’s and changes nothing', async () => {
    const { response } = await signInAs('bad@lingo.test', { lang: 'fr-FR' });
    expect(response.statusCode).toBe(400);
    expect(await stored('bad@lingo.test')).toEqual({ lang: 'zh-CN', lang_chosen: 0 });
  });

  it('leaves a member added by an administrator unchosen, written to in the administrator’s language', async () => {
    const { cookie } = await signIn(t, 'admin@lingo.test');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      headers: { ...t.signed(), cookie, 'accept-language': 'en-US' },
      payload: { Account: 'new.hire@lingo.test', RealName: 'New Hire' },
    });
    expect(added.statusCode).toBe(200);
    expect(await stored('new.hire@lingo.test')).toEqual({ lang: 'en-US', lang_chosen: 0 });
  });
});
