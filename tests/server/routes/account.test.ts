import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';

describe.each(engines())('own account on %s', (engine) => {
  let t: TestApp;
  let admin = { id: 0, cookie: '' };
  let member = { id: 0, cookie: '' };
  let outsiderId = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const acme = await createTestOrganization(t, 'Acme', {
      admin: { account: 'admin@acme.test' },
      members: [{ realName: 'Chemist', account: 'chemist@acme.test' }],
    });
    const other = await createTestOrganization(t, 'Other', { admin: { account: 'admin@other.test' } });
    admin = { id: acme.admin.id, cookie: (await signIn(t, 'admin@acme.test')).cookie };
    member = { id: acme.members[0].id, cookie: (await signIn(t, 'chemist@acme.test')).cookie };
    outsiderId = other.admin.id;
  });
  afterAll(() => t.close());

  const basic = (cookie: string, id: number) =>
    t.app.inject({ method: 'GET', url: `/api/account/basic/${id}`, headers: { cookie } });

  describe('GET /api/account/basic/{id}', () => {
    it('shows a member their own basic info', async () => {
      const response = await basic(member.cookie, member.id);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        RealName: 'Chemist',
        Email: 'chemist@acme.test',
        OrgName: 'Acme',
        IsOrganAdmin: 0,
      });
    });

    it('does not show a member someone else', async () => {
      expect((await basic(member.cookie, admin.id)).statusCode).toBe(403);
    });

    it('shows an administrator members of their own organisation only', async () => {
      expect((await basic(admin.cookie, member.id)).statusCode).toBe(200);
      expect((await basic(admin.cookie, outsiderId)).statusCode).toBe(404);
    });

    it('refuses a malformed id', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/account/basic/abc',
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('POST /api/account/setCurLang/{lang}', () => {
    it('keeps the language for the account', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account/setCurLang/en-US',
        headers: { cookie: member.cookie, ...t.signed() },
      });
      expect(response.statusCode).toBe(200);
      const current = await t.app.inject({
        method: 'GET',
        url: '/api/account/current',
        headers: { cookie: member.cookie },
      });
      expect(current.json().data.Lang).toBe('en-US');
      const again = await signIn(t, 'chemist@acme.test');
      expect(again.response.json().data.Lang).toBe('en-US');
    });

    it('refuses a language it does not have and changes nothing', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account/setCurLang/fr-FR',
        headers: { cookie: member.cookie, ...t.signed() },
      });
      expect(response.statusCode).toBe(400);
      const current = await t.app.inject({
        method: 'GET',
        url: '/api/account/current',
        headers: { cookie: member.cookie },
      });
      expect(current.json().data.Lang).toBe('en-US');
    });
  });

  describe('GET /api/Account/SetUIVersion/{version}', () => {
    it('switches between the card home and the nostalgia layout', async () => {
      const set = (version: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/Account/SetUIVersion/${version}?isRefresh=false`,
          headers: { cookie: admin.cookie, ...t.signed() },
        });
      expect((await set('NOSTALGIA')).statusCode).toBe(200);
      const current = () =>
        t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie: admin.cookie } });
      expect((await current()).json().data.UIVersion).toBe('NOSTALGIA');
      expect((await set('NEW')).statusCode).toBe(200);
      expect((await current()).json().data.UIVersion).toBe('NEW');
      expect((await set('RETRO')).statusCode).toBe(400);
    });
  });
});
