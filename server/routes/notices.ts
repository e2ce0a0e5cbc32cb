import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, idParamsSchema, withFailures } from '../../domain/schemas/common';
import {
  latestNoticeQuerySchema,
  latestNoticeResponseSchema,
  noticeDraftSchema,
  orgNoticeListQuerySchema,
  orgNoticePageSchema,
  orgNoticeSchema,
  surveyFinalRequestSchema,
  surveyLaterRequestSchema,
  surveyReminderSchema,
} from '../../domain/schemas/notices';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { changeContextOf, requireSession, type RequestSession, operatorOf } from '../plugins/session';
import type { StoredReminder } from '../repositories/notices-repository';
import {
  endNotice,
  latestNoticeFor,
  NoticeNotFound,
  orgNoticePage,
  postOrgNotice,
  recordSurveyChoice,
} from '../services/notices-service';
import { presentOrgNotice } from '../presenters/notice-presenter';
import type { RouteDeps } from './route-deps';

const member = (session: RequestSession) => ({ orgId: session.orgId, accountId: session.accountId });
/**
 * Notices (SPEC §7 Notices). Members read the latest live announcement or survey of their deployment and
 * organisation (GET noticeOperation/latest) and answer a survey: remind after 3, 7 or 15 days
 * (POST noticeOperation/LastTime) or answered / never (POST noticeOperation/lastFunction), kept per user
 * and notice. Organisation administrators list, post and end their own organisation's notices
 * (noticeOperation/org, System settings > Notices), each change with its operation-log row; the operator's
 * notices to everyone come from the CLI (notice:create).
 */
export const noticesRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  const memberFailures = [400, 401, 403, 404, 500] as const;

  app.get(
    '/api/noticeOperation/latest',
    {
      config: { access: 'member' },
      schema: {
        querystring: latestNoticeQuerySchema,
        response: withFailures({ 200: envelopeSchema(latestNoticeResponseSchema) }, memberFailures),
      },
    },
    async (request) => {
      const session = requireSession(request);
      return ok(await latestNoticeFor(db, member(session), request.query.noticeType, now()));
    },
  );

  const answer = async (
    session: RequestSession,
    noticeId: number,
    choice: Parameters<typeof recordSurveyChoice>[3],
  ) => {
    try {
      const saved: StoredReminder = await recordSurveyChoice(db, member(session), noticeId, choice, now());
      return ok({ NoticeId: noticeId, Choice: saved.choice, RemindAt: saved.remindAt });
    } catch (error) {
      if (error instanceof NoticeNotFound) throw new ApiError(404, 'errors.notices.notFound');
      throw error;
    }
  };
  const reminderResponse = withFailures({ 200: envelopeSchema(surveyReminderSchema) }, memberFailures);

  app.post(
    '/api/noticeOperation/LastTime',
    { config: { access: 'member' }, schema: { body: surveyLaterRequestSchema, response: reminderResponse } },
    async (request) => answer(requireSession(request), request.body.NoticeId, { days: request.body.Days }),
  );

  app.post(
    '/api/noticeOperation/lastFunction',
    { config: { access: 'member' }, schema: { body: surveyFinalRequestSchema, response: reminderResponse } },
    async (request) => answer(requireSession(request), request.body.NoticeId, { final: request.body.Choice }),
  );

  // The administrator's screen is a tab of System settings: the same menu code gates it.
  const admin = { access: 'admin', menu: 'systemSetting' } as const;

  app.get(
    '/api/noticeOperation/org',
    {
      config: admin,
      schema: {
        querystring: orgNoticeListQuerySchema,
        response: withFailures({ 200: envelopeSchema(orgNoticePageSchema) }, memberFailures),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { pageIndex, pageSize } = request.query;
      const page = await orgNoticePage(db, session.orgId, pageIndex, pageSize);
      const at = now();
      return ok({ total: page.total, rows: page.rows.map((row) => presentOrgNotice(row, at)) });
    },
  );

  app.post(
    '/api/noticeOperation/org',
    {
      config: admin,
      schema: {
        body: noticeDraftSchema,
        response: withFailures({ 200: envelopeSchema(orgNoticeSchema) }, [...memberFailures, 429]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const at = now();
      return ok(presentOrgNotice(await postOrgNotice(changeContextOf(db, session, at), request.body), at));
    },
  );

  app.post(
    '/api/noticeOperation/org/:id/end',
    {
      config: admin,
      schema: {
        params: idParamsSchema,
        response: withFailures({ 200: envelopeSchema(orgNoticeSchema) }, memberFailures),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const at = now();
      const ended = await endNotice(db, session.orgId, request.params.id, operatorOf(session), at);
      if (!ended) throw new ApiError(404, 'errors.notices.notFound');
      return ok(presentOrgNotice(ended, at));
    },
  );
};
