import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

describe.each(engines())('work table settings on %s', (engine) => {
  let t: TestApp;
  let ann = '';
  let ben = '';
  let other = '';

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createTestOrganization(t, 'Table Lab', {
      products: ['ELN', 'CIMS'],
      admin: { account: 'admin@table.test', products: ['ELN'] },
      members: [
        { realName: 'Ann', account: 'ann@table.test', products: ['ELN', 'CIMS'] },
        { realName: 'Ben', account: 'ben@table.test', products: ['ELN'] },
      ],
    });
    await createTestOrganization(t, 'Other Lab', { admin: { account: 'admin@other-table.test' } });
    ann = (await signIn(t, 'ann@table.test')).cookie;
    ben = (await signIn(t, 'ben@table.test')).cookie;
    other = (await signIn(t, 'admin@other-table.test')).cookie;
  });
  afterAll(() => t.close());

  const list = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/workTable/settings', headers: { cookie } });
  const save = (cookie: string, code: string, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/workTable/settings/${code}`,
      headers: { ...t.signed(), cookie, 'accept-language': 'en-US' },
      payload: body,
    });

  describe('GET /api/workTable/settings', () => {
    it('is empty until the member sets something', async () => {
      const response = await list(ben);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([]);
    });

    it('refuses a signed-out caller', async () => {
      expect((await list('')).statusCode).toBe(401);
    });
  });

  describe('PUT /api/workTable/settings/{code}', () => {
    it('pins and hides products for the member alone', async () => {
      expect((await save(ann, 'cims', { Pinned: true, Hidden: false })).statusCode).toBe(200);
      expect((await save(ann, 'STABILITY', { Pinned: false, Hidden: true })).statusCode).toBe(200);
      expect((await list(ann)).json().data).toEqual([
        { Code: 'CIMS', Pinned: true, Hidden: false },
        { Code: 'STABILITY', Pinned: false, Hidden: true },
      ]);
      // Another member of the organisation, and a member of another organisation, see none of it.
      expect((await list(ben)).json().data).toEqual([]);
      expect((await list(other)).json().data).toEqual([]);
    });

    it('forgets a product set back to neither pinned nor hidden', async () => {
      await save(ben, 'ELN', { Pinned: true, Hidden: false });
      await save(ben, 'ELN', { Pinned: false, Hidden: false });
      expect((await list(ben)).json().data).toEqual([]);
    });

    it('answers 404 for a product that does not exist, changing nothing', async () => {
      const response = await save(ben, 'NOPE', { Pinned: true, Hidden: false });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('No such app');
      expect((await list(ben)).json().data).toEqual([]);
    });

    it('refuses a body without both flags', async () => {
      expect((await save(ben, 'ELN', { Pinned: 'yes' })).statusCode).toBe(400);
    });

    it('refuses an unsigned change', async () => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/workTable/settings/ELN',
        headers: { cookie: ben },
        payload: { Pinned: true, Hidden: false },
      });
      expect(response.statusCode).toBe(400);
      expect((await list(ben)).json().data).toEqual([]);
    });
  });
});
