import { logMessage } from '../../domain/rules/operation-log-content';
import type { OpenDelay } from '../../domain/schemas/interface-monitor';
import { readRepositories, withTransaction } from '../repositories';
import type { OrgChangeContext, ServiceContext } from './service-context';

/** The hours an organisation's open-API data calls wait before they take effect (0: at once). */
export async function getOpenDelay(context: ServiceContext & { orgId: number }): Promise<OpenDelay> {
  return { hours: await readRepositories(context.db).openCalls.delayHours(context.orgId) };
}

/**
 * Sets the delay before effect (SPEC §9) from the interface monitor or `org:open-delay`: calls taken from
 * now on wait that long (queued, withdrawable); calls already queued keep the time they were given. A
 * change writes an operation-log row; setting the same hours again changes nothing.
 */
export async function setOpenDelay(context: OrgChangeContext, hours: number): Promise<OpenDelay> {
  const { db, orgId, operator, now } = context;
  await withTransaction(db, async (repos) => {
    if ((await repos.openCalls.delayHours(orgId)) === hours) return;
    await repos.openCalls.setDelayHours(orgId, hours, now);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: 'appCredential',
      content: logMessage('operationLog.content.openDelaySet', { hours }),
      now,
    });
  });
  return { hours };
}
