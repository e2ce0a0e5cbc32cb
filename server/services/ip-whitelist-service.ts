import {
  IP_WHITELIST_MAX_LINE_LENGTH,
  IP_WHITELIST_MAX_LINES,
  whitelistApplies,
  whitelistLines,
} from '../../domain/rules/ip-whitelist';
import { ApiError } from '../core/errors';
import type { Kysely } from 'kysely';
import type { IpWhitelist } from '../../domain/schemas/ip-whitelist';
import type { Database } from '../db/tables';
import { readRepositories, type Repositories, withTransaction } from '../repositories';
import type { IpMemberRow, StoredWhitelist, WhitelistAccess } from '../repositories/ip-whitelist-repository';
import { addressInRanges, displayAddress, type IpRange, parseWhitelist } from '../security/ip-ranges';
import { logList, logMessage, logSwitch } from '../../domain/rules/operation-log-content';
import type { OrgChangeContext } from './service-context';

/** The operation log's module of these changes (the Settings area's IP control, SPEC §7). */
const MODULE = 'ipWhitelist';

/** Parsed lists by their saved text: the guard reads the text on every request, parses each once. */
const parsedByText = new Map<string, IpRange[]>();
const PARSED_CACHE_SIZE = 200;

function rangesOf(lines: string): IpRange[] {
  const cached = parsedByText.get(lines);
  if (cached) return cached;
  const { ranges } = parseWhitelist(lines);
  if (parsedByText.size >= PARSED_CACHE_SIZE) parsedByText.clear();
  parsedByText.set(lines, ranges);
  return ranges;
}

/** Whether an address is in a saved list's ranges. */
export function addressAllowedBy(lines: string, ip: string): boolean {
  return addressInRanges(ip, rangesOf(lines));
}

/**
 * Whether the organisation's IP whitelist lets this account in from `ip` (SPEC §6): always for
 * administrators and unrestricted members and when the list is off, else when the address is in it.
 */
export async function whitelistAllows(
  repos: Pick<Repositories, 'ipWhitelist'>,
  account: { orgId: number; accountId: number; isAdmin: boolean },
  ip: string,
  /** The list as it applies to the account, when the caller read it with the account in this request. */
  known?: WhitelistAccess,
): Promise<boolean> {
  if (account.isAdmin) return true;
  const access = known ?? (await repos.ipWhitelist.accessFor(account.orgId, account.accountId));
  return accessAllows(access, ip);
}

/** Whether the whitelist, as it applies to a member who is no administrator, lets `ip` in. */
export function accessAllows(access: WhitelistAccess, ip: string): boolean {
  if (!whitelistApplies({ enabled: access.enabled, isAdmin: false, unrestricted: access.unrestricted })) {
    return true;
  }
  return addressAllowedBy(access.lines, ip);
}

/**
 * The lines of a whitelist's text, each checked (SPEC §5): the first line that is not an address or range
 * is named, by its number in the text as typed, with errors.ipWhitelist.invalidLine.
 */
export function checkWhitelistText(text: string): string[] {
  const rows = text.split(/\r?\n/);
  const tooLong = rows.findIndex((line) => line.trim().length > IP_WHITELIST_MAX_LINE_LENGTH);
  const { invalidLines } = parseWhitelist(text);
  const first = Math.min(...invalidLines, tooLong === -1 ? Infinity : tooLong + 1);
  if (Number.isFinite(first)) throw new ApiError(400, 'errors.ipWhitelist.invalidLine', { row: first });
  const lines = whitelistLines(text);
  if (lines.length > IP_WHITELIST_MAX_LINES) {
    throw new ApiError(400, 'errors.ipWhitelist.tooManyLines', { max: IP_WHITELIST_MAX_LINES });
  }
  return lines;
}

/** A change of the whitelist: its switch, its lines, or both. */
export interface WhitelistChange {
  enabled?: boolean;
  /** The text as typed; blank lines are dropped, the rest stored trimmed, one per line. */
  text?: string;
}

/**
 * Saves a change of the organisation's whitelist with its operation-log row in one transaction, and
 * returns what is now in force. Bad lines change nothing (400). When the list will be on and leaves
 * `currentIp` (the administrator's own address) out, it is refused with 409
 * errors.ipWhitelist.excludesCurrent unless `confirmed`: members where the administrator is would be shut
 * out, so the screen asks first. The operator's command has no address and passes null.
 */
export async function saveIpWhitelist(
  context: OrgChangeContext,
  change: WhitelistChange,
  { currentIp, confirmed }: { currentIp: string | null; confirmed: boolean },
): Promise<StoredWhitelist> {
  const { orgId, operator, now } = context;
  const lines = change.text === undefined ? undefined : checkWhitelistText(change.text).join('\n');
  return withTransaction(context.db, async (repos) => {
    if (!(await repos.organizations.findById(orgId))) throw new ApiError(404, 'errors.organization.notFound');
    const current = await repos.ipWhitelist.find(orgId);
    const next: StoredWhitelist = {
      enabled: change.enabled ?? current.enabled,
      lines: lines ?? current.lines,
    };
    if (next.enabled && currentIp !== null && !confirmed && !addressAllowedBy(next.lines, currentIp)) {
      throw new ApiError(409, 'errors.ipWhitelist.excludesCurrent', { ip: displayAddress(currentIp) });
    }
    await repos.ipWhitelist.save(orgId, next, now);
    const saved = whitelistLines(next.lines);
    const key =
      change.text !== undefined
        ? 'operationLog.content.ipWhitelistSaved'
        : next.enabled
          ? 'operationLog.content.ipWhitelistOn'
          : 'operationLog.content.ipWhitelistOff';
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: MODULE,
      // The first 20 lines, as describeWhitelist shows them, and how many more.
      content: logMessage(key, {
        state: logSwitch(next.enabled),
        count: saved.length,
        lines: logList(
          saved.length > 20 ? [...saved.slice(0, 20), `… (+${saved.length - 20})`] : saved,
          'operationLog.words.none',
        ),
      }),
      now,
    });
    return next;
  });
}

/**
 * Adds members to, or takes them off, the unrestricted list, with the operation-log row naming them, in one
 * transaction. Every id must be a member of the organisation (404 otherwise, nothing changed).
 */
export async function changeUnrestricted(
  context: OrgChangeContext,
  change: { add: boolean; accountIds: readonly number[] },
): Promise<void> {
  const { db, orgId, operator, now } = context;
  const ids = [...new Set(change.accountIds)];
  await withTransaction(db, async (repos) => {
    const found = await repos.ipWhitelist.membersAmong(orgId, ids);
    if (found.length !== ids.length) throw new ApiError(404, 'errors.ipWhitelist.unknownMember');
    if (change.add) await repos.ipWhitelist.addUnrestricted(orgId, ids, now);
    else await repos.ipWhitelist.removeUnrestricted(orgId, ids);
    const names = logList(found.map((member) => member.realName));
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: MODULE,
      content: logMessage(
        change.add ? 'operationLog.content.unrestrictedAdded' : 'operationLog.content.unrestrictedRemoved',
        { names },
      ),
      now,
    });
  });
}

/**
 * The IP control screen's state: the list and its switch, how many members are unrestricted, and the
 * caller's own address with whether the saved list lets it in (so a change that would not is noticed).
 */
export async function ipWhitelistOf(db: Kysely<Database>, orgId: number, ip: string): Promise<IpWhitelist> {
  const repos = readRepositories(db);
  const [stored, count] = await Promise.all([
    repos.ipWhitelist.find(orgId),
    repos.ipWhitelist.countUnrestricted(orgId),
  ]);
  return {
    Enabled: stored.enabled,
    IpList: stored.lines,
    CurrentIp: displayAddress(ip),
    CurrentIpAllowed: addressAllowedBy(stored.lines, ip),
    UnrestrictedCount: count,
  };
}

/** Members of the organisation who could be made unrestricted, matching the keyword, at most `limit`. */
export function unrestrictedCandidates(
  db: Kysely<Database>,
  orgId: number,
  keyword: string | undefined,
  limit: number,
): Promise<IpMemberRow[]> {
  return readRepositories(db).ipWhitelist.optionalAccounts(orgId, keyword, limit);
}

/** One page of the organisation's unrestricted members, matching the keyword. */
export function unrestrictedPage(
  db: Kysely<Database>,
  orgId: number,
  query: { pageIndex: number; pageSize: number; keyword?: string },
): Promise<{ total: number; rows: Array<IpMemberRow & { addedAt: number }> }> {
  return readRepositories(db).ipWhitelist.pageUnrestricted(orgId, query);
}
