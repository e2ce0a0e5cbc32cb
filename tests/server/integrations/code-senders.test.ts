import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCodeSenders,
  describeCodeDelivery,
  devOutboxLine,
} from '../../../server/integrations/code-senders';
import { createSmsWebhookSender } from '../../../server/integrations/sms-webhook-sender';
import { createSmtpSender } from '../../../server/integrations/smtp-sender';
import { mailBodyText, startSmtpTestServer, type SmtpTestServer } from '../../helpers/smtp-test-server';
import { startWebhookTestServer, type WebhookTestServer } from '../../helpers/webhook-test-server';

describe('code senders', () => {
  let smtp: SmtpTestServer;
  let webhook: WebhookTestServer;

  beforeAll(async () => {
    [smtp, webhook] = await Promise.all([startSmtpTestServer(), startWebhookTestServer()]);
  });
  afterAll(async () => {
    await Promise.all([smtp.close(), webhook.close()]);
  });

  describe('email over SMTP', () => {
    it('delivers the code to the recipient, from MAIL_FROM, in the recipient language', async () => {
      const sender = createSmtpSender(smtp.url, 'Lab Account Centre <no-reply@lab.test>');
      const since = smtp.mails.length;
      await sender.send({
        recipient: 'ada@lab.test',
        template: 'reset-password',
        code: '042917',
        language: 'en-US',
      });
      const mail = await smtp.waitForMail('ada@lab.test', since);
      expect(mail.from).toBe('no-reply@lab.test');
      expect(mail.raw).toMatch(/^Subject: Lab Account Centre: your password reset code$/m);
      expect(mailBodyText(mail)).toContain('Your verification code is 042917. It is valid for 10 minutes.');
      await sender.close();
    });

    it('writes the mail in Chinese for a zh-CN account', async () => {
      const sender = createSmtpSender(smtp.url, 'no-reply@lab.test');
      const since = smtp.mails.length;
      await sender.send({
        recipient: 'li@lab.test',
        template: 'reset-password',
        code: '730105',
        language: 'zh-CN',
      });
      const mail = await smtp.waitForMail('li@lab.test', since);
      expect(mailBodyText(mail)).toContain('您的验证码是 730105，10 分钟内有效');
      await sender.close();
    });

    it("words a sign-in's verification code as such, with its own subject", async () => {
      const sender = createSmtpSender(smtp.url, 'no-reply@lab.test');
      const since = smtp.mails.length;
      await sender.send({
        recipient: 'grace@lab.test',
        template: 'sign-in-verification',
        code: '204517',
        language: 'en-US',
      });
      const mail = await smtp.waitForMail('grace@lab.test', since);
      expect(mail.raw).toMatch(/^Subject: Lab Account Centre: your sign-in code$/m);
      expect(mailBodyText(mail)).toContain(
        'Your sign-in verification code is 204517. It is valid for 10 minutes.',
      );
      await sender.close();
    });

    it('tells a replaced address, without a code, when and from where its account changed', async () => {
      const sender = createSmtpSender(smtp.url, 'no-reply@lab.test');
      const since = smtp.mails.length;
      await sender.send({
        recipient: 'old@lab.test',
        template: 'identifier-changed',
        code: '',
        language: 'en-US',
        params: { identifier: 'email', what: 'email', time: '2026-11-23 09:00 UTC', ip: '203.0.113.9' },
      });
      const mail = await smtp.waitForMail('old@lab.test', since);
      expect(mail.raw).toMatch(/^Subject: Lab Account Centre: the email you sign in with was changed$/m);
      expect(mailBodyText(mail)).toContain(
        'The email your Lab Account Centre account signs in with was changed at 2026-11-23 09:00 UTC from the network address 203.0.113.9.',
      );
      await sender.close();
    });

    it('fails when the mail server refuses the login', async () => {
      const sender = createSmtpSender(smtp.url.replace('smtp-test-password', 'wrong'), 'no-reply@lab.test');
      await expect(
        sender.send({
          recipient: 'ada@lab.test',
          template: 'reset-password',
          code: '111111',
          language: 'en-US',
        }),
      ).rejects.toMatchObject({ code: 'EAUTH', responseCode: 535 });
      await sender.close();
    });
  });

  describe('SMS through the webhook', () => {
    it('posts exactly recipient, template and code as JSON', async () => {
      const sender = createSmsWebhookSender(webhook.url);
      const since = webhook.requests.length;
      await sender.send({
        recipient: '13900000001',
        template: 'reset-password',
        code: '555123',
        language: 'zh-CN',
      });
      const request = await webhook.waitForRequest(since);
      expect(request).toMatchObject({ method: 'POST', path: '/sms/send' });
      expect(request.contentType).toMatch(/^application\/json/);
      expect(request.body).toEqual({ recipient: '13900000001', template: 'reset-password', code: '555123' });
    });

    it("adds a notice's values as params, for the provider's template of the notice", async () => {
      const sender = createSmsWebhookSender(webhook.url);
      const since = webhook.requests.length;
      const params = {
        identifier: 'mobile',
        what: '手机号',
        time: '2026-11-23 09:00 UTC',
        ip: '203.0.113.9',
      };
      await sender.send({
        recipient: '13900000001',
        template: 'identifier-changed',
        code: '',
        language: 'zh-CN',
        params,
      });
      const request = await webhook.waitForRequest(since);
      expect(request.body).toEqual({
        recipient: '13900000001',
        template: 'identifier-changed',
        code: '',
        params,
      });
    });

    it('fails when the provider answers an error status', async () => {
      webhook.setStatus(503);
      try {
        const sender = createSmsWebhookSender(webhook.url);
        await expect(
          sender.send({ recipient: '13900000001', template: 'reset-password', code: '1', language: 'zh-CN' }),
        ).rejects.toThrow('SMS webhook answered 503');
      } finally {
        webhook.setStatus(200);
      }
    });
  });

  describe('choosing the senders', () => {
    const none = { smtpUrl: null, mailFrom: 'no-reply@localhost', smsWebhookUrl: null };

    it('prints both channels to the development outbox when neither is configured', async () => {
      const lines: string[] = [];
      const senders = createCodeSenders(none, (line) => lines.push(line));
      expect(senders.devOutbox).toBe(true);
      await senders.email!.send({
        recipient: 'a@lab.test',
        template: 'reset-password',
        code: '000123',
        language: 'en-US',
      });
      await senders.sms!.send({
        recipient: '13900000002',
        template: 'reset-password',
        code: '987654',
        language: 'en-US',
      });
      expect(lines).toEqual([
        'dev outbox: code 000123 for a@lab.test',
        'dev outbox: code 987654 for 13900000002',
      ]);
    });

    it('never prints codes once a real channel is configured: the other channel is unavailable', () => {
      const lines: string[] = [];
      const mailOnly = createCodeSenders({ ...none, smtpUrl: smtp.url }, (line) => lines.push(line));
      expect(mailOnly).toMatchObject({ devOutbox: false, sms: null });
      expect(mailOnly.email).not.toBeNull();
      const smsOnly = createCodeSenders({ ...none, smsWebhookUrl: webhook.url }, (line) => lines.push(line));
      expect(smsOnly).toMatchObject({ devOutbox: false, email: null });
      expect(lines).toEqual([]);
    });

    it('formats the outbox line and the banner line', () => {
      expect(devOutboxLine({ code: '123456', recipient: 'x@lab.test' })).toBe(
        'dev outbox: code 123456 for x@lab.test',
      );
      expect(
        devOutboxLine({
          code: '',
          recipient: 'x@lab.test',
          template: 'identifier-changed',
          params: { identifier: 'email', ip: '203.0.113.9' },
        }),
      ).toBe('dev outbox: identifier-changed to x@lab.test identifier=email ip=203.0.113.9');
      expect(describeCodeDelivery(none)).toMatch(/^Verification codes: development outbox/);
      expect(describeCodeDelivery({ ...none, smtpUrl: 'smtps://u:p@mail.lab.test' })).toBe(
        'Verification codes: email over SMTP mail.lab.test, no SMS (SMS_WEBHOOK_URL not set)',
      );
    });
  });
});
