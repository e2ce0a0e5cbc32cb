import { HOST_PLATFORMS, type HostPlatform, type ProductCode } from '../../../domain/constants';
import type { MessageKey } from '../../../domain/i18n';
import {
  type HostIntegration,
  type HostIntegrationSetting,
  hostIntegrationInputSchema,
} from '../../../domain/schemas/host-integrations';

/** The credential fields an integration form may show. */
export type IntegrationField = 'corpId' | 'appKey' | 'appSecret' | 'agentId';

/**
 * The fields each host needs, in screen order: DingTalk tells its app key (client id) from its corpId and
 * sends work notifications as an agent; Feishu and WeChat know one app id; WeCom gets tokens with its corp
 * id and sends as an agent.
 */
export const INTEGRATION_FIELDS: Record<HostPlatform, readonly IntegrationField[]> = {
  dingtalk: ['corpId', 'appKey', 'appSecret', 'agentId'],
  feishu: ['corpId', 'appSecret'],
  wecom: ['corpId', 'appSecret', 'agentId'],
  wechat: ['corpId', 'appSecret'],
};

/** What the administrator types for one host; an empty secret keeps the saved one. */
export type IntegrationDraft = Omit<HostIntegrationSetting, 'platform'>;

export type IntegrationProblems = Partial<Record<IntegrationField | 'products', MessageKey>>;

/** The form of a saved integration (its secret never comes back: empty keeps it), or an empty one. */
export function draftOf(saved: HostIntegration | null | undefined): IntegrationDraft {
  return {
    enabled: saved?.enabled ?? false,
    corpId: saved?.corpId ?? '',
    // The server fills an empty app key with the corp id: show it empty again where they are the same.
    appKey: saved && saved.appKey !== saved.corpId ? saved.appKey : '',
    appSecret: '',
    agentId: saved?.agentId ?? '',
    products: saved?.products ?? [],
  };
}

/** Whether the form differs from what is saved. */
export function isDirty(draft: IntegrationDraft, saved: HostIntegration | null | undefined): boolean {
  const base = draftOf(saved);
  return (
    draft.enabled !== base.enabled ||
    draft.corpId.trim() !== base.corpId ||
    draft.appKey.trim() !== base.appKey ||
    draft.appSecret.trim() !== '' ||
    draft.agentId.trim() !== base.agentId ||
    [...draft.products].sort().join() !== [...base.products].sort().join()
  );
}

/**
 * The first problem of each field, checked with the schema the server checks with, and a secret where
 * none is saved yet.
 */
export function integrationProblems(
  platform: HostPlatform,
  draft: IntegrationDraft,
  saved: HostIntegration | null | undefined,
): IntegrationProblems {
  const problems: IntegrationProblems = {};
  const parsed = hostIntegrationInputSchema.safeParse({ ...draft, platform });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as IntegrationField | 'products';
    problems[field] ??= issue.message.startsWith('errors.')
      ? (issue.message as MessageKey)
      : 'errors.request.invalid';
  }
  if (!draft.appSecret.trim() && !saved?.appSecretMask) problems.appSecret ??= 'errors.host.secretRequired';
  return problems;
}

/** The products offered for push: the licensed ones, and any already chosen that no longer are. */
export function productChoices(licensed: readonly ProductCode[], chosen: readonly ProductCode[]) {
  return [...licensed, ...chosen.filter((code) => !licensed.includes(code))];
}

/** Every host, each with nothing saved. */
export function emptyBy<T>(value: () => T): Record<HostPlatform, T> {
  return Object.fromEntries(HOST_PLATFORMS.map((platform) => [platform, value()])) as Record<HostPlatform, T>;
}
