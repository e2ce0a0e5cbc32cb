import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailBodyText, startSmtpTestServer, type SmtpTestServer } from '../../helpers/smtp-test-server';
import { engines } from '../../helpers/test-database';
import { createTestApp, createTestOrganization, signIn, type TestApp } from '../../helpers/test-app';
import { startWebhookTestServer, type WebhookTestServer } from '../../helpers/webhook-test-server';

describe.each(engines())('initial passwords sent by mail or SMS on %s', (engine) => {
  let smtp: SmtpTestServer;
  let webhook: WebhookTestServer;
  let t: TestApp;
  let adminCookie: string;
  let memberIds: number[];

  const add = (Account: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account',
      headers: { ...t.signed(), cookie: adminCookie },
      payload: { Account, RealName: `New ${Account}`, ...extra },
    });

  beforeAll(async () => {
    [smtp, webhook] = await Promise.all([startSmtpTestServer(), startWebhookTestServer()]);
    t = await createTestApp(engine, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Acme Portal <portal@acme.test>',
      SMS_WEBHOOK_URL: webhook.url,
    });
    const acme = await createTestOrganization(t, 'Acme Lab', {
      admin: { account: 'admin@delivery.test' },
      members: [
        { realName: 'Chemist', account: 'chemist@delivery.test' },
        { realName: 'Analyst', account: '13900000031' },
      ],
    });
    memberIds = acme.members.map((member) => member.id);
    adminCookie = (await signIn(t, 'admin@delivery.test')).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([smtp?.close(), webhook?.close()]);
  });

  it("mails a new member's generated password instead of showing it, and the mailed one signs in", async () => {
    const since = smtp.mails.length;
    const response = await add('New.Person@Delivery.test');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json().data).toEqual({
      ID: expect.any(Number),
      Account: 'new.person@delivery.test',
      Password: null,
      Delivery: { Channel: 'email', To: 'new.person@delivery.test', Sent: true },
    });
    const mail = await smtp.waitForMail('new.person@delivery.test', since);
    expect(mail.from).toBe('portal@acme.test');
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?/i); // the member's language is zh-CN
    const password = /初始密码：(\S+)/.exec(mailBodyText(mail))?.[1] ?? '';
    expect(password).toMatch(/^\S{10,}$/);
    const signedIn = await signIn(t, 'new.person@delivery.test', password);
    expect(signedIn.response.statusCode).toBe(200);
    expect(signedIn.response.json().data.PwdInfo.MustChange).toBe(true);
  });

  it('texts the password of a mobile account through the SMS webhook', async () => {
    const since = webhook.requests.length;
    const response = await add('139 0000 0041');
    expect(response.json().data).toMatchObject({
      Password: null,
      Delivery: { Channel: 'sms', To: '13900000041', Sent: true },
    });
    const request = await webhook.waitForRequest(since);
    expect(request.body).toEqual({
      recipient: '13900000041',
      template: 'initial-password',
      code: expect.stringMatching(/^\S{10,}$/),
    });
  });

  it('sends nothing for a password the administrator typed', async () => {
    const [mails, texts] = [smtp.mails.length, webhook.requests.length];
    const response = await add('typed@delivery.test', { Password: 'Typed#Pass2026x' });
    expect(response.json().data).toMatchObject({ Password: null, Delivery: null });
    expect([smtp.mails.length, webhook.requests.length]).toEqual([mails, texts]);
  });

  it('shows the password once when the SMS provider refuses it, saying it was not sent', async () => {
    webhook.setStatus(500);
    try {
      const response = await add('13900000042');
      expect(response.json().data).toMatchObject({
        Password: expect.stringMatching(/^\S{10,}$/),
        Delivery: { Channel: 'sms', To: '13900000042', Sent: false },
      });
    } finally {
      webhook.setStatus(200);
    }
  });

  it('sends the passwords of a reset to each member, and shows none of them', async () => {
    const [mails, texts] = [smtp.mails.length, webhook.requests.length];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/initPassword',
      headers: { ...t.signed(), cookie: adminCookie },
      payload: { IDs: memberIds },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.Passwords).toEqual([
      {
        ID: memberIds[0],
        Account: 'chemist@delivery.test',
        Password: null,
        Delivery: { Channel: 'email', To: 'chemist@delivery.test', Sent: true },
      },
      {
        ID: memberIds[1],
        Account: '13900000031',
        Password: null,
        Delivery: { Channel: 'sms', To: '13900000031', Sent: true },
      },
    ]);
    const mail = await smtp.waitForMail('chemist@delivery.test', mails);
    const password = /初始密码：(\S+)/.exec(mailBodyText(mail))?.[1] ?? '';
    expect((await signIn(t, 'chemist@delivery.test', password)).response.statusCode).toBe(200);
    expect(webhook.requests.length).toBe(texts + 1);
  });
});

describe.each(engines())('initial passwords without mail or SMS on %s', (engine) => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let adminCookie: string;
  const printed: string[] = [];

  const add = (app: TestApp, cookie: string, Account: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/account',
      headers: { ...app.signed(), cookie },
      payload: { Account, RealName: 'Someone' },
    });

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await createTestApp(engine, {}, { devOutbox: (line) => printed.push(line) });
    await createTestOrganization(t, 'Plain Lab', { admin: { account: 'admin@plain.test' } });
    adminCookie = (await signIn(t, 'admin@plain.test')).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("keeps 'shown once to the administrator' and never prints the password to the dev outbox", async () => {
    const response = await add(t, adminCookie, 'someone@plain.test');
    const { Password, Delivery } = response.json().data;
    expect(Password).toMatch(/^\S{10,}$/);
    expect(Delivery).toBeNull();
    expect(printed.join('\n')).not.toContain(Password);
  });

  it('shows the password of a mobile account when only mail is configured', async () => {
    const mailOnly = await createTestApp(engine, { SMTP_URL: smtp.url });
    try {
      await createTestOrganization(mailOnly, 'Mail Lab', { admin: { account: 'admin@mail-only.test' } });
      const cookie = (await signIn(mailOnly, 'admin@mail-only.test')).cookie;
      const response = await add(mailOnly, cookie, '13900000051');
      expect(response.json().data).toMatchObject({ Password: expect.any(String), Delivery: null });
      expect(smtp.mails).toHaveLength(0);
    } finally {
      await mailOnly.close();
    }
  });
});
