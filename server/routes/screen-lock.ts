import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyDataSchema, envelopeSchema, withFailures } from '../../domain/schemas/common';
import { unlockRequestSchema } from '../../domain/schemas/screen-lock';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { requireSession } from '../plugins/session';
import { lockScreen, unlockScreen } from '../services/screen-lock-service';
import type { RouteDeps } from './route-deps';

/**
 * The screen lock (/lock). The client locks after the idle time (SCREEN_LOCK_IDLE_MINUTES); the server holds
 * the lock on the session, so a reload or another tab stays locked: every other signed-in call answers 403
 * errors.screenLock.locked until the password unlocks it. The unlock counts wrong passwords like a failed
 * sign-in (the account's lock after its organisation's number of failures, the address's limit).
 */
export const screenLockRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, now }) => {
  // A domain account has no portal password to unlock with 400; 403 for a trial sign-in or a forced change.
  app.post(
    '/api/account/lock',
    {
      config: { allowWhileLocked: true },
      schema: {
        response: withFailures({ 200: envelopeSchema(emptyDataSchema) }, [400, 401, 403, 409, 413, 415, 500]),
      },
    },
    async (request) => {
      await lockScreen(db, requireSession(request), now());
      return ok(null);
    },
  );

  // A wrong password 400 (a field error, saying from two tries before the account's lock how many remain);
  // the failure that locks the account ends its sessions with 401 errors.login.locked; 429 from an address
  // with too many failures.
  app.post(
    '/api/account/unlock',
    {
      config: { allowWhileLocked: true },
      schema: {
        body: unlockRequestSchema,
        response: withFailures(
          { 200: envelopeSchema(emptyDataSchema) },
          [400, 401, 403, 409, 413, 415, 429, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const check = {
        orgId: session.orgId,
        accountId: session.accountId,
        oldPassword: request.body.Password,
        ip: request.ip,
      };
      try {
        await unlockScreen(db, session.id, check, now());
      } catch (error) {
        throw lockScreenError(error);
      }
      return ok(null);
    },
  );
};

/** The old-password check's answers in the lock screen's words, on its Password field. */
function lockScreenError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.key === 'errors.password.oldWrong') {
    return new ApiError(400, 'errors.screenLock.wrongPassword', { field: 'Password' });
  }
  if (error.key === 'errors.password.oldWrongRemaining') {
    return new ApiError(400, 'errors.screenLock.wrongPasswordRemaining', {
      ...error.params,
      field: 'Password',
    });
  }
  if (error.key === 'errors.ldap.notDirectoryAccount')
    return new ApiError(400, 'errors.screenLock.unavailable');
  return error;
}
