import type { DEPLOYMENTS } from '../../domain/constants';
import type { FooterInfo } from '../../domain/rules/footer';
import type { BackgroundConfig } from './background-config';
import type { OutboundPolicy } from './outbound-policy';

/** The server's settings, parsed once from the environment. */
export interface AppConfig {
  port: number;
  host: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize: number };
  dataDir: string;
  trustProxy: string[];
  publicUrl: string | null;
  signingKey: string;
  deployment: (typeof DEPLOYMENTS)[number];
  ssoLoginUrl: string | null;
  /** SSO_LOGIN_HOSTS: hosts (host[:port]) besides PUBLIC_URL's that SSO_LOGIN_URL may be on. */
  ssoLoginHosts: string[];
  feishuSdkUrl: string;
  /** DRAW_TOOL_URL: the file the user menu's drawing-tool item downloads (SPEC §2 'draw'), or null to hide it. */
  drawToolUrl: string | null;
  /** FOOTER_FILING, FOOTER_FILING_URL, FOOTER_LINKS: the footer's filing and external links until `footer:set`. */
  footer: FooterInfo;
  version: string;
  logLevel: string;
  /** `pretty`: one short line per request for an operator's terminal; `json`: pino's lines for collectors. */
  logFormat: 'pretty' | 'json';
  seedDemo: boolean;
  staticDir: string;
  /**
   * The public documents (agreement, privacy, ...): one Markdown file per page and language,
   * `<page>.<lang>.md`, read on each request so an operator's replacement shows at once.
   */
  contentDir: string;
  /** How long a domain-account sign-in waits for the directory (connect, bind, read) before 503. */
  ldapTimeoutMs: number;
  /**
   * DEFAULT_TIME_ZONE: the zone of the times in texts the server writes (exports, mails, log texts) when the
   * request does not say the reader's (the client sends its browser's as X-Time-Zone).
   */
  defaultTimeZone: string;
  /** Optional modules of this deployment; the client links a module's pages only when it is on. */
  modules: { reset: boolean; register: boolean; appDownload: boolean };
  /**
   * Where verification codes go: email over SMTP (`SMTP_URL`, sent as `MAIL_FROM`), SMS through an HTTP
   * webhook (`SMS_WEBHOOK_URL`); with neither, the development outbox prints them to the server's output.
   */
  codeDelivery: { smtpUrl: string | null; mailFrom: string; smsWebhookUrl: string | null };
  /**
   * The chat platforms' API bases (the real hosts unless set; tests point them at loopback fakes) and how
   * long one sign-in or send may wait for a platform in all before it is called unreachable.
   */
  hostApis: HostApiBases & { timeoutMs: number };
  /** HOST_CALL_TIMEOUT_MS: how long a page inside a chat host waits for one call to the host (the client's). */
  hostCallTimeoutMs: number;
  /** HANDOVER_TIMEOUT_MS: how long each product's handover hook may take before it counts as not checked. */
  handoverTimeoutMs: number;
  /**
   * SCREEN_LOCK_IDLE_MINUTES: minutes without activity before the portal locks the screen (/lock) until
   * the password is typed again; 0 (the default) never locks.
   */
  screenLockIdleMinutes: number;
  /** The trial of an organisation approved from a trial application (TRIAL_DAYS, default 14 days), in ms. */
  trialPeriodMs: number;
  /**
   * TRIAL_DEMO_URL: the demo site a trial sign-in is restricted to (SPEC §2); the portal's own /demo-site
   * page (the organisation's products' demos) when not set.
   */
  trialDemoUrl: string | null;
  /**
   * SECRETS_KEY: the AES-256-GCM key of secrets at rest (apps' secrets, cached tokens), or null to use the
   * key generated on first start in the data directory (server/security/secret-box.ts).
   */
  secretsKey: Buffer | null;
  /**
   * Where addresses an administrator or organisation sets (a directory, SSO) may lead: never to loopback,
   * link-local, metadata or reserved addresses; to private ones unless OUTBOUND_DENY_PRIVATE; hosts in
   * OUTBOUND_ALLOW_HOSTS (`host[:port]`, comma-separated) whatever they resolve to.
   */
  outbound: OutboundPolicy;
  /**
   * On SIGTERM: SHUTDOWN_DELAY_MS (default 0) answering 503 on /api/ready while still serving, so a load
   * balancer stops sending new requests; then up to SHUTDOWN_TIMEOUT_MS (default 20 s) for requests in flight.
   */
  shutdown: { delayMs: number; timeoutMs: number };
  /** METRICS_TOKEN: when set, /metrics answers only `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** OPEN_QUEUE_POLL_MS, JOB_POLL_MS, PUSH_LEASE_MARGIN_MS (background-config.ts). */
  background: BackgroundConfig;
}

/** Where each chat platform's API lives. */
export interface HostApiBases {
  /** DingTalk's old API (oapi.dingtalk.com): sign-in and work notifications. */
  dingtalk: string;
  /** DingTalk's new API (api.dingtalk.com): the app's access token. */
  dingtalkNew: string;
  feishu: string;
  wecom: string;
  wechat: string;
  /** The OAuth authorize page WeChat and WeCom open inside the client (open.weixin.qq.com). */
  weixinOauth: string;
}

/** One variable that cannot be used: its name, the value given (absent when unset) and what is wrong. */
export interface ConfigIssue {
  variable: string;
  value: string | undefined;
  problem: string;
}

/** A configuration that cannot be used; its message names every bad variable. */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly issues: readonly ConfigIssue[] = [],
  ) {
    super(message);
  }
}
