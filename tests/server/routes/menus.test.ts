import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';

describe.each(engines())('GET /api/Menu/user/tree on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await createTestOrganization(t, 'Acme', {
      admin: { account: 'admin@acme.test' },
      members: [{ realName: 'Chemist', account: 'chemist@acme.test' }],
    });
  });
  afterAll(() => t.close());

  const tree = async (account: string, lang = 'zh-CN') => {
    const { cookie } = await signIn(t, account);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/Menu/user/tree',
      headers: { cookie, 'accept-language': lang },
    });
    return response.json().data as Array<{
      Code: string;
      Name: string;
      HasAuth: boolean;
      Children: Array<{ Code: string; HasAuth: boolean }>;
    }>;
  };

  it('gives an ordinary member the personal centre only', async () => {
    const menus = await tree('chemist@acme.test');
    expect(menus.filter((m) => m.HasAuth).map((m) => m.Code)).toEqual(['personalCenter']);
    expect(menus.find((m) => m.Code === 'organization')!.Children.every((c) => !c.HasAuth)).toBe(true);
  });

  it('gives an administrator every group', async () => {
    const menus = await tree('admin@acme.test');
    expect(menus.every((m) => m.HasAuth)).toBe(true);
    expect(menus[0].Children.map((c) => c.Code)).toEqual([
      'info',
      'person',
      'password',
      'loginLog',
      'signature',
    ]);
  });

  it('names menus in the language asked for', async () => {
    expect((await tree('admin@acme.test', 'zh-CN'))[0].Name).toBe('个人中心');
    expect((await tree('admin@acme.test', 'en-US'))[0].Name).toBe('Personal centre');
  });
});
