import type { HostIntegrationRow } from '../repositories/host-integrations-repository';
import type { SecretBox } from '../security/secret-box';
import type { HostCredentials } from './host-api';

/** The authenticated context of an integration's sealed secret: its organisation and platform. */
export function secretContext(orgId: number, platform: string): string {
  return `host_integrations:${orgId}:${platform}:app_secret`;
}

/** The credentials the server calls a platform with, the secret opened. */
export function integrationCredentials(row: HostIntegrationRow, secrets: SecretBox): HostCredentials {
  return {
    corpId: row.corp_id,
    appKey: row.app_key || row.corp_id,
    appSecret: row.app_secret
      ? secrets.open(row.app_secret, secretContext(Number(row.org_id), row.platform))
      : '',
    agentId: row.agent_id,
  };
}
