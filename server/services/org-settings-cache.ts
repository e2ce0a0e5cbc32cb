import type { OrgSessionSettings } from '../../domain/schemas/org-config';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import { type DeploymentModules, orgSessionSettings } from './org-config-service';

/** How many organisations' settings an instance keeps at most. */
const ORG_SETTINGS_CACHE_SIZE = 5_000;

/**
 * The settings the session info shows (orgSessionSettings), per organisation, reused while the version read
 * with the request's session (organizations.settings_version, moved by a trigger on every change of the
 * organisation's values, on any instance) is the one they were read at. Settings read after the version
 * are at least as new as it, so a change is never missed: at worst it is read once more.
 */
export function createOrgSettingsCache(db: Kysely<Database>, deployment: DeploymentModules) {
  const repos = readRepositories(db);
  const entries = new Map<number, { version: number; settings: Promise<OrgSessionSettings> }>();
  return (orgId: number, version: number): Promise<OrgSessionSettings> => {
    const entry = entries.get(orgId);
    if (entry && entry.version === version) return entry.settings;
    const settings = orgSessionSettings(repos, deployment, orgId);
    entries.delete(orgId);
    if (entries.size >= ORG_SETTINGS_CACHE_SIZE) entries.delete(entries.keys().next().value!);
    entries.set(orgId, { version, settings });
    // A failed read is not kept.
    settings.catch(() => {
      if (entries.get(orgId)?.settings === settings) entries.delete(orgId);
    });
    return settings;
  };
}
