import { createHook } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';

/**
 * Requests Node sends to the libuv thread pool: asynchronous file system calls and name lookups (a
 * synchronous call makes none). A password sign-in's argon2id hash runs on that pool (one thread per
 * core), so any other job a sign-in put there would wait behind the hashes of every sign-in in flight,
 * and the sign-in with it (issue 22). Crypto jobs are left out: Node makes the same request object for
 * its synchronous ones, which never reach the pool.
 */
const THREAD_POOL_REQUESTS = /^(FSREQCALLBACK|FSREQPROMISE|GETADDRINFOREQWRAP|GETNAMEINFOREQWRAP)$/;

describe.each(engines())('the thread pool during one sign-in on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createTestOrganization(t, 'Pool Lab', {
      admin: { account: 'admin@pool.test' },
      members: [{ realName: 'Member', account: 'member@pool.test' }],
    });
    // The first sign-in loads what later ones reuse (the password estimator, the decoy hash).
    expect((await signIn(t, 'member@pool.test')).response.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('queues no job on the thread pool besides the password hash', async () => {
    const kinds: string[] = [];
    const hook = createHook({
      init(_id, type) {
        kinds.push(type);
      },
    });
    hook.enable();
    let status: number;
    try {
      status = (await signIn(t, 'member@pool.test')).response.statusCode;
    } finally {
      hook.disable();
    }
    expect(status).toBe(200);
    expect(kinds.filter((kind) => THREAD_POOL_REQUESTS.test(kind))).toEqual([]);
  });
});
