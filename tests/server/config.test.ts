import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SIGNING_KEY, loadConfig } from '../../server/core/config';

describe('loadConfig', () => {
  it('defaults to embedded SQLite under ./data on port 8080', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data', 'portal.sqlite') });
    expect(config.signingKey).toBe(DEFAULT_SIGNING_KEY);
    expect(config.trustProxy).toEqual([]);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/portal' });
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://u@db:5432/portal' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DEPLOYMENT: 'moon' }, 'DEPLOYMENT'],
  ])('stops with a message naming the bad variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`));
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.kind).toBe('sqlite');
  });

  it('parses the trusted proxy list', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.1.0/24',
    ]);
  });

  it('switches the reset and register modules on and the app download off by default', () => {
    expect(loadConfig({}).modules).toEqual({ reset: true, register: true, appDownload: false });
  });

  it('reads the module switches from MODULE_RESET, MODULE_REGISTER and MODULE_APP_DOWNLOAD', () => {
    const config = loadConfig({ MODULE_RESET: 'false', MODULE_REGISTER: '0', MODULE_APP_DOWNLOAD: 'true' });
    expect(config.modules).toEqual({ reset: false, register: false, appDownload: true });
    expect(() => loadConfig({ MODULE_RESET: 'yes' })).toThrow(/^Invalid configuration:\n {2}MODULE_RESET:/);
  });

  it('logs short lines for an operator by default, and JSON when LOG_FORMAT=json', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('sends codes to the development outbox unless SMTP_URL or SMS_WEBHOOK_URL is set', () => {
    expect(loadConfig({}).codeDelivery).toEqual({
      smtpUrl: null,
      mailFrom: 'Lab Account Centre <no-reply@localhost>',
      smsWebhookUrl: null,
    });
    const config = loadConfig({
      SMTP_URL: 'smtps://mailer:secret@mail.lab.test:465',
      MAIL_FROM: 'Lab <portal@lab.test>',
      SMS_WEBHOOK_URL: 'https://sms.lab.test/send',
    });
    expect(config.codeDelivery).toEqual({
      smtpUrl: 'smtps://mailer:secret@mail.lab.test:465',
      mailFrom: 'Lab <portal@lab.test>',
      smsWebhookUrl: 'https://sms.lab.test/send',
    });
    expect(
      loadConfig({ SMTP_URL: 'smtp://mail.lab.test', PUBLIC_URL: 'https://portal.lab.test/' }).codeDelivery
        .mailFrom,
    ).toBe('Lab Account Centre <no-reply@portal.lab.test>');
  });

  it('refuses an SMTP_URL that is not smtp(s):// and an SMS_WEBHOOK_URL that is not http(s)', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.lab.test' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ SMS_WEBHOOK_URL: 'ftp://sms.lab.test' })).toThrow(/SMS_WEBHOOK_URL/);
  });
  it('points the chat platforms at their real hosts unless told otherwise, without trailing slashes', () => {
    expect(loadConfig({}).hostApis).toEqual({
      dingtalk: 'https://oapi.dingtalk.com',
      dingtalkNew: 'https://api.dingtalk.com',
      feishu: 'https://open.feishu.cn',
      wecom: 'https://qyapi.weixin.qq.com',
      wechat: 'https://api.weixin.qq.com',
      weixinOauth: 'https://open.weixin.qq.com',
      timeoutMs: 5000,
    });
    const config = loadConfig({
      FEISHU_API_BASE: 'https://open.larksuite.com/',
      HOST_API_TIMEOUT_MS: '1500',
    });
    expect(config.hostApis.feishu).toBe('https://open.larksuite.com');
    expect(config.hostApis.timeoutMs).toBe(1500);
    expect(() => loadConfig({ WECOM_API_BASE: 'ftp://qyapi.test' })).toThrow(/WECOM_API_BASE/);
  });

  it('reads SECRETS_KEY as 32 bytes of hex or base64 and refuses anything else', () => {
    expect(loadConfig({}).secretsKey).toBeNull();
    expect(loadConfig({ SECRETS_KEY: 'ab'.repeat(32) }).secretsKey).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({ SECRETS_KEY: Buffer.alloc(32, 1).toString('base64') }).secretsKey).toEqual(
      Buffer.alloc(32, 1),
    );
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(/SECRETS_KEY: must be 32 bytes/);
  });

  it('takes an SSO login address on the portal’s origin or a listed host only', () => {
    const publicUrl = { PUBLIC_URL: 'https://portal.lab.test' };
    const own = 'https://portal.lab.test/#/sso?orgId=3';
    expect(loadConfig({ ...publicUrl, SSO_LOGIN_URL: own }).ssoLoginUrl).toBe(own);
    const idp = { ...publicUrl, SSO_LOGIN_URL: 'https://idp.lab.test:8443/start' };
    expect(() => loadConfig(idp)).toThrow(/SSO_LOGIN_URL: must be on PUBLIC_URL's origin/);
    expect(loadConfig({ ...idp, SSO_LOGIN_HOSTS: 'other.test, IDP.lab.test:8443' }).ssoLoginHosts).toEqual([
      'other.test',
      'idp.lab.test:8443',
    ]);
    expect(() => loadConfig({ SSO_LOGIN_URL: 'javascript:alert(1)' })).toThrow(/SSO_LOGIN_URL/);
  });
});
