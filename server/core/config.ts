import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_VERSION,
  DEPLOYMENTS,
  HOST_API_TIMEOUT_MS,
  HOST_CALL_TIMEOUT_MS,
  LDAP_TIMEOUT_MS,
} from '../../domain/constants';
import { type AllowedHost, parseAllowedHost } from './outbound-policy';
import { backgroundConfig, backgroundSettings } from './background-config';
import { isKnownTimeZone } from '../../domain/rules/date-time';
import { type AppConfig, ConfigError } from './config-types';

// The settings' shapes live beside: every server folder imports them from here.
export { type AppConfig, ConfigError, type ConfigIssue, type HostApiBases } from './config-types';
import { FOOTER_TEXT_MAX_LENGTH, type FooterInfo, parseFooterLinks } from '../../domain/rules/footer';

/**
 * Published with every client; the server can be given another one. It guards against replays and
 * cross-site posts, not against a determined client, so it is not a secret (DESIGN §4).
 */
export const DEFAULT_SIGNING_KEY = 'uc-request-signing-v1';

const booleanText = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** A chat platform's API base: an http(s) URL, kept without a trailing slash. */
const apiBase = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

/** The 32-byte key of SECRETS_KEY (64 hex digits or base64), or null when it is not one. */
export function parseSecretsKey(value: string): Buffer | null {
  const text = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return key.length === 32 ? key : null;
}

const configSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number from 0 to 65535' })
    .int({ error: 'must be a port number from 0 to 65535' })
    .min(0, { error: 'must be a port number from 0 to 65535' })
    .max(65535, { error: 'must be a port number from 0 to 65535' })
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : [],
    ),
  PUBLIC_URL: z.url().optional(),
  SIGNING_KEY: z.string().min(8).default(DEFAULT_SIGNING_KEY),
  DEPLOYMENT: z.enum(DEPLOYMENTS).default('cloud'),
  SSO_LOGIN_URL: z.url({ protocol: /^https?$/ }).optional(),
  SSO_LOGIN_HOSTS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  FEISHU_SDK_URL: z.url().default('https://lf1-cdn-tos.bytegoofy.com/goofy/lark/op/h5-js-sdk-1.5.33.js'),
  DRAW_TOOL_URL: z.url({ protocol: /^https?$/ }).optional(),
  FOOTER_FILING: z.string().trim().min(1).max(FOOTER_TEXT_MAX_LENGTH).optional(),
  FOOTER_FILING_URL: z.url({ protocol: /^https?$/ }).optional(),
  FOOTER_LINKS: z
    .string()
    .optional()
    .refine(
      (text) => !text || 'links' in parseFooterLinks(text),
      'must be Label|https://… entries separated by ;',
    ),
  APP_VERSION: z
    .string()
    .regex(/^\d+\.\d+\.\d+$/)
    .default(DEFAULT_VERSION),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).default('pretty'),
  SEED_DEMO: booleanText.default(true),
  STATIC_DIR: z.string().min(1).default('./dist'),
  CONTENT_DIR: z.string().min(1).default('./content'),
  PG_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LDAP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(LDAP_TIMEOUT_MS),
  DEFAULT_TIME_ZONE: z
    .string()
    .default('UTC')
    .refine(isKnownTimeZone, 'DEFAULT_TIME_ZONE must be an IANA time zone such as Asia/Shanghai'),
  MODULE_RESET: booleanText.default(true),
  MODULE_REGISTER: booleanText.default(true),
  MODULE_APP_DOWNLOAD: booleanText.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')
    .pipe(z.url())
    .optional(),
  MAIL_FROM: z.string().min(3).max(254).optional(),
  SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  DINGTALK_API_BASE: apiBase.default('https://oapi.dingtalk.com'),
  DINGTALK_NEW_API_BASE: apiBase.default('https://api.dingtalk.com'),
  FEISHU_API_BASE: apiBase.default('https://open.feishu.cn'),
  WECOM_API_BASE: apiBase.default('https://qyapi.weixin.qq.com'),
  WECHAT_API_BASE: apiBase.default('https://api.weixin.qq.com'),
  WEIXIN_OAUTH_BASE: apiBase.default('https://open.weixin.qq.com'),
  HOST_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(HOST_API_TIMEOUT_MS),
  HOST_CALL_TIMEOUT_MS: z.coerce.number().int().min(500).max(30_000).default(HOST_CALL_TIMEOUT_MS),
  HANDOVER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  SCREEN_LOCK_IDLE_MINUTES: z.coerce.number().int().min(0).max(480).default(0),
  TRIAL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  TRIAL_DEMO_URL: z.url({ protocol: /^https?$/ }).optional(),
  OUTBOUND_DENY_PRIVATE: booleanText.default(false),
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').filter((entry) => entry.trim() !== ''))
    .refine(
      (entries) => entries.every((entry) => parseAllowedHost(entry) !== null),
      'must be host[:port] entries separated by commas (IPv6 in brackets when a port follows)',
    )
    .transform((entries) => entries.map((entry) => parseAllowedHost(entry) as AllowedHost)),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SECRETS_KEY: z
    .string()
    .refine((value) => parseSecretsKey(value) !== null, 'must be 32 bytes as 64 hex digits or base64')
    .optional(),
  ...backgroundSettings,
});

/**
 * An SSO login address must be the portal's own (PUBLIC_URL's origin) or on a host listed in SSO_LOGIN_HOSTS,
 * so signed-out users are never sent to an address nobody vouched for. Without PUBLIC_URL the browser checks
 * the portal's origin itself.
 */
function ssoLoginUrlProblem(
  address: string | undefined,
  publicUrl: string | undefined,
  hosts: string[],
): string | null {
  if (!address) return null;
  const url = new URL(address);
  if (hosts.includes(url.host)) return null;
  if (publicUrl && new URL(publicUrl).origin !== url.origin) {
    return `must be on PUBLIC_URL's origin (${new URL(publicUrl).origin}) or on a host listed in SSO_LOGIN_HOSTS`;
  }
  return null;
}

/** Reads the environment (the only place that does) and fails with a message naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const relevant = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = configSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    const issues = parsed.error.issues.map((issue) => {
      const variable = issue.path.join('.');
      return { variable, value: relevant[variable], problem: issue.message };
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`, issues);
  }
  const c = parsed.data;
  const loginProblem = ssoLoginUrlProblem(c.SSO_LOGIN_URL, c.PUBLIC_URL, c.SSO_LOGIN_HOSTS);
  if (loginProblem) {
    throw new ConfigError(`Invalid configuration:\n  SSO_LOGIN_URL: ${loginProblem}`, [
      { variable: 'SSO_LOGIN_URL', value: c.SSO_LOGIN_URL, problem: loginProblem },
    ]);
  }
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    port: c.PORT,
    host: c.HOST,
    database: c.DATABASE_URL
      ? { kind: 'postgres', url: c.DATABASE_URL, poolSize: c.PG_POOL_SIZE }
      : { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') },
    dataDir,
    trustProxy: c.TRUST_PROXY,
    publicUrl: c.PUBLIC_URL ?? null,
    signingKey: c.SIGNING_KEY,
    deployment: c.DEPLOYMENT,
    ssoLoginUrl: c.SSO_LOGIN_URL ?? null,
    ssoLoginHosts: c.SSO_LOGIN_HOSTS,
    feishuSdkUrl: c.FEISHU_SDK_URL,
    drawToolUrl: c.DRAW_TOOL_URL ?? null,
    footer: {
      filing: c.FOOTER_FILING ? { text: c.FOOTER_FILING, url: c.FOOTER_FILING_URL ?? null } : null,
      links: c.FOOTER_LINKS
        ? ((parseFooterLinks(c.FOOTER_LINKS) as { links: FooterInfo['links'] }).links ?? [])
        : [],
    },
    version: c.APP_VERSION,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    seedDemo: c.SEED_DEMO,
    staticDir: path.resolve(c.STATIC_DIR),
    contentDir: path.resolve(c.CONTENT_DIR),
    ldapTimeoutMs: c.LDAP_TIMEOUT_MS,
    defaultTimeZone: c.DEFAULT_TIME_ZONE,
    modules: { reset: c.MODULE_RESET, register: c.MODULE_REGISTER, appDownload: c.MODULE_APP_DOWNLOAD },
    codeDelivery: {
      smtpUrl: c.SMTP_URL ?? null,
      mailFrom: c.MAIL_FROM ?? defaultMailFrom(c.SMTP_URL, c.PUBLIC_URL),
      smsWebhookUrl: c.SMS_WEBHOOK_URL ?? null,
    },
    hostApis: {
      dingtalk: c.DINGTALK_API_BASE,
      dingtalkNew: c.DINGTALK_NEW_API_BASE,
      feishu: c.FEISHU_API_BASE,
      wecom: c.WECOM_API_BASE,
      wechat: c.WECHAT_API_BASE,
      weixinOauth: c.WEIXIN_OAUTH_BASE,
      timeoutMs: c.HOST_API_TIMEOUT_MS,
    },
    hostCallTimeoutMs: c.HOST_CALL_TIMEOUT_MS,
    handoverTimeoutMs: c.HANDOVER_TIMEOUT_MS,
    screenLockIdleMinutes: c.SCREEN_LOCK_IDLE_MINUTES,
    trialPeriodMs: c.TRIAL_DAYS * 24 * 60 * 60 * 1000,
    trialDemoUrl: c.TRIAL_DEMO_URL ?? null,
    secretsKey: c.SECRETS_KEY ? parseSecretsKey(c.SECRETS_KEY) : null,
    outbound: { denyPrivate: c.OUTBOUND_DENY_PRIVATE, allowHosts: c.OUTBOUND_ALLOW_HOSTS },
    shutdown: { delayMs: c.SHUTDOWN_DELAY_MS, timeoutMs: c.SHUTDOWN_TIMEOUT_MS },
    metricsToken: c.METRICS_TOKEN ?? null,
    background: backgroundConfig(c),
  };
}

/** The sender of code mails when MAIL_FROM is not set: no-reply at the public host, else at the SMTP host. */
function defaultMailFrom(smtpUrl: string | undefined, publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : smtpUrl ? new URL(smtpUrl).hostname : 'localhost';
  return `Lab Account Centre <no-reply@${host}>`;
}
