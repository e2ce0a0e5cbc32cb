import type { SessionInfo } from '../../../domain/schemas/account';
import { effectiveLockIdleMinutes } from '../../../domain/rules/org-config';
import type { ClientConfig } from '../../../domain/schemas/client-config';
import { getClientConfig } from '../../adapters/config-api';
import { useSession } from './use-session';

/**
 * The module switches in force for whoever is looking: the deployment's (GET /api/config) before sign-in,
 * and once signed in the organisation's as the session info carries them (already under the deployment's,
 * System settings > General), so a module the organisation turned off loses its links and pages for its
 * members. A session stored by an older client, without them, keeps the deployment's.
 */
export function modulesInForce(
  deployment: ClientConfig['modules'],
  session: Pick<SessionInfo, 'OrgSettings'> | null,
): ClientConfig['modules'] {
  const organisation = (session as Partial<Pick<SessionInfo, 'OrgSettings'>> | null)?.OrgSettings?.modules;
  if (!organisation) return deployment;
  return {
    ...deployment,
    reset: deployment.reset && organisation.reset,
    appDownload: deployment.appDownload && organisation.appDownload,
  };
}

/**
 * The screen lock's idle minutes in force for a session (0: never): the shorter of the deployment's and the
 * organisation's (System settings > General), the deployment's alone for a session stored without them.
 */
export function lockIdleMinutesInForce(
  deployment: number,
  session: Pick<SessionInfo, 'OrgSettings'> | null,
): number {
  const organisation = (session as Partial<Pick<SessionInfo, 'OrgSettings'>> | null)?.OrgSettings;
  return effectiveLockIdleMinutes(deployment, organisation?.lockIdleMinutes ?? 0);
}

/** The module switches in force for the current session (see modulesInForce). */
export function useModulesInForce(): ClientConfig['modules'] {
  const { session } = useSession();
  return modulesInForce(getClientConfig().modules, session);
}
