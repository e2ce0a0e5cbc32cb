import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { engines } from '../../helpers/test-database';

const TOKEN = 'scrape-token-0123456789abcdef';

/** The value of one sample line of a Prometheus text answer (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(engines())('GET /metrics on %s', (engine) => {
  let t: TestApp;
  let adminId = 0;
  let orgId = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    ({
      orgId,
      admin: { id: adminId },
    } = await createTestOrganization(t, 'Metered Lab', {
      admin: { account: 'admin@metered.test' },
    }));
  });
  afterAll(() => t.close());

  it('counts requests by route and status with their latency, and sign-ins by result', async () => {
    await signIn(t, 'admin@metered.test', 'Not-The#Password-2026');
    const { cookie } = await signIn(t, 'admin@metered.test');
    await t.app.inject({ method: 'GET', url: '/api/account/current', headers: { cookie } });
    await t.app.inject({ method: 'GET', url: '/api/no/such/path/42' });

    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(
      sample(text, 'portal_http_requests_total{method="POST",route="/api/account/loginV2",status="401"}'),
    ).toBe(1);
    expect(
      sample(text, 'portal_http_requests_total{method="POST",route="/api/account/loginV2",status="200"}'),
    ).toBe(1);
    expect(
      sample(text, 'portal_http_requests_total{method="GET",route="/api/account/current",status="200"}'),
    ).toBe(1);
    // An unknown path is one series, not one per path.
    expect(sample(text, 'portal_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain('/api/no/such/path/42');
    expect(
      sample(
        text,
        'portal_http_request_duration_seconds_count{method="POST",route="/api/account/loginV2",status="200"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'portal_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/account/current",status="200"}',
      ),
    ).toBe(1);
    expect(sample(text, 'portal_sign_ins_total{route="/api/account/loginV2",result="success"}')).toBe(1);
    expect(
      sample(
        text,
        'portal_sign_ins_total{route="/api/account/loginV2",result="errors.login.wrongCredentials"}',
      ),
    ).toBe(1);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('reports the push outbox depth and the age of its oldest message', async () => {
    const empty = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(empty, 'portal_push_outbox_queued')).toBe(0);
    expect(sample(empty, 'portal_push_outbox_oldest_age_seconds')).toBe(0);
    const at = t.clock.now();
    const message = (key: string, createdAt: number, status: 'queued' | 'sent') => ({
      org_id: orgId,
      idempotency_key: key,
      platform: 'dingtalk',
      account_id: adminId,
      product: 'ELN',
      title: 'Title',
      body: 'Body',
      url: '',
      status,
      attempts: 0,
      next_attempt_at: createdAt,
      lease_owner: '',
      lease_until: 0,
      platform_message_id: '',
      last_response: '',
      created_at: createdAt,
      updated_at: createdAt,
      sent_at: null,
    });
    await t.database.db
      .insertInto('message_outbox')
      .values([
        message('a', at - 90_000, 'queued'),
        message('b', at - 30_000, 'queued'),
        message('c', at - 900_000, 'sent'),
      ])
      .execute();
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(text, 'portal_push_outbox_queued')).toBe(2);
    expect(sample(text, 'portal_push_outbox_oldest_age_seconds')).toBe(90);
  });

  it(`reports the connection pool ${engine === 'postgres' ? 'in use' : 'only on PostgreSQL'}`, async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    if (engine === 'postgres') {
      expect(sample(text, 'portal_db_pool_max')).toBe(5);
      expect(sample(text, 'portal_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'portal_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('portal_db_pool_');
    }
  });

  it('answers only the bearer of METRICS_TOKEN when it is set', async () => {
    const guarded = await createTestApp(engine, { METRICS_TOKEN: TOKEN });
    try {
      expect((await guarded.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}x` },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('portal_http_requests_total');
    } finally {
      await guarded.close();
    }
  });
});
