import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SIGNING_KEY } from '../../server/core/config';
import { demoAdminOf } from '../helpers/cluster';
import { eventually, type InstanceProcess, startInstance, statusOf } from '../helpers/instance-process';
import { type PostgresCluster, postgresInstalled, startPostgresCluster } from '../helpers/postgres-cluster';
import { signedHeaders } from '../helpers/signed-headers';

// The kill -9 of one of two instances behind nginx is the last test of cluster.test.ts, on its instances.
const postgresSkip = postgresInstalled() ? '' : 'PostgreSQL is not installed (.ci/run installs it)';
if (postgresSkip) console.warn(`Skipped: PostgreSQL restarted under an instance: ${postgresSkip}`);

describe.skipIf(postgresSkip !== '')('PostgreSQL restarted under a serving instance', () => {
  let cluster: PostgresCluster;
  let instance: InstanceProcess | null = null;

  beforeAll(async () => {
    cluster = (await startPostgresCluster())!;
  }, 60_000);
  afterEach(() => instance?.kill());
  afterAll(() => cluster?.stop());

  it('answers 503 with the reason while the database is down and serves again once it is back, without a restart', async () => {
    instance = await startInstance({ DATABASE_URL: cluster.url, SEED_DEMO: 'true' });
    const admin = demoAdminOf(instance);
    const post = (path: string, body: unknown) =>
      fetch(`${instance!.url}${path}`, {
        method: 'POST',
        headers: { ...signedHeaders(DEFAULT_SIGNING_KEY, Date.now()), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const signInBody = { account: admin.account, password: admin.password, agreed: true };
    const signedIn = await post('/api/account/loginV2', signInBody);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const read = () => fetch(`${instance!.url}/api/account/current`, { headers: { cookie } });
    expect((await read()).status).toBe(200);
    expect(await statusOf(`${instance.url}/api/ready`)).toBe(200);

    cluster.halt();
    await eventually(async () => (await statusOf(`${instance!.url}/api/ready`)) === 503);
    expect((await (await fetch(`${instance.url}/api/ready`)).json()).error).toEqual({
      key: 'errors.ready.databaseDown',
    });
    // The process answers (liveness): restarting it would not bring the database back.
    expect(await statusOf(`${instance.url}/api/health`)).toBe(200);
    const readWhileDown = await read();
    expect(readWhileDown.status).toBe(503);
    expect((await readWhileDown.json()).error).toEqual({ key: 'errors.health.databaseDown' });
    const signInWhileDown = await post('/api/account/loginV2', signInBody);
    expect(signInWhileDown.status).toBe(503);

    cluster.resume();
    await eventually(async () => (await statusOf(`${instance!.url}/api/ready`)) === 200);
    // The session lives in the database: it survived, and new sign-ins work on the same process.
    expect((await read()).status).toBe(200);
    expect((await post('/api/account/loginV2', signInBody)).status).toBe(200);
    expect(instance.child.exitCode).toBeNull();
  }, 90_000);
});
