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
  interface Entry {
    version: number;
    settings: Promise<OrgSessionSettings>;
    /** The settings once read: what `now` answers without a turn of the microtask queue. */
    value?: OrgSessionSettings;
  }
  const entries = new Map<number, Entry>();
  const settingsOf = (orgId: number, version: number): Promise<OrgSessionSettings> => {
    const entry = entries.get(orgId);
    if (entry && entry.version === version) return entry.settings;
    const settings = orgSessionSettings(repos, deployment, orgId);
    const fresh: Entry = { version, settings };
    entries.delete(orgId);
    if (entries.size >= ORG_SETTINGS_CACHE_SIZE) entries.delete(entries.keys().next().value!);
    entries.set(orgId, fresh);
    settings.then(
      (value) => {
        fresh.value = value;
      },
      // A failed read is not kept.
      () => {
        if (entries.get(orgId) === fresh) entries.delete(orgId);
      },
    );
    return settings;
  };
  return Object.assign(settingsOf, {
    /** The settings at `version` when they are already read, else undefined (then ask settingsOf). */
    now(orgId: number, version: number): OrgSessionSettings | undefined {
      const entry = entries.get(orgId);
      return entry && entry.version === version ? entry.value : undefined;
    },
  });
}
