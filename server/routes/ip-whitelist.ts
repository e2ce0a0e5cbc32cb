import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  ipOptionalAccountsQuerySchema,
  ipOptionalAccountsSchema,
  ipUnrestrictedAddSchema,
  ipUnrestrictedPageRequestSchema,
  ipUnrestrictedPageSchema,
  ipUnrestrictedRemoveBodySchema,
  ipUnrestrictedRemoveQuerySchema,
  ipWhitelistSaveSchema,
  ipWhitelistSchema,
  ipWhitelistSwitchSchema,
} from '../../domain/schemas/ip-whitelist';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import type { IpMemberRow } from '../repositories/ip-whitelist-repository';
import {
  changeUnrestricted,
  ipWhitelistOf,
  saveIpWhitelist,
  unrestrictedCandidates,
  unrestrictedPage,
  type WhitelistChange,
} from '../services/ip-whitelist-service';
import type { RouteDeps } from './route-deps';

const OPTIONAL_ACCOUNTS_LIMIT = 50;

const memberOf = (row: IpMemberRow) => ({
  ID: row.id,
  RealName: row.realName,
  MobilePhone: row.mobile,
  Email: row.email,
  DeptName: row.deptName,
});

/**
 * IP control (SPEC §7): the organisation's IP whitelist, its switch and the unrestricted members.
 * Administrators only; the organisation is the session's. Each change writes its operation-log row in the
 * same transaction. A list that would shut out the administrator's own address asks to be confirmed (409).
 */
export const ipWhitelistRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const whitelistResponse = { 200: envelopeSchema(ipWhitelistSchema) };
  /** Saves the list text or the switch (each asks to be confirmed when it would shut out this address). */
  const save = async (request: FastifyRequest, change: WhitelistChange, confirmed: boolean) => {
    const session = requireSession(request);
    await saveIpWhitelist(changeContextOf(db, session, now()), change, { currentIp: request.ip, confirmed });
    return ok(await ipWhitelistOf(db, session.orgId, request.ip));
  };

  app.get(
    '/api/ipwhitelist',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: { response: withFailures(whitelistResponse, [400, 401, 403, 500]) },
    },
    async (request) => ok(await ipWhitelistOf(db, requireSession(request).orgId, request.ip)),
  );

  app.post(
    '/api/ipwhitelist',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: {
        body: ipWhitelistSaveSchema,
        response: withFailures(whitelistResponse, [400, 401, 403, 404, 409, 413, 415, 500]),
      },
    },
    async (request) => save(request, { text: request.body.IpList }, request.body.Confirmed),
  );

  app.post(
    '/api/loginSetting/ipwhitelist/switch',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: {
        body: ipWhitelistSwitchSchema,
        response: withFailures(whitelistResponse, [400, 401, 403, 404, 409, 413, 415, 500]),
      },
    },
    async (request) => save(request, { enabled: request.body.switchState }, request.body.Confirmed),
  );

  app.post(
    '/api/ipunlimited',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: {
        body: ipUnrestrictedAddSchema,
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, [400, 401, 403, 404, 413, 415, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { accountIds } = request.body;
      await changeUnrestricted(changeContextOf(db, session, now()), { add: true, accountIds });
      return ok(null);
    },
  );

  app.delete(
    '/api/ipunlimited',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: {
        querystring: ipUnrestrictedRemoveQuerySchema,
        body: ipUnrestrictedRemoveBodySchema,
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, [400, 401, 403, 404, 413, 415, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      // SPEC's JSON body, else the query string; neither names nobody.
      const accountIds = request.body?.accountIds ?? request.query.accountIds;
      if (!accountIds) throw new ApiError(400, 'errors.ipWhitelist.noneSelected');
      await changeUnrestricted(changeContextOf(db, session, now()), { add: false, accountIds });
      return ok(null);
    },
  );

  app.get(
    '/api/ipunlimited/optionalAccounts',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: {
        querystring: ipOptionalAccountsQuerySchema,
        response: withFailures({ 200: envelopeSchema(ipOptionalAccountsSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const rows = await unrestrictedCandidates(
        db,
        session.orgId,
        request.query.keyword || undefined,
        OPTIONAL_ACCOUNTS_LIMIT,
      );
      return ok(rows.map(memberOf));
    },
  );

  app.post(
    '/api/ipunlimited/pages',
    {
      config: { access: 'admin', menu: 'systemSetting' },
      schema: {
        body: ipUnrestrictedPageRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(ipUnrestrictedPageSchema) },
          [400, 401, 403, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { pageIndex, pageSize, keyword } = request.body;
      const page = await unrestrictedPage(db, session.orgId, {
        pageIndex,
        pageSize,
        keyword: keyword || undefined,
      });
      return ok({
        total: page.total,
        pageIndex,
        pageSize,
        rows: page.rows.map((row) => ({ ...memberOf(row), AddedAt: row.addedAt })),
      });
    },
  );
};
