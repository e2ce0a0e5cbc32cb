import { useState } from 'react';
import { useT } from '../../i18n/use-t';
import type { DialogOutcome } from '../dialogs/dialog-outcome';
import type { usePushKeys } from './use-push-keys';

/**
 * The push keys' confirm box, the same in both shells: rotate (a new key; every other stops working) or
 * revoke them all. The question stays while the box fades out; a refusal is toasted by the API client and
 * keeps the box open to try again or cancel. `onRevoked` tells the shell's way how many keys went.
 */
export function usePushKeyConfirm(
  keys: Pick<ReturnType<typeof usePushKeys>, 'keys' | 'issue' | 'revoke'>,
  onRevoked: (count: number) => void,
) {
  const { t } = useT();
  const [asking, setAsking] = useState<{ kind: 'rotate' | 'revoke'; open: boolean }>({
    kind: 'revoke',
    open: false,
  });
  const revoke = async (): Promise<DialogOutcome> => {
    const revoked = await keys.revoke();
    if (revoked === null) return false;
    onRevoked(revoked);
  };
  return {
    open: asking.open,
    danger: asking.kind === 'revoke',
    question:
      asking.kind === 'revoke'
        ? t('messagePush.screen.keys.revokeConfirm')
        : t('messagePush.screen.keys.rotateConfirm', { count: keys.keys.length }),
    ask: (kind: 'rotate' | 'revoke') => setAsking({ kind, open: true }),
    confirm: () => (asking.kind === 'revoke' ? revoke() : keys.issue(true)),
    close: () => setAsking((last) => ({ ...last, open: false })),
  };
}
