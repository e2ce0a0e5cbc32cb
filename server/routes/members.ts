import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { emptyDataSchema, envelopeSchema, idParamsSchema, withFailures } from '../../domain/schemas/common';
import {
  memberChangeDeptSchema,
  memberCreatedSchema,
  memberCreateSchema,
  memberIdsSchema,
  memberPageQuerySchema,
  memberPageRequestSchema,
  memberPageSchema,
  memberPasswordsSchema,
  memberSetAdminSchema,
  memberUpdateSchema,
} from '../../domain/schemas/members';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession } from '../plugins/session';
import { presentMemberListRow } from '../presenters/member-list-presenter';
import { memberPage, unlockMember } from '../services/member-list-service';
import { addMember, updateMember } from '../services/members-service';
import {
  changeMembersDepartment,
  removeMembers,
  resetMembersPasswords,
  setMembersAdmin,
} from '../services/member-batch-service';
import type { CodeSenders } from '../integrations/code-senders';
import {
  type DeliveryDeps,
  handOverInitialPassword,
  handOverInitialPasswords,
} from '../services/initial-password-delivery';
import type { RouteDeps } from './route-deps';

/** A member-list query, parsed (from a POST body or a GET query string). */
type MemberPageQuery = z.output<typeof memberPageRequestSchema>;

/**
 * An administrator's change to members: bad input or signature, signed out, not an administrator, no such
 * member in the organisation, a rule refused it (yourself, the last administrator, a taken name) or a
 * replay, unreadable body, the unexpected.
 */
const changeStatuses = [400, 401, 403, 404, 409, 413, 415, 500] as const;
const memberChangeResponse = withFailures({ 200: envelopeSchema(emptyDataSchema) }, changeStatuses);

/**
 * The organisation administrator's members area (SPEC §7 Organisation: account/managePage, setManager,
 * remove, initPassword, changeDept, modify/{id}, resetPwdLock/{id}; POST account adds a member). The
 * organisation is always the administrator's own, from the session: another organisation's member is not
 * found, and a batch naming one changes nothing.
 */
export const membersRoutes: FastifyPluginAsyncZod<RouteDeps & { senders: CodeSenders }> = async (
  app,
  { db, now, senders },
) => {
  /** Sending initial passwords for this request: a failed send is logged (never the password). */
  const deliveryOf = (request: FastifyRequest): DeliveryDeps => ({
    db,
    senders,
    onFailure: (channel, error) =>
      request.log.warn(
        { channel, reason: (error as { code?: string }).code ?? 'send failed' },
        'initial password not sent',
      ),
  });

  /** One page of members with the organisation's product codes and each member's products. */
  const getMemberPage = async (orgId: number, query: MemberPageQuery) => {
    const page = await memberPage(db, orgId, query);
    return ok({
      total: page.total,
      rows: page.rows.map(presentMemberListRow),
      OrgProducts: page.orgProducts,
    });
  };
  // The member list is also the picker of the department manager and of product authorisation: any of
  // those pages authorised reads it, so hiding one of them does not break the others.
  const managePageAccess = { access: 'admin', menu: ['member', 'orgDpt', 'authorize'] } as const;
  const pageResponse = withFailures(
    { 200: envelopeSchema(memberPageSchema) },
    [400, 401, 403, 409, 413, 415, 500],
  );

  // SPEC §7 Organisation also reads this list as POST account/authenticatedAccount (`product` gives the
  // members authorised for a product) and GET Account/common/list.
  for (const url of ['/api/account/managePage', '/api/account/authenticatedAccount']) {
    app.post(
      url,
      { config: managePageAccess, schema: { body: memberPageRequestSchema, response: pageResponse } },
      async (request) => getMemberPage(requireSession(request).orgId, request.body),
    );
  }

  // The same read as a GET, which the screen uses: a POST's nonce would be a database write per page.
  for (const url of ['/api/account/managePage', '/api/Account/common/list']) {
    app.get(
      url,
      { config: managePageAccess, schema: { querystring: memberPageQuerySchema, response: pageResponse } },
      async (request) => getMemberPage(requireSession(request).orgId, request.query),
    );
  }

  app.post(
    '/api/account',
    {
      config: { access: 'admin', menu: 'member' },
      schema: {
        body: memberCreateSchema,
        response: withFailures({ 200: envelopeSchema(memberCreatedSchema) }, changeStatuses),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const body = request.body;
      const created = await addMember(changeContextOf(db, session, now()), {
        account: body.Account,
        realName: body.RealName,
        deptId: body.DeptID,
        superiorId: body.SuperiorID,
        products: body.Products,
        password: body.Password,
        language: request.language,
      });
      // One-time password (unless sent): no cache may keep this answer.
      reply.header('cache-control', 'no-store');
      const delivered = await handOverInitialPassword(
        deliveryOf(request),
        session.orgId,
        created.recipient,
        created.password,
        now(),
      );
      return ok({ ID: created.id, Account: created.account, ...delivered });
    },
  );

  app.put(
    '/api/account/modify/:id',
    {
      config: { access: 'admin', menu: 'member' },
      schema: { params: idParamsSchema, body: memberUpdateSchema, response: memberChangeResponse },
    },
    async (request) => {
      const session = requireSession(request);
      const { Account, RealName, DeptID, SuperiorID } = request.body;
      await updateMember(changeContextOf(db, session, now()), request.params.id, {
        account: Account,
        realName: RealName,
        deptId: DeptID,
        superiorId: SuperiorID,
      });
      return ok(null);
    },
  );

  app.post(
    '/api/account/setManager',
    {
      config: { access: 'admin', menu: 'member' },
      schema: { body: memberSetAdminSchema, response: memberChangeResponse },
    },
    async (request) => {
      const session = requireSession(request);
      const { IDs, IsOrganAdmin } = request.body;
      await setMembersAdmin(changeContextOf(db, session, now()), IDs, IsOrganAdmin === 1);
      return ok(null);
    },
  );

  app.post(
    '/api/account/remove',
    {
      config: { access: 'admin', menu: 'member' },
      schema: { body: memberIdsSchema, response: memberChangeResponse },
    },
    async (request) => {
      const session = requireSession(request);
      await removeMembers(changeContextOf(db, session, now()), request.body.IDs);
      return ok(null);
    },
  );

  app.post(
    '/api/account/changeDept',
    {
      config: { access: 'admin', menu: 'member' },
      schema: { body: memberChangeDeptSchema, response: memberChangeResponse },
    },
    async (request) => {
      const session = requireSession(request);
      const { IDs, DeptID } = request.body;
      await changeMembersDepartment(changeContextOf(db, session, now()), IDs, DeptID);
      return ok(null);
    },
  );

  app.post(
    '/api/account/initPassword',
    {
      config: { access: 'admin', menu: 'member' },
      schema: {
        body: memberIdsSchema,
        response: withFailures({ 200: envelopeSchema(memberPasswordsSchema) }, changeStatuses),
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const passwords = await resetMembersPasswords(changeContextOf(db, session, now()), request.body.IDs);
      // One-time passwords: no cache may keep this answer.
      reply.header('cache-control', 'no-store');
      return ok({
        Passwords: await handOverInitialPasswords(deliveryOf(request), session.orgId, passwords, now()),
      });
    },
  );

  app.put(
    '/api/account/resetPwdLock/:id',
    {
      config: { access: 'admin', menu: 'member' },
      schema: { params: idParamsSchema, response: memberChangeResponse },
    },
    async (request) => {
      await unlockMember(changeContextOf(db, requireSession(request), now()), request.params.id);
      return ok(null);
    },
  );
};
