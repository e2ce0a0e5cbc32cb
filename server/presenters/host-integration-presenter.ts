import { type HostPlatform, PRODUCT_CODES, type ProductCode } from '../../domain/constants';
import type { HostIntegration } from '../../domain/schemas/host-integrations';
import { integrationCredentials } from '../integrations/host-credentials';
import type { HostIntegrationRow } from '../repositories/host-integrations-repository';
import type { SecretBox } from '../security/secret-box';

/** How the operation log and the operator's commands name each host. */
export const HOST_NAMES: Record<HostPlatform, string> = {
  dingtalk: 'DingTalk',
  feishu: 'Feishu',
  wecom: 'WeCom',
  wechat: 'WeChat',
};

/** A secret as the API shows it: its last four characters behind a fixed mask, or '' for none. */
export function maskSecret(secret: string): string {
  if (!secret) return '';
  return `********${secret.length > 8 ? secret.slice(-4) : ''}`;
}

function productsOf(row: HostIntegrationRow): ProductCode[] {
  return row.products
    .split(',')
    .filter((code): code is ProductCode => (PRODUCT_CODES as readonly string[]).includes(code));
}

/** An integration as the API shows it: the secret masked. */
export function presentHostIntegration(row: HostIntegrationRow, secrets: SecretBox): HostIntegration {
  let mask = '';
  try {
    mask = maskSecret(integrationCredentials(row, secrets).appSecret);
  } catch {
    // A secret sealed under another key still exists; only its last characters cannot be shown.
    mask = row.app_secret ? '********' : '';
  }
  return {
    platform: row.platform as HostPlatform,
    corpId: row.corp_id,
    appKey: row.app_key,
    appSecretMask: mask,
    agentId: row.agent_id,
    enabled: row.enabled === 1,
    products: productsOf(row),
    updatedAt: Number(row.updated_at),
  };
}
