import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import { openIdempotencyHeadersSchema } from '../../domain/schemas/open-sync';
import {
  bindThirdAccountRequestSchema,
  thirdAccountChangeSchema,
  thirdAccountListSchema,
  thirdAccountQuerySchema,
  thirdAccountSwitchParamsSchema,
  thirdAccountSwitchRequestSchema,
} from '../../domain/schemas/open-third-account';
import { ok } from '../plugins/envelope';
import { requireOpenApp } from '../plugins/open-api';
import { runLoggedOpenCall } from '../services/open-call-log';
import { type OpenChangeApiName, takeOpenChangeCall } from '../services/open-call-service';
import {
  bindThirdAccount,
  readThirdAccounts,
  switchThirdAccount,
} from '../services/open-third-account-service';
import type { RouteDeps } from './route-deps';

/**
 * The open API's third-party account calls (SPEC §7 Open platform service), with the app's access token,
 * scoped to its organisation: bind a chat-host identity (DingTalk, Feishu, WeCom, WeChat) to a member, read
 * them, switch one off or on. Each is written in the interface log. Binding and switching change data, so
 * like members and departments calls they wait in the queue first when the organisation delays open calls
 * (withdrawable meanwhile) and honour an Idempotency-Key; reading is answered at once.
 */
export const openThirdAccountRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const config = { access: 'public', openApi: 'token' } as const;
  const logged = <T>(
    request: { url: string; body: unknown; language: Parameters<typeof runLoggedOpenCall>[1]['language'] },
    openApp: ReturnType<typeof requireOpenApp>,
    apiName: string,
    at: number,
    run: () => Promise<T>,
  ) =>
    runLoggedOpenCall(
      db,
      { app: openApp, apiName, url: request.url, body: request.body, language: request.language },
      at,
      run,
    );
  const change = <T extends object>(
    request: {
      url: string;
      body: unknown;
      headers: { 'idempotency-key'?: string };
      language: Parameters<typeof runLoggedOpenCall>[1]['language'];
    },
    openApp: ReturnType<typeof requireOpenApp>,
    apiName: OpenChangeApiName,
    at: number,
    run: () => Promise<T>,
  ) =>
    takeOpenChangeCall(
      db,
      {
        app: openApp,
        apiName,
        url: request.url,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        language: request.language,
      },
      at,
      run,
    );

  // A member that is not in the organisation 404; an identity another current member holds 409.
  app.post(
    '/api/Sdk/ucapi/bind/thirdaccount',
    {
      config,
      schema: {
        headers: openIdempotencyHeadersSchema,
        body: bindThirdAccountRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(thirdAccountChangeSchema) },
          [400, 401, 403, 404, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const openApp = requireOpenApp(request);
      const at = now();
      return ok(
        await change(request, openApp, 'bind/thirdaccount', at, () =>
          bindThirdAccount(db, openApp, request.body, at),
        ),
      );
    },
  );

  app.post(
    '/api/Sdk/ucapi/detail/thirdaccount',
    {
      config,
      schema: {
        body: thirdAccountQuerySchema,
        response: withFailures(
          { 200: envelopeSchema(thirdAccountListSchema) },
          [400, 401, 403, 404, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const openApp = requireOpenApp(request);
      return ok(
        await logged(request, openApp, 'detail/thirdaccount', now(), () =>
          readThirdAccounts(db, openApp, request.body),
        ),
      );
    },
  );

  // 0 switches the identity off (it signs nobody in and gets no messages), 1 on; unknown 404 (at once).
  app.post(
    '/api/Sdk/ucapi/thirdaccount/:enabled',
    {
      config,
      schema: {
        headers: openIdempotencyHeadersSchema,
        params: thirdAccountSwitchParamsSchema,
        body: thirdAccountSwitchRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(thirdAccountChangeSchema) },
          [400, 401, 403, 404, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const openApp = requireOpenApp(request);
      const { enabled } = request.params;
      const at = now();
      return ok(
        await change(request, openApp, `thirdaccount/${enabled}`, at, () =>
          switchThirdAccount(db, openApp, request.body, enabled === '1', at),
        ),
      );
    },
  );
};
