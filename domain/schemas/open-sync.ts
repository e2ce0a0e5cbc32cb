import { z } from 'zod';
import { PRODUCT_CODES } from '../constants';
import { requiredText } from './common';
import { DEPARTMENT_NAME_MAX_LENGTH } from './departments';

/** Most items one members or departments call may carry. */
export const OPEN_SYNC_MAX_ITEMS = 1000;
/** Longest external id and department path an organisation's system may send. */
export const EXTERNAL_ID_MAX_LENGTH = 100;
export const DEPARTMENT_PATH_MAX_LENGTH = 500;

const externalId = z.string().trim().min(1).max(EXTERNAL_ID_MAX_LENGTH, 'errors.validation.tooLong');
const departmentPath = requiredText(DEPARTMENT_PATH_MAX_LENGTH);

/**
 * One member of POST /api/Sdk/ucapi/members: found by external id, else mobile, else email; created when
 * not found (it needs a mobile or an email to sign in with). `disabled: true` makes the member a former
 * member, `false` restores one; absent leaves it. `departmentPath` is `Parent/Child`, created as needed.
 */
export const openMemberItemSchema = z.object({
  externalId: externalId.optional(),
  mobile: z.string().trim().max(30).optional(),
  email: z.string().trim().max(254).optional(),
  name: requiredText(50),
  departmentPath: departmentPath.optional(),
  products: z.array(z.enum(PRODUCT_CODES)).max(PRODUCT_CODES.length).optional(),
  disabled: z.boolean().optional(),
});
export type OpenMemberItem = z.infer<typeof openMemberItemSchema>;

export const openMembersRequestSchema = z.object({
  items: z.array(openMemberItemSchema).min(1).max(OPEN_SYNC_MAX_ITEMS, 'errors.openApi.tooManyItems'),
});
export type OpenMembersRequest = z.infer<typeof openMembersRequestSchema>;

/**
 * One department of POST /api/Sdk/ucapi/departments, by its path (`R&D/Chemistry`, each part at most the
 * department name's length): created with any missing parents; with an `externalId` already known, a new
 * path moves (and renames) that department; `delete: true` deletes it (it must be empty). `manager` is the
 * mobile or email of a member.
 */
export const openDepartmentItemSchema = z.object({
  path: departmentPath.refine(
    (path) =>
      path.split('/').every((part) => part.trim() !== '' && part.trim().length <= DEPARTMENT_NAME_MAX_LENGTH),
    'errors.openApi.badPath',
  ),
  externalId: externalId.optional(),
  manager: z.string().trim().max(254).optional(),
  delete: z.boolean().optional(),
});
export type OpenDepartmentItem = z.infer<typeof openDepartmentItemSchema>;

export const openDepartmentsRequestSchema = z.object({
  items: z.array(openDepartmentItemSchema).min(1).max(OPEN_SYNC_MAX_ITEMS, 'errors.openApi.tooManyItems'),
});
export type OpenDepartmentsRequest = z.infer<typeof openDepartmentsRequestSchema>;

/** SPEC §3 sync status of an open call: 0 queued, 1 success, 2 fail, 4 cancelled. */
export const OPEN_CALL_STATUS = { queued: 0, success: 1, fail: 2, canceled: 4 } as const;

/**
 * Why one item was not applied: its index in `items`, the error key with its values, and the message in the
 * caller's language (the interface monitor shows it again in its reader's language from key and values).
 */
export const openItemProblemSchema = z.object({
  index: z.number(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  message: z.string(),
});
export type OpenItemProblem = z.infer<typeof openItemProblemSchema>;

/**
 * Answer of a members or departments call: its request id (for the interface monitor and withdrawal), its
 * status (0 queued, 1 every item applied, 2 some item was not), how many items were applied and why the
 * others were not.
 */
export const openSyncResultSchema = z.object({
  reqId: z.string(),
  status: z.number(),
  applied: z.number(),
  problems: z.array(openItemProblemSchema),
});
export type OpenSyncResult = z.infer<typeof openSyncResultSchema>;

/** The optional `Idempotency-Key` of a data call: a retry with the same key is applied once. */
export const openIdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\w.:-]{1,100}$/, 'errors.push.badIdempotencyKey')
    .optional(),
});

/** Query of POST /api/Sdk/ucapi/withdrawn?reqId= (and the administrator's twin): the queued call to withdraw. */
export const openWithdrawQuerySchema = z.object({ reqId: z.string().min(1).max(36) });

/** Answer of a withdrawal: the call's request id and its status now (4 cancelled). */
export const openWithdrawResultSchema = z.object({ reqId: z.string(), status: z.number() });
