import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';

/** SPEC's status filter of the interface monitor: -1 all, 1 success, 2 fail, 0 queued, 4 cancelled. */
export const INTERFACE_STATUSES = [-1, 1, 2, 0, 4] as const;

/**
 * Body of POST /api/Sdk/ucapi/page/interface (and page/record): filters and a keyset page, newest first;
 * `cursor` is the `nextCursor` of the page before.
 */
export const interfacePageQuerySchema = z.object({
  status: z.coerce
    .number()
    .refine(
      (value) => (INTERFACE_STATUSES as readonly number[]).includes(value),
      'errors.validation.onlyNumber',
    )
    .default(-1),
  platform: z.string().max(100).optional(),
  api: z.string().max(60).optional(),
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
});
export type InterfacePageQuery = z.input<typeof interfacePageQuerySchema>;

/** One interface-log row as the monitor lists it (SPEC §3's fields, bodies only in the detail). */
export const interfaceRowSchema = z.object({
  RequestId: z.string(),
  RequestTime: z.number(),
  RevokeTime: z.number().nullable(),
  ApiName: z.string(),
  Application: z.string(),
  ResponseTime: z.number().nullable(),
  SyncStatus: z.number(),
  ResponseStatus: z.number(),
  ApiStatusCode: z.number(),
  ApiStatus: z.string(),
  RequestUrl: z.string(),
  Operator: z.string(),
  /** When a queued call takes effect (null once applied or for one that was never queued). */
  DueTime: z.number().nullable(),
});
export type InterfaceRow = z.infer<typeof interfaceRowSchema>;

export const interfacePageSchema = z.object({
  rows: z.array(interfaceRowSchema),
  nextCursor: z.string().nullable(),
});
export type InterfacePage = z.infer<typeof interfacePageSchema>;

/** GET /api/Sdk/ucapi/interface?reqId=: one call with its request and response bodies (secrets redacted). */
export const interfaceDetailSchema = interfaceRowSchema.extend({
  RequestBody: z.string(),
  ResponseBody: z.string(),
});
export type InterfaceDetail = z.infer<typeof interfaceDetailSchema>;

export const interfaceDetailQuerySchema = z.object({ reqId: z.string().min(1).max(36) });

/** GET /api/Sdk/ucapi/platform: the applications that have called, for the filter. */
export const interfacePlatformsSchema = z.array(z.string());

/** GET /api/Sdk/ucapi/responseStatus: the status filter's values. */
export const interfaceStatusesSchema = z.array(z.number());

/** Most hours an organisation may delay its open calls by (30 days). */
export const OPEN_DELAY_MAX_HOURS = 720;

/**
 * GET / POST /api/OrganizationOpenness/openDelay: the hours the organisation's open-API data calls wait,
 * queued and withdrawable, before they take effect (SPEC §9; 0: at once).
 */
export const openDelaySchema = z.object({
  hours: z.coerce
    .number({ error: 'errors.openApi.badDelay' })
    .int('errors.openApi.badDelay')
    .min(0, 'errors.openApi.badDelay')
    .max(OPEN_DELAY_MAX_HOURS, 'errors.openApi.badDelay'),
});
export type OpenDelay = z.infer<typeof openDelaySchema>;
