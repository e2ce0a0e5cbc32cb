import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SIGNING_KEY } from '../../server/core/config';
import { eventually, type InstanceProcess, startInstance, statusOf } from '../helpers/instance-process';
import { signedHeaders } from '../helpers/signed-headers';

const running: InstanceProcess[] = [];
afterEach(() => {
  for (const instance of running.splice(0)) instance.kill();
});

/** A sign-in whose body is sent in two parts: the request is in flight until `finish` is called. */
function slowSignIn(instance: InstanceProcess, account: string, password: string) {
  const body = JSON.stringify({ account, password, agreed: true });
  const half = Math.floor(body.length / 2);
  let request!: http.ClientRequest;
  const answer = new Promise<{ status: number; text: string } | { error: string }>((resolve) => {
    request = http.request(
      {
        host: '127.0.0.1',
        port: instance.port,
        method: 'POST',
        path: '/api/account/loginV2',
        agent: false,
        headers: {
          ...signedHeaders(DEFAULT_SIGNING_KEY, Date.now()),
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  const connected = new Promise<void>((resolve) => request.once('socket', (s) => s.once('connect', resolve)));
  request.write(body.slice(0, half));
  return { answer, connected, finish: () => request.end(body.slice(half)) };
}

function demoAdmin(instance: InstanceProcess) {
  const match = instance.lines.map((line) => /^demo admin: (\S+) password: (\S+)$/.exec(line)).find(Boolean);
  if (!match) throw new Error(`no demo admin printed:\n${instance.lines.join('\n')}`);
  return { account: match[1], password: match[2] };
}

describe('SIGTERM', () => {
  it('answers 503 on /api/ready, stops listening, finishes a sign-in in flight and exits 0', async () => {
    const instance = await startInstance({ SEED_DEMO: 'true', SHUTDOWN_DELAY_MS: '1500' });
    running.push(instance);
    expect(await statusOf(`${instance.url}/api/ready`)).toBe(200);
    const admin = demoAdmin(instance);
    const signIn = slowSignIn(instance, admin.account, admin.password);
    await signIn.connected;
    // One answered request after the connection opened: the server has accepted it by then.
    expect(await statusOf(`${instance.url}/api/health`)).toBe(200);

    instance.child.kill('SIGTERM');
    await eventually(async () => (await statusOf(`${instance.url}/api/ready`)) === 503);
    const ready = await fetch(`${instance.url}/api/ready`);
    expect(await ready.json()).toMatchObject({ error: { key: 'errors.ready.stopping' } });
    // Everything else is still served while the load balancer notices.
    expect(await statusOf(`${instance.url}/api/health`)).toBe(200);
    await eventually(async () => (await statusOf(`${instance.url}/api/health`)) === 'ECONNREFUSED');

    signIn.finish();
    const answer = await signIn.answer;
    expect(answer).toMatchObject({ status: 200 });
    expect(JSON.parse((answer as { text: string }).text)).toMatchObject({ code: 100 });
    expect(await instance.exited).toBe(0);
  });

  it('cuts a request still unfinished after SHUTDOWN_TIMEOUT_MS and exits 0', async () => {
    const instance = await startInstance({ SEED_DEMO: 'false', SHUTDOWN_TIMEOUT_MS: '300' });
    running.push(instance);
    const signIn = slowSignIn(instance, 'nobody@example.test', 'not-sent-in-full');
    await signIn.connected;
    expect(await statusOf(`${instance.url}/api/health`)).toBe(200);
    instance.child.kill('SIGTERM');
    expect(await instance.exited).toBe(0);
    expect(await signIn.answer).toMatchObject({ error: expect.any(String) });
    expect(instance.lines.join('\n')).toMatch(/requests still in flight after 300 ms/);
  });
});
