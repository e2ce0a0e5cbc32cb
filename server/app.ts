import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './core/config';
import { responseSerializerCompiler } from './core/response-serializer';
import type { DatabaseHandle } from './db/database';
import {
  failureKeyPlugin,
  lazyChildLogger,
  loggerOptions,
  RequestLineLogController,
  requestIdOf,
} from './core/logging';
import { envelopePlugin, isApiRequest, sendFailure } from './plugins/envelope';
import { requestSigningPlugin } from './plugins/request-signing';
import { portalOriginPlugin } from './plugins/portal-origin';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { ipGuardPlugin } from './plugins/ip-guard';
import { menuAccessPlugin } from './plugins/menu-access';
import { openApiPlugin } from './plugins/open-api';
import { createOutboundGuard } from './security/outbound-guard';
import { lazySecretBox } from './security/secret-box';
import { readRepositories } from './repositories';
import { accountRoutes } from './routes/account';
import { appCredentialRoutes } from './routes/app-credential';
import { openApiRoutes } from './routes/open-api';
import { openSyncRoutes } from './routes/open-sync';
import { openThirdAccountRoutes } from './routes/open-third-account';
import { openApiDocsPlugin } from './plugins/open-api-docs';
import { interfaceMonitorRoutes } from './routes/interface-monitor';
import { type OpenCallWorker, startOpenCallWorker } from './services/open-call-worker';
import { accountExistenceRoutes } from './routes/account-existence';
import { authorisationRoutes } from './routes/authorisation';
import { authRoutes } from './routes/auth';
import { captchaRoutes } from './routes/captcha';
import { departmentsRoutes } from './routes/departments';
import { documentsRoutes } from './routes/documents';
import { portalContentRoutes } from './routes/portal-content';
import { organizationRoutes } from './routes/organization';
import { createCodeSenders } from './integrations/code-senders';
import { createHostApis } from './integrations/host-apis';
import { hostIntegrationsRoutes } from './routes/host-integrations';
import { hostSignInRoutes } from './routes/host-sign-in';
import { ipWhitelistRoutes } from './routes/ip-whitelist';
import { messagePushRoutes } from './routes/message-push';
import { messagePushAdminRoutes } from './routes/message-push-admin';
import { type MessagePushWorker, startMessagePushWorker } from './services/message-push-worker';
import { ldapRoutes } from './routes/ldap';
import { loginLogsRoutes } from './routes/login-logs';
import { activeUsersRoutes } from './routes/active-users';
import { memberHistoryRoutes } from './routes/member-history';
import { memberHandoverRoutes } from './routes/member-handover';
import { monomersRoutes } from './routes/monomers';
import { memberImportRoutes } from './routes/member-import';
import { membersRoutes } from './routes/members';
import { passwordRoutes } from './routes/password';
import { passwordPolicyRoutes } from './routes/password-policy';
import { watermarkRoutes } from './routes/watermark';
import { labelTemplatesRoutes } from './routes/label-templates';
import { orgConfigRoutes } from './routes/org-config';
import { esignRoutes } from './routes/esign';
import { noticesRoutes } from './routes/notices';
import { operationLogsRoutes } from './routes/operation-logs';
import { personalRoutes } from './routes/personal';
import { identifierProofRoutes } from './routes/identifier-proof';
import { demoProductRoutes } from './routes/demo-product';
import { menusRoutes } from './routes/menus';
import { passwordResetRoutes } from './routes/password-reset';
import { trialRoutes } from './routes/trial';
import { trialSignInRoutes } from './routes/trial-sign-in';
import { screenLockRoutes } from './routes/screen-lock';
import { workTableRoutes } from './routes/work-table';
import { productsRoutes } from './routes/products';
import { secondaryVerificationRoutes } from './routes/secondary-verification';
import { securityNoticeRoutes } from './routes/security-notice';
import type { RouteDeps } from './routes/route-deps';
import { channelsOf } from './services/secondary-verification-service';
import { systemRoutes } from './routes/system';
import { readinessRoutes } from './routes/readiness';
import { lifecyclePlugin } from './plugins/lifecycle';
import { metricsPlugin } from './plugins/metrics';
import { metricsRoutes } from './routes/metrics';
import { createInstanceMetrics } from './services/instance-metrics';
import { ssoRoutes } from './routes/sso';
import { ssoSettingsRoutes } from './routes/sso-settings';
import { type JobScheduler, startJobScheduler } from './services/scheduled-jobs';
import { housekeepingJobs } from './services/housekeeping-jobs';
import { registerClient } from './plugins/client-files';

export interface BuildAppOptions {
  /** The clock; tests inject one to move time forward. */
  now?: () => number;
  /** Log requests; off in tests unless asked for. */
  logger?: boolean;
  /** Where log lines go instead of standard output; tests read them. */
  logDestination?: NodeJS.WritableStream;
  /** Where the development outbox prints its lines (default: standard output); tests read them. */
  devOutbox?: (line: string) => void;
  /** Chooses captcha texts (default: random); tests choose known ones. */
  captchaText?: () => string;
  /**
   * Whether the outbox's sender works by itself, polling and woken by new messages (default: yes); when not,
   * it sends only when a test calls `app.messagePush.drain()`.
   */
  pushWorker?: boolean;
  /** Whether background jobs run by themselves every minute (default: yes); tests call `app.scheduledJobs.runDue()`. */
  scheduledJobs?: boolean;
  /** Whether the open-call queue is worked by a timer (default: yes); when not, tests call `app.openCalls.tick()`. */
  openCallWorker?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's sender of this instance (message push). */
    messagePush: MessagePushWorker;
    /** The background jobs of this instance (pruning), run once across instances. */
    scheduledJobs: JobScheduler;
    /** The open-call queue's worker of this instance (delay before effect, interface-log purge). */
    openCalls: OpenCallWorker;
  }
}

/** Fastify's compiler factories, typed after its ajv defaults, handing out the zod compilers instead. */
type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
const zodCompilersFactory = {
  buildValidator: () => validatorCompiler,
  // Answers are written by writers compiled from their zod schemas, zod itself for what they cannot vouch for.
  buildSerializer: () => responseSerializerCompiler,
} as unknown as CompilersFactory;

/** Builds the HTTP application over an open, migrated database. Every route module is registered here. */
export async function buildApp(
  config: AppConfig,
  database: DatabaseHandle,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const app = Fastify({
    logger: options.logger === false ? false : await loggerOptions(config, options.logDestination),
    logController: new RequestLineLogController({ logFormat: config.logFormat }),
    ...(options.logger === false ? {} : { childLoggerFactory: lazyChildLogger }),
    genReqId: requestIdOf,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // Every schema is zod: handing Fastify the zod compilers up front keeps it from loading its default
    // JSON-schema compilers (ajv, fast-json-stringify), a tenth of the start-up time (bench:start).
    schemaController: { compilersFactory: zodCompilersFactory },
  }).withTypeProvider<ZodTypeProvider>();

  const repos = readRepositories(database.db);
  const deps: RouteDeps = {
    db: database.db,
    config,
    now,
    outbound: createOutboundGuard(config.outbound),
  };

  await app.register(lifecyclePlugin);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Cookies are read one by one where needed (requestCookie), not all parsed for every request.
  await app.register(cookie, { hook: false });
  await app.register(envelopePlugin, { defaultTimeZone: config.defaultTimeZone });
  await app.register(failureKeyPlugin);
  await app.register(metricsPlugin, { metrics: createInstanceMetrics(database, now) });
  await app.register(portalOriginPlugin, { publicUrl: config.publicUrl });
  await app.register(securityHeadersPlugin, { feishuSdkUrl: config.feishuSdkUrl });
  await app.register(requestSigningPlugin, { signingKey: config.signingKey, nonces: repos.nonces, now });
  await app.register(sessionPlugin, {
    sessions: repos.sessions,
    now,
    opennessAuthorized: (orgId) => repos.organizations.opennessAuthorized(orgId),
  });
  // The IP whitelist, once the session is known (its hook runs after the session's).
  await app.register(ipGuardPlugin, { repos, now });
  await app.register(menuAccessPlugin, { repos });
  await app.register(openApiPlugin, { repos, now });
  await app.register(openApiDocsPlugin, { version: config.version });

  // Verification codes (password reset, security verification at sign-in) go by SMS, email or the dev outbox.
  const senders = createCodeSenders(
    config.codeDelivery,
    options.devOutbox ?? printDevOutboxLine(app, config),
  );
  app.addHook('onClose', () => senders.close());

  await app.register(systemRoutes, deps);
  await app.register(readinessRoutes, deps);
  await app.register(metricsRoutes, deps);
  await app.register(documentsRoutes, deps);
  await app.register(portalContentRoutes, deps);
  await app.register(authRoutes, { ...deps, codeChannels: channelsOf(senders) });
  await app.register(secondaryVerificationRoutes, { ...deps, senders });
  await app.register(accountRoutes, deps);
  await app.register(accountExistenceRoutes, deps);
  await app.register(productsRoutes, deps);
  await app.register(menusRoutes, deps);
  await app.register(authorisationRoutes, deps);
  await app.register(demoProductRoutes, deps);
  await app.register(membersRoutes, { ...deps, senders });
  await app.register(memberImportRoutes, { ...deps, senders });
  await app.register(departmentsRoutes, deps);
  await app.register(organizationRoutes, deps);
  await app.register(memberHistoryRoutes, deps);
  await app.register(passwordRoutes, deps);
  await app.register(ldapRoutes, deps);
  await app.register(loginLogsRoutes, deps);
  await app.register(activeUsersRoutes, deps);
  await app.register(ipWhitelistRoutes, deps);
  await app.register(passwordPolicyRoutes, deps);
  await app.register(watermarkRoutes, deps);
  await app.register(labelTemplatesRoutes, deps);
  await app.register(orgConfigRoutes, deps);
  await app.register(esignRoutes, deps);
  await app.register(noticesRoutes, deps);
  await app.register(operationLogsRoutes, deps);
  await app.register(securityNoticeRoutes, deps);
  // Secrets at rest open with SECRETS_KEY, or the key generated in the data directory on first use.
  const hostDeps = { ...deps, hostApis: createHostApis(config.hostApis), secrets: lazySecretBox(config) };
  await app.register(hostSignInRoutes, hostDeps);
  await app.register(hostIntegrationsRoutes, hostDeps);
  await app.register(memberHandoverRoutes, { ...deps, secrets: hostDeps.secrets });
  await app.register(ssoRoutes, { ...deps, secrets: hostDeps.secrets });
  await app.register(ssoSettingsRoutes, { ...deps, secrets: hostDeps.secrets });
  const pushWorker = startMessagePushWorker(
    { repos, apis: hostDeps.hostApis, secrets: hostDeps.secrets, timeoutMs: config.hostApis.timeoutMs, now },
    {
      poll: options.pushWorker !== false,
      leaseMarginMs: config.background.pushLeaseMarginMs,
      onError: (error) => app.log.error({ err: error }, 'message push failed'),
    },
  );
  app.decorate('messagePush', pushWorker);
  // Sends in flight finish and other leased messages go back to the outbox before the database closes.
  app.addHook('onClose', () => pushWorker.stop());
  await app.register(messagePushRoutes, { ...hostDeps, pushWorker });
  await app.register(messagePushAdminRoutes, deps);
  await app.register(appCredentialRoutes, deps);
  await app.register(openApiRoutes, deps);
  await app.register(openSyncRoutes, deps);
  await app.register(openThirdAccountRoutes, deps);
  await app.register(interfaceMonitorRoutes, deps);
  const openCalls = startOpenCallWorker(database.db, now, {
    poll: options.openCallWorker !== false,
    pollMs: config.background.openQueuePollMs,
    onError: (error) => app.log.error({ err: error }, 'open-call queue failed'),
    onDequeued: (count) => app.metrics.openCallsDequeued.inc(count),
  });
  app.decorate('openCalls', openCalls);
  app.addHook('onClose', () => openCalls.stop());
  await app.register(captchaRoutes, { ...deps, captchaText: options.captchaText });
  await app.register(passwordResetRoutes, { ...deps, senders });
  await app.register(trialRoutes, { ...deps, senders });
  await app.register(trialSignInRoutes, { ...deps, senders });
  await app.register(screenLockRoutes, deps);
  await app.register(workTableRoutes, deps);
  await app.register(monomersRoutes, deps);
  await app.register(personalRoutes, { ...deps, senders });
  await app.register(identifierProofRoutes, { ...deps, senders });

  await registerClient(app, config.staticDir);
  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request)) return sendFailure(request, reply, 404, 'errors.request.notFound');
    return reply.status(404).type('text/plain').send('Not found');
  });

  // Housekeeping runs in the background, each job once per period across every instance (a leased row),
  // never on a stopping one.
  const scheduler = startJobScheduler(
    {
      db: database.db,
      now,
      onError: (error, job) => app.log.warn({ err: error }, `${job} failed`),
      onPass: (job, outcome) => app.metrics.scheduledJobPasses.inc({ job, outcome }),
    },
    housekeepingJobs(repos),
    { poll: options.scheduledJobs !== false, pollMs: config.background.jobPollMs ?? undefined },
  );
  app.decorate('scheduledJobs', scheduler);
  app.addHook('preClose', () => scheduler.stop());

  return app;
}

/**
 * The development outbox's printer: a plain line on standard output for a terminal, or one log entry with
 * the line as its message when the logs are JSON (so a collector's stream stays JSON).
 */
function printDevOutboxLine(app: FastifyInstance, config: AppConfig): (line: string) => void {
  if (config.logFormat === 'json') return (line) => app.log.info(line);
  return (line) => process.stdout.write(`${line}\n`);
}
