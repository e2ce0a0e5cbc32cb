import { useEffect, useState } from 'react';
import type { PushKey, PushKeyIssueResult } from '../../../domain/schemas/message-push-admin';
import { issuePushKey, listPushKeys, revokePushKeys } from '../../adapters/message-push-api';

/**
 * Message push > push keys: the organisation's live keys (never the keys themselves), a new key or a
 * rotation (the new key is held here until the administrator closes it: it is shown this once), and
 * revoking them all. Refusals are toasted by the API client.
 */
export function usePushKeys() {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [keys, setKeys] = useState<PushKey[]>([]);
  const [label, setLabel] = useState('');
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<PushKeyIssueResult | null>(null);

  const load = async () => {
    try {
      setKeys((await listPushKeys()).keys);
      setStatus('ready');
    } catch {
      setStatus('failed');
    }
  };

  useEffect(() => {
    let live = true;
    listPushKeys().then(
      (answer) => {
        if (!live) return;
        setKeys(answer.keys);
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  /** A new key; with `rotate` every other live key stops working in the same change. */
  const issue = async (rotate: boolean): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    try {
      setIssued(await issuePushKey({ label, rotate }));
      setLabel('');
      await load();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Revokes every live key; answers how many were revoked, or null when refused. */
  const revoke = async (): Promise<number | null> => {
    if (busy) return null;
    setBusy(true);
    try {
      const { revoked } = await revokePushKeys();
      await load();
      return revoked;
    } catch {
      return null;
    } finally {
      setBusy(false);
    }
  };

  return {
    status,
    keys,
    label,
    setLabel,
    busy,
    /** Create when there is none, rotate when there are some. */
    issue,
    revoke,
    /** The key just created, shown once; null once the administrator has closed it. */
    issued,
    dismissIssued: () => setIssued(null),
  };
}
