import type { Kysely } from 'kysely';
import { HOST_PLATFORMS, type HostPlatform } from '../../domain/constants';
import { logMessage } from '../../domain/rules/operation-log-content';
import {
  type BindThirdAccountRequest,
  THIRD_ACCOUNT_LIST_LIMIT,
  type ThirdAccount,
  type ThirdAccountList,
  type ThirdAccountQuery,
} from '../../domain/schemas/open-third-account';
import { ApiError } from '../core/errors';
import type { Database } from '../db/tables';
import { readRepositories, type Repositories, withTransaction } from '../repositories';
import type { HostBindingRow } from '../repositories/host-bindings-repository';
import { bindHostAccount, HOST_WORDS } from './host-integrations-service';
import { appOperator, type OpenActor } from './open-sync-service';

/** The member a call names: by the organisation's external id, else mobile, else email; current members only. */
async function namedMember(
  repos: Repositories,
  orgId: number,
  keys: { externalId?: string; mobile?: string; email?: string },
): Promise<{ id: number; name: string }> {
  let id = keys.externalId
    ? await repos.openCalls.externalTarget(orgId, 'member', keys.externalId)
    : undefined;
  if (id === undefined && !keys.externalId) {
    const byName = keys.mobile
      ? await repos.openCalls.memberByName(orgId, 'mobile', keys.mobile)
      : keys.email
        ? await repos.openCalls.memberByName(orgId, 'email', keys.email.toLowerCase())
        : undefined;
    id = byName?.id;
  }
  const account = id === undefined ? undefined : await repos.accounts.findById(orgId, id);
  if (!account || account.status === 'removed') throw new ApiError(404, 'errors.openApi.memberNotFound');
  return { id: Number(account.id), name: account.email ?? account.mobile ?? `#${account.id}` };
}

/** A stored binding as the calls answer it, with the member it signs in as. */
async function present(repos: Repositories, orgId: number, row: HostBindingRow): Promise<ThirdAccount> {
  const accountId = Number(row.account_id);
  const account = await repos.accounts.findById(orgId, accountId);
  return {
    platform: row.platform as HostPlatform,
    thirdAccountId: row.host_user_id,
    enabled: row.disabled_at === null,
    boundAt: Number(row.created_at),
    member: {
      name: account?.real_name ?? '',
      mobile: account?.mobile ?? null,
      email: account?.email ?? null,
      externalId: await repos.openCalls.externalIdOf(orgId, 'member', accountId),
      current: account !== undefined && account.status !== 'removed',
    },
  };
}

async function findOne(repos: Repositories, orgId: number, platform: HostPlatform, thirdAccountId: string) {
  const [row] = await repos.hostBindings.list(
    orgId,
    { platforms: [platform], hostUserId: thirdAccountId },
    1,
  );
  if (!row) throw new ApiError(404, 'errors.openApi.thirdAccountNotFound');
  return present(repos, orgId, row);
}

/**
 * `bind/thirdaccount`: binds a chat-host identity to a member, through the operator's binding service (one
 * held by another current member is refused, 409), with an operation-log row naming the app.
 */
export async function bindThirdAccount(
  db: Kysely<Database>,
  actor: OpenActor,
  request: BindThirdAccountRequest,
  now: number,
): Promise<ThirdAccount> {
  const member = await namedMember(readRepositories(db), actor.orgId, request);
  await bindHostAccount(
    db,
    actor.orgId,
    request.platform,
    member,
    request.thirdAccountId,
    appOperator(actor),
    now,
  );
  return findOne(readRepositories(db), actor.orgId, request.platform, request.thirdAccountId);
}

/** `detail/thirdaccount`: the third-party accounts of one identity or of one member. */
export async function readThirdAccounts(
  db: Kysely<Database>,
  actor: OpenActor,
  query: ThirdAccountQuery,
): Promise<ThirdAccountList> {
  const repos = readRepositories(db);
  const platforms = query.platform ? [query.platform] : HOST_PLATFORMS;
  const names = Boolean(query.externalId ?? query.mobile ?? query.email);
  const accountId = names ? (await namedMember(repos, actor.orgId, query)).id : undefined;
  const rows = await repos.hostBindings.list(
    actor.orgId,
    { platforms, hostUserId: query.thirdAccountId, accountId },
    THIRD_ACCOUNT_LIST_LIMIT,
  );
  return { items: await Promise.all(rows.map((row) => present(repos, actor.orgId, row))) };
}

/**
 * `thirdaccount/{0|1}`: switches a third-party account off (it signs nobody in and gets no messages) or on
 * again, with an operation-log row naming the app when it changes.
 */
export async function switchThirdAccount(
  db: Kysely<Database>,
  actor: OpenActor,
  request: { platform: HostPlatform; thirdAccountId: string },
  enabled: boolean,
  now: number,
): Promise<ThirdAccount> {
  const operator = appOperator(actor);
  return withTransaction(db, async (repos) => {
    const before = await findOne(repos, actor.orgId, request.platform, request.thirdAccountId);
    if (before.enabled === enabled) return before;
    await repos.hostBindings.setDisabled(
      actor.orgId,
      request.platform,
      request.thirdAccountId,
      enabled ? null : now,
    );
    await repos.operationLogs.insert({
      orgId: actor.orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'member',
      content: logMessage(
        enabled ? 'operationLog.content.thirdAccountEnabled' : 'operationLog.content.thirdAccountDisabled',
        {
          host: logMessage(HOST_WORDS[request.platform]),
          user: request.thirdAccountId,
          account: before.member.email ?? before.member.mobile ?? before.member.name,
        },
      ),
      now,
    });
    return { ...before, enabled };
  });
}
