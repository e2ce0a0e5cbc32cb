import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../../domain/constants';
import type { NoticeDraft } from '../../../domain/rules/notices';
import { CLI_OPERATOR } from '../../../server/core/operator';
import { postNotice } from '../../../server/services/notices-service';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const XSS_TITLE = '<img src=x onerror="alert(1)">Maintenance';
const XSS_DETAIL = '<script>alert("x")</script>\nLine two & <b>bold</b>';

describe.each(engines())('notices (SPEC §7 Notices) on %s', (engine) => {
  let t: TestApp;
  let orgA: number;
  let orgB: number;
  const cookies: Record<'adminA' | 'memberA' | 'otherA' | 'adminB' | 'memberB', string> = {
    adminA: '',
    memberA: '',
    otherA: '',
    adminB: '',
    memberB: '',
  };
  const accounts = {
    adminA: 'admin@notice-a.example',
    memberA: 'member@notice-a.example',
    otherA: 'other@notice-a.example',
    adminB: 'admin@notice-b.example',
    memberB: 'member@notice-b.example',
  };

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...t.signed(), cookie }, ...(payload ? { payload } : {}) });
  const latest = async (who: keyof typeof cookies, type: 'announcement' | 'survey') => {
    const response = await call('GET', `/api/noticeOperation/latest?noticeType=${type}`, cookies[who]);
    expect(response.statusCode).toBe(200);
    return response.json().data as { ID: number; Title: string; Detail: string; Scope: string } | null;
  };
  const draft = (overrides: Partial<NoticeDraft> = {}) => ({
    NoticeType: 'announcement' as const,
    Title: 'System update',
    Detail: '系统将于今晚升级',
    EnDetail: 'The system is updated tonight',
    Link: '',
    BeginTime: t.clock.now() - MINUTE_MS,
    EndTime: t.clock.now() + HOUR_MS,
    ...overrides,
  });
  const post = (who: keyof typeof cookies, body: object) =>
    call('POST', '/api/noticeOperation/org', cookies[who], body);
  const logs = (orgId: number) =>
    t.database.db
      .selectFrom('operation_logs')
      .select(['content', 'module'])
      .where('org_id', '=', orgId)
      .where((eb) => eb.or([eb('content', 'like', 'Posted notice%'), eb('content', 'like', 'Ended notice%')]))
      .execute();
  const signInAll = async () => {
    for (const who of Object.keys(cookies) as Array<keyof typeof cookies>) {
      cookies[who] = (await signIn(t, accounts[who])).cookie;
    }
  };
  /** Moves the clock on and signs everyone in again (sessions end after days). */
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    await signInAll();
  };
  /** Ends every live notice, so each case starts from none. */
  const endAll = () =>
    t.database.db
      .updateTable('notices')
      .set({ end_at: t.clock.now() })
      .where('end_at', '>', t.clock.now())
      .execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    orgA = (
      await createTestOrganization(t, 'Notice Lab A', {
        admin: { account: accounts.adminA },
        members: [
          { realName: 'Mei', account: accounts.memberA },
          { realName: 'Other', account: accounts.otherA },
        ],
      })
    ).orgId;
    orgB = (
      await createTestOrganization(t, 'Notice Lab B', {
        admin: { account: accounts.adminB },
        members: [{ realName: 'Bo', account: accounts.memberB }],
      })
    ).orgId;
    await signInAll();
  });
  afterAll(() => t.close());

  it('answers null when no notice is live, and 401 when signed out', async () => {
    expect(await latest('memberA', 'announcement')).toBeNull();
    expect(await latest('memberA', 'survey')).toBeNull();
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/noticeOperation/latest?noticeType=announcement',
      headers: t.signed(),
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await call('GET', '/api/noticeOperation/latest?noticeType=popup', cookies.memberA);
    expect(unknown.statusCode).toBe(400);
  });

  it("shows the operator's announcement to every organisation only between its begin and end", async () => {
    const begin = t.clock.now() + HOUR_MS;
    const id = await postNotice(
      { db: t.database.db, orgId: null, operator: CLI_OPERATOR, now: t.clock.now() },
      draft({ BeginTime: begin, EndTime: begin + HOUR_MS }),
    );
    expect(await latest('memberA', 'announcement')).toBeNull();
    t.clock.advance(HOUR_MS);
    expect(await latest('memberA', 'announcement')).toMatchObject({ ID: id, Scope: 'deployment' });
    expect(await latest('memberB', 'announcement')).toMatchObject({ ID: id });
    expect(await latest('memberA', 'survey')).toBeNull();
    t.clock.advance(HOUR_MS - 1);
    expect((await latest('memberB', 'announcement'))?.ID).toBe(id);
    t.clock.advance(1);
    expect(await latest('memberA', 'announcement')).toBeNull();
  });

  it("keeps an organisation's notice to its own members, with an operation-log row", async () => {
    const before = (await logs(orgA)).length;
    const posted = await post('adminA', draft({ Title: 'Lab A only' }));
    expect(posted.statusCode).toBe(200);
    expect(posted.json().data).toMatchObject({ Title: 'Lab A only', Status: 'live', Scope: 'organization' });
    expect(await logs(orgA)).toHaveLength(before + 1);
    expect((await logs(orgA)).at(-1)).toMatchObject({ module: 'systemSetting' });

    expect((await latest('memberA', 'announcement'))?.Title).toBe('Lab A only');
    expect((await latest('adminA', 'announcement'))?.Title).toBe('Lab A only');
    expect(await latest('memberB', 'announcement')).toBeNull();

    const listA = (await call('GET', '/api/noticeOperation/org', cookies.adminA)).json().data;
    const listB = (await call('GET', '/api/noticeOperation/org', cookies.adminB)).json().data;
    expect(listA.rows.map((row: { Title: string }) => row.Title)).toContain('Lab A only');
    expect(listB).toEqual({ total: 0, rows: [] });

    // Organisation B's administrator can neither end A's notice nor learn it exists.
    const id = posted.json().data.ID as number;
    const foreign = await call('POST', `/api/noticeOperation/org/${id}/end`, cookies.adminB);
    expect(foreign.statusCode).toBe(404);
    expect((await latest('memberA', 'announcement'))?.ID).toBe(id);
    expect(await logs(orgB)).toHaveLength(0);
  });

  it("names a notice's times in the log reader's language and zone, not as UTC text", async () => {
    const begin = Date.UTC(2026, 11, 1, 20, 5);
    const posted = await post('adminA', draft({ Title: 'Timed', BeginTime: begin, EndTime: begin + DAY_MS }));
    expect(posted.statusCode).toBe(200);
    const read = async (language: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/operationLog/page',
        headers: {
          ...t.signed(),
          cookie: cookies.adminA,
          'accept-language': language,
          'x-time-zone': 'Asia/Shanghai',
        },
        payload: { module: 'systemSetting' },
      });
      const rows = response.json().data.rows as Array<{ Content: string }>;
      return rows.map((row) => row.Content).find((content) => content.includes('Timed')) ?? '';
    };
    expect(await read('en-US')).toContain('from Dec 02, 2026 04:05 to Dec 03, 2026 04:05');
    expect(await read('zh-CN')).toContain('2026-12-02 04:05 至 2026-12-03 04:05');
    expect(await read('en-US')).not.toMatch(/UTC|\d{4}-\d{2}-\d{2}T/);
  });

  it('lets the organisation end its notice at once, with an operation-log row', async () => {
    const id = (await post('adminA', draft({ Title: 'To be ended' }))).json().data.ID as number;
    expect((await latest('memberA', 'announcement'))?.ID).toBe(id);
    const before = (await logs(orgA)).length;
    const ended = await call('POST', `/api/noticeOperation/org/${id}/end`, cookies.adminA);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data.Status).toBe('ended');
    expect((await latest('memberA', 'announcement'))?.ID).not.toBe(id);
    expect(await logs(orgA)).toHaveLength(before + 1);
    await endAll();
  });

  it('refuses members posting, listing and ending organisation notices', async () => {
    const id = (await post('adminA', draft())).json().data.ID as number;
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('notices')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect((await post('memberA', draft({ Title: 'Member notice' }))).statusCode).toBe(403);
    expect((await call('GET', '/api/noticeOperation/org', cookies.memberA)).statusCode).toBe(403);
    expect((await call('POST', `/api/noticeOperation/org/${id}/end`, cookies.memberA)).statusCode).toBe(403);
    expect(await count()).toBe(before);
    await endAll();
  });

  it('keeps markup as text: stored and answered exactly as typed, never as HTML', async () => {
    const posted = await post(
      'adminA',
      draft({ Title: XSS_TITLE, Detail: XSS_DETAIL, EnDetail: XSS_DETAIL }),
    );
    expect(posted.statusCode).toBe(200);
    const seen = await latest('memberA', 'announcement');
    expect(seen).toMatchObject({ Title: XSS_TITLE, Detail: XSS_DETAIL });
    // A JSON answer, so a browser never renders it as a page.
    const raw = await call('GET', '/api/noticeOperation/latest?noticeType=announcement', cookies.memberA);
    expect(raw.headers['content-type']).toMatch(/^application\/json/);
    await endAll();
  });

  it.each([
    ['an end before the begin', { EndTime: 0 }, 'errors.notices.windowInvalid'],
    ['a javascript: survey link', { Link: 'javascript:alert(1)' }, 'errors.notices.linkInvalid'],
    // SPEC §5: text made only of spaces is refused with one message wherever a person types.
    ['a title of blanks', { Title: '   ' }, 'errors.validation.allSpaces'],
    ['no title', { Title: '' }, 'errors.notices.titleRequired'],
    ['a title over 100 characters', { Title: 'x'.repeat(101) }, 'errors.notices.titleTooLong'],
    ['a text of blanks', { Detail: ' ', EnDetail: '' }, 'errors.validation.allSpaces'],
    ['no text in either language', { Detail: '', EnDetail: '' }, 'errors.notices.detailRequired'],
  ])('refuses %s, storing nothing', async (_name, overrides, key) => {
    const before = (await call('GET', '/api/noticeOperation/org', cookies.adminA)).json().data.total;
    const response = await post('adminA', { ...draft(), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.key).toBe(key);
    expect((await call('GET', '/api/noticeOperation/org', cookies.adminA)).json().data.total).toBe(before);
  });

  it('remembers per user and survey: remind after 3 days, then never', async () => {
    const survey = (
      await post(
        'adminA',
        draft({
          NoticeType: 'survey',
          Title: 'How are we doing?',
          EndTime: t.clock.now() + 30 * DAY_MS,
          Link: 'https://survey.example/q?id=1',
        }),
      )
    ).json().data;
    expect((await latest('memberA', 'survey'))?.ID).toBe(survey.ID);

    const later = await call('POST', '/api/noticeOperation/LastTime', cookies.memberA, {
      NoticeId: survey.ID,
      Days: 3,
    });
    expect(later.statusCode).toBe(200);
    expect(later.json().data).toEqual({
      NoticeId: survey.ID,
      Choice: 'later',
      RemindAt: t.clock.now() + 3 * DAY_MS,
    });
    expect(await latest('memberA', 'survey')).toBeNull();
    // Another member of the same organisation still sees it: the choice is the user's own.
    expect((await latest('otherA', 'survey'))?.ID).toBe(survey.ID);

    await advance(3 * DAY_MS - MINUTE_MS);
    expect(await latest('memberA', 'survey')).toBeNull();
    await advance(MINUTE_MS);
    expect((await latest('memberA', 'survey'))?.ID).toBe(survey.ID);

    const never = await call('POST', '/api/noticeOperation/lastFunction', cookies.memberA, {
      NoticeId: survey.ID,
      Choice: 'never',
    });
    expect(never.json().data).toMatchObject({ Choice: 'never', RemindAt: null });
    await advance(16 * DAY_MS);
    expect(await latest('memberA', 'survey')).toBeNull();

    const answered = await call('POST', '/api/noticeOperation/lastFunction', cookies.otherA, {
      NoticeId: survey.ID,
      Choice: 'answered',
    });
    expect(answered.statusCode).toBe(200);
    expect(await latest('otherA', 'survey')).toBeNull();
    expect((await latest('adminA', 'survey'))?.ID).toBe(survey.ID);
  });

  it.each([7, 15] as const)('puts a survey off for %i days', async (days) => {
    await endAll();
    const survey = (
      await post('adminA', draft({ NoticeType: 'survey', EndTime: t.clock.now() + 60 * DAY_MS }))
    ).json().data;
    await call('POST', '/api/noticeOperation/LastTime', cookies.adminA, { NoticeId: survey.ID, Days: days });
    await advance(days * DAY_MS - HOUR_MS);
    expect(await latest('adminA', 'survey')).toBeNull();
    await advance(HOUR_MS);
    expect((await latest('adminA', 'survey'))?.ID).toBe(survey.ID);
  });

  it('refuses other reminder periods, announcements and other organisations’ surveys', async () => {
    await endAll();
    const survey = (await post('adminA', draft({ NoticeType: 'survey' }))).json().data;
    const announcement = (await post('adminA', draft())).json().data;
    const five = await call('POST', '/api/noticeOperation/LastTime', cookies.memberA, {
      NoticeId: survey.ID,
      Days: 5,
    });
    expect(five.statusCode).toBe(400);
    expect(five.json().error.key).toBe('errors.notices.remindDays');
    const notSurvey = await call('POST', '/api/noticeOperation/lastFunction', cookies.memberA, {
      NoticeId: announcement.ID,
      Choice: 'never',
    });
    expect(notSurvey.statusCode).toBe(404);
    const foreign = await call('POST', '/api/noticeOperation/LastTime', cookies.memberB, {
      NoticeId: survey.ID,
      Days: 3,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.key).toBe('errors.notices.notFound');
    const stored = await t.database.db
      .selectFrom('notice_reminders')
      .selectAll()
      .where('notice_id', '=', survey.ID)
      .execute();
    expect(stored).toHaveLength(0);
  });

  it("shows the newest live announcement, the organisation's over an older one of the operator's", async () => {
    await endAll();
    await postNotice(
      { db: t.database.db, orgId: null, operator: CLI_OPERATOR, now: t.clock.now() },
      draft({ Title: 'Operator', BeginTime: t.clock.now() - HOUR_MS }),
    );
    expect((await latest('memberA', 'announcement'))?.Title).toBe('Operator');
    await post('adminA', draft({ Title: 'Newer of A' }));
    expect((await latest('memberA', 'announcement'))?.Title).toBe('Newer of A');
    expect((await latest('memberB', 'announcement'))?.Title).toBe('Operator');
  });
});
