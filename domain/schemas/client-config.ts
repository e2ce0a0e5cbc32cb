import * as z from 'zod/mini';
import { DEPLOYMENTS } from '../constants';

/**
 * GET /api/config: what the client needs before it renders. Nothing secret. Written with zod/mini (the
 * same core as zod, tree-shakable) because the client parses it on every first paint; the server's
 * type provider takes it as it takes any zod schema.
 */
export const clientConfigSchema = z.object({
  version: z.string(),
  /** The request-signing key. It ships in every client, so it is a replay guard, not a secret. */
  signingKey: z.string().check(z.minLength(1)),
  deployment: z.enum(DEPLOYMENTS),
  /** SSO_LOGIN_URL: where a project deployment sends signed-out users (the portal's own or a listed host). */
  ssoLoginUrl: z.nullable(z.string()),
  /** SSO_LOGIN_HOSTS: the hosts besides the portal's own an SSO login address may be on. */
  ssoLoginHosts: z.optional(z.array(z.string())),
  feishuSdkUrl: z.string(),
  /** The drawing tool's download (SPEC §2 'draw'), from a configured site; absent or null: not offered. */
  drawToolUrl: z.optional(z.nullable(z.string())),
  /** Module switches of this deployment: a switched-off module's pages answer 404 and are not linked. */
  modules: z.object({ reset: z.boolean(), register: z.boolean(), appDownload: z.boolean() }),
  /** Some organisation has domain-account (AD/LDAP) sign-in on: the login page offers its switch. */
  domainLogin: z.optional(z.boolean()),
  /** HOST_CALL_TIMEOUT_MS: how long the page waits for one call to its chat host; absent: the default. */
  hostCallTimeoutMs: z.optional(z.number()),
  /** Minutes without activity before the screen locks (/lock); 0 or absent: never. */
  screenLockIdleMinutes: z.optional(z.number()),
  /** The demo site a trial sign-in is restricted to, absolute or relative to the portal. */
  trialDemoUrl: z.optional(z.string()),
  /**
   * The version of the terms in force (agreement and privacy): a device that saw an account agree to this
   * version shows the login page's tick already ticked for it; a new version unticks it (issue 23).
   */
  termsVersion: z.optional(z.string()),
  /** The footer's filing information and external links (SPEC §2 Footer); each hidden while unset. */
  footer: z.optional(
    z.object({
      filing: z.nullable(z.object({ text: z.string(), url: z.nullable(z.string()) })),
      links: z.array(z.object({ label: z.string(), url: z.string() })),
    }),
  ),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
