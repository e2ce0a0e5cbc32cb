import type { Kysely } from 'kysely';
import { type HostPlatform, PRODUCT_CODES } from '../../domain/constants';
import type {
  HostIntegration,
  HostIntegrationList,
  HostIntegrationSetting,
} from '../../domain/schemas/host-integrations';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { secretContext } from '../integrations/host-credentials';
import { presentHostIntegration } from '../presenters/host-integration-presenter';
import type {} from '../repositories/host-integrations-repository';
import { readRepositories, type Repositories, withTransaction } from '../repositories';
import type { SecretBox } from '../security/secret-box';
import type { Operator } from '../core/operator';
import type { OrgChangeContext } from './service-context';
import {
  type LogKey,
  type LogMessage,
  logDetails,
  logEnabled,
  logField,
  logList,
  logMessage,
} from '../../domain/rules/operation-log-content';

/** An organisation's integrations with chat hosts, secrets masked. */
export async function listHostIntegrations(
  repos: Repositories,
  secrets: SecretBox,
  orgId: number,
): Promise<HostIntegration[]> {
  return (await repos.hostIntegrations.listByOrg(orgId)).map((row) => presentHostIntegration(row, secrets));
}

/**
 * What the message-push screen reads: the organisation's integrations (secrets masked) and the products
 * licensed to it, in the catalogue's order, to choose the products for push from.
 */
export async function hostIntegrationList(
  db: Kysely<Database>,
  secrets: SecretBox,
  orgId: number,
): Promise<HostIntegrationList> {
  const repos = readRepositories(db);
  const [integrations, licensed] = await Promise.all([
    listHostIntegrations(repos, secrets, orgId),
    repos.products.listCodesForOrganization(orgId),
  ]);
  return { integrations, licensedProducts: PRODUCT_CODES.filter((code) => licensed.includes(code)) };
}

/** How the operation log describes a saved integration: everything but the secret. */
function describe(setting: HostIntegrationSetting, appKey: string, secretChanged: boolean): LogMessage {
  return logMessage('operationLog.content.hostIntegrationSaved', {
    host: logMessage(HOST_WORDS[setting.platform]),
    details: logDetails([
      logField('operationLog.words.corpId', setting.corpId),
      logField('operationLog.words.appKey', appKey),
      setting.agentId && logField('operationLog.words.agentId', setting.agentId),
      logMessage(secretChanged ? 'operationLog.words.secretChanged' : 'operationLog.words.secretKept'),
      logField('operationLog.words.products', logList(setting.products, 'operationLog.words.none')),
      logEnabled(setting.enabled),
    ]),
  });
}

/** Each host's name in the log's catalogue (DingTalk is 钉钉 to a Chinese reader). */
export const HOST_WORDS: Record<HostPlatform, LogKey> = {
  dingtalk: 'operationLog.words.hosts.dingtalk',
  feishu: 'operationLog.words.hosts.feishu',
  wecom: 'operationLog.words.hosts.wecom',
  wechat: 'operationLog.words.hosts.wechat',
};

/**
 * Saves an organisation's integration with one host and its operation-log row in one transaction. The
 * app key defaults to the corp or app id; an empty secret keeps the stored one (there must be one); a
 * corp or app id another organisation uses is refused, since it names the organisation at sign-in. New
 * credentials drop the cached tokens.
 */
export async function saveHostIntegration(
  context: OrgChangeContext,
  secrets: SecretBox,
  setting: HostIntegrationSetting,
): Promise<HostIntegration> {
  const { db, orgId, operator, now } = context;
  const appKey = setting.appKey || setting.corpId;
  return withTransaction(db, async (repos) => {
    const owner = await repos.hostIntegrations.findCorpIdOwner(setting.platform, setting.corpId, orgId);
    if (owner !== undefined) throw new ApiError(409, 'errors.host.idTaken');
    const stored = await repos.hostIntegrations.find(orgId, setting.platform);
    if (!setting.appSecret && !stored?.app_secret) throw new ApiError(400, 'errors.host.secretRequired');
    const sealedSecret = setting.appSecret
      ? secrets.seal(setting.appSecret, secretContext(orgId, setting.platform))
      : stored!.app_secret;
    const id = await repos.hostIntegrations.save(
      orgId,
      setting.platform,
      {
        corpId: setting.corpId,
        appKey,
        sealedSecret,
        agentId: setting.agentId,
        enabled: setting.enabled,
        products: setting.products,
      },
      now,
    );
    const credentialsChanged =
      !stored ||
      stored.corp_id !== setting.corpId ||
      stored.app_key !== appKey ||
      stored.agent_id !== setting.agentId ||
      Boolean(setting.appSecret);
    if (credentialsChanged) await repos.hostIntegrations.deleteTokens(id);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'messagePush',
      content: describe(setting, appKey, Boolean(setting.appSecret)),
      now,
    });
    const saved = await repos.hostIntegrations.findById(id);
    return presentHostIntegration(saved!, secrets);
  });
}

/**
 * The operator's pre-binding (`npm run cli -- account:bind`): binds a host user id (or WeChat openid) of an
 * organisation to one of its accounts, so that person's first sign-in in the host is silent, with an
 * operation-log row. An identity bound to another active account is refused (409 errors.host.alreadyBound).
 */
export async function bindHostAccount(
  db: Kysely<Database>,
  orgId: number,
  platform: HostPlatform,
  account: { id: number; name: string },
  hostUserId: string,
  operator: Operator,
  now: number,
): Promise<void> {
  await withTransaction(db, async (repos) => {
    const identity = { userId: hostUserId, openId: platform === 'wechat' ? hostUserId : null, unionId: null };
    const existing = await repos.hostBindings.find(orgId, platform, identity);
    if (existing && Number(existing.account_id) === account.id) return;
    if (existing) {
      const holder = await repos.accounts.findById(orgId, Number(existing.account_id));
      if (holder && holder.status !== 'removed') throw new ApiError(409, 'errors.host.alreadyBound');
      await repos.hostBindings.rebind(orgId, platform, existing.host_user_id, account.id, now);
    } else {
      await repos.hostBindings.bind(orgId, platform, identity, account.id, now);
    }
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'member',
      content: logMessage('operationLog.content.hostUserBound', {
        host: logMessage(HOST_WORDS[platform]),
        user: hostUserId,
        account: account.name,
      }),
      now,
    });
  });
}
