import { z } from 'zod';
import { DEFAULT_PAGE_INDEX, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import {
  IP_UNRESTRICTED_BATCH_MAX,
  IP_WHITELIST_MAX_LINE_LENGTH,
  IP_WHITELIST_MAX_LINES,
} from '../rules/ip-whitelist';

const KEYWORD_MAX_LENGTH = 100;
/** The whole text: every line at its longest, with its line break. */
const WHITELIST_MAX_TEXT = IP_WHITELIST_MAX_LINES * (IP_WHITELIST_MAX_LINE_LENGTH + 2);

/** GET /api/ipwhitelist: the switch, the lines, and the caller's own address as the server sees it. */
export const ipWhitelistSchema = z.object({
  Enabled: z.boolean(),
  /** One address or CIDR range per line. */
  IpList: z.string(),
  /** The administrator's address on this request (the socket's, or a trusted proxy's X-Forwarded-For). */
  CurrentIp: z.string(),
  /** Whether CurrentIp is in the saved list: a member signing in from there would be let in. */
  CurrentIpAllowed: z.boolean(),
  UnrestrictedCount: z.number(),
});
export type IpWhitelist = z.infer<typeof ipWhitelistSchema>;

/**
 * `Confirmed`: the administrator has seen that the list leaves their own address out (the first try
 * answers 409 errors.ipWhitelist.excludesCurrent with the address, so the screen can warn).
 */
const confirmedSchema = z.boolean().default(false);

/** Body of POST /api/ipwhitelist: the lines (validated one by one; the first bad line is named). */
export const ipWhitelistSaveSchema = z.object({
  IpList: z.string().max(WHITELIST_MAX_TEXT, 'errors.validation.tooLong'),
  Confirmed: confirmedSchema,
});
export type IpWhitelistSave = z.input<typeof ipWhitelistSaveSchema>;

/** Body of POST /api/loginSetting/ipwhitelist/switch. */
export const ipWhitelistSwitchSchema = z.object({
  switchState: z.boolean(),
  Confirmed: confirmedSchema,
});
export type IpWhitelistSwitch = z.input<typeof ipWhitelistSwitchSchema>;

const accountIdsShape = z
  .array(z.number().int().positive())
  .min(1, 'errors.ipWhitelist.noneSelected')
  .max(IP_UNRESTRICTED_BATCH_MAX, 'errors.ipWhitelist.tooMany');

/** Body of POST /api/ipunlimited: members to exempt. */
export const ipUnrestrictedAddSchema = z.object({ accountIds: accountIdsShape });
export type IpUnrestrictedAdd = z.input<typeof ipUnrestrictedAddSchema>;

/**
 * Query of DELETE /api/ipunlimited: `accountIds=1,2,3`, for a caller that sends the DELETE without a body;
 * SPEC's JSON body (ipUnrestrictedRemoveBodySchema) is taken as well.
 */
export const ipUnrestrictedRemoveQuerySchema = z.object({
  accountIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'errors.ipWhitelist.noneSelected')
    .transform((value) => value.split(',').map(Number))
    .pipe(accountIdsShape)
    .optional(),
});

/** Body of DELETE /api/ipunlimited (SPEC §7: accountIds): members to restrict again; absent (null): the query. */
export const ipUnrestrictedRemoveBodySchema = z.object({ accountIds: accountIdsShape }).nullish();

/** Body of POST /api/ipunlimited/pages. */
export const ipUnrestrictedPageRequestSchema = z.object({
  pageIndex: z.number().int().min(1).default(DEFAULT_PAGE_INDEX),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  keyword: z.string().trim().max(KEYWORD_MAX_LENGTH, 'errors.validation.tooLong').optional(),
});
export type IpUnrestrictedPageRequest = z.input<typeof ipUnrestrictedPageRequestSchema>;

/** One member (SPEC §3 unrestricted list: members by real name). */
export const ipMemberSchema = z.object({
  ID: z.number(),
  RealName: z.string(),
  MobilePhone: z.string().nullable(),
  Email: z.string().nullable(),
  DeptName: z.string().nullable(),
});
export type IpMember = z.infer<typeof ipMemberSchema>;

/** A page of unrestricted members. */
export const ipUnrestrictedPageSchema = z.object({
  total: z.number(),
  pageIndex: z.number(),
  pageSize: z.number(),
  rows: z.array(ipMemberSchema.extend({ AddedAt: z.number() })),
});
export type IpUnrestrictedPage = z.infer<typeof ipUnrestrictedPageSchema>;

/** Query of GET /api/ipunlimited/optionalAccounts: members who may be added, searched by name or account. */
export const ipOptionalAccountsQuerySchema = z.object({
  keyword: z.string().trim().max(KEYWORD_MAX_LENGTH, 'errors.validation.tooLong').optional(),
});

/** GET /api/ipunlimited/optionalAccounts: at most 50 ordinary members not yet unrestricted. */
export const ipOptionalAccountsSchema = z.array(ipMemberSchema);
