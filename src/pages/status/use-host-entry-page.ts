import type { MessageKey } from '../../../domain/i18n';
import { usePlatform } from '../../platforms/platform-context';
import { PATHS } from '../paths';

export type ChatHost = 'dingtalk' | 'feishu';

const NOT_IN_HOST: Record<ChatHost, MessageKey> = {
  dingtalk: 'errors.env.notDingtalk',
  feishu: 'errors.env.notFeishu',
};

/**
 * /dingding and /feishu: outside the matching host they say so (SPEC §8); inside it they offer the
 * login page until in-host sign-in arrives with the chat-hosts issue.
 */
export function useHostEntryPage(host: ChatHost) {
  const platform = usePlatform();
  const inHost = platform.kind === host;
  return {
    inHost,
    message: inHost ? ('status.hostUseLogin' as const) : NOT_IN_HOST[host],
    loginPath: PATHS.login,
  };
}
