import { useCallback, useEffect, useState } from 'react';
import type { IpWhitelist } from '../../../domain/schemas/ip-whitelist';
import { ApiError } from '../../adapters/api-client';
import { getIpWhitelist, saveIpWhitelist, switchIpWhitelist } from '../../adapters/ip-whitelist-api';
import { type Problem, problemOf } from '../departments/department-problem';

/** A change of the whitelist: its lines, or its switch. */
export type WhitelistChange = { kind: 'save'; text: string } | { kind: 'switch'; on: boolean };

/** A change the server asked to confirm: it leaves the administrator's own address (`ip`) out. */
export type PendingConfirm = WhitelistChange & { ip: string };

/** What a save or a switch came to: done, waiting for the administrator's confirmation, or refused. */
export type ChangeOutcome = 'done' | 'confirm' | 'refused';

/**
 * IP whitelist tab logic: the switch, the lines being edited, the refusal of a bad line (its number), and
 * the confirmation the server asks for when the list leaves the administrator's own address out.
 */
export function useIpWhitelistPage() {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [whitelist, setWhitelist] = useState<IpWhitelist | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState<PendingConfirm | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getIpWhitelist().then(
      (loaded) => {
        if (!live) return;
        setWhitelist(loaded);
        setText(loaded.IpList);
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  const update = useCallback((next: string) => {
    setProblem(null);
    setText(next);
  }, []);

  const run = async (change: WhitelistChange, confirmed: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      const saved =
        change.kind === 'save'
          ? await saveIpWhitelist(change.text, confirmed)
          : await switchIpWhitelist(change.on, confirmed);
      setWhitelist(saved);
      // The switch saves at once on its own: lines typed and not yet saved stay for Save.
      if (change.kind === 'save') setText(saved.IpList);
      setPending(null);
      return 'done' as const;
    } catch (error) {
      if (error instanceof ApiError && error.key === 'errors.ipWhitelist.excludesCurrent') {
        setPending({ ...change, ip: String(error.params?.ip ?? '') });
        return 'confirm' as const;
      }
      setPending(null);
      setProblem(problemOf(error));
      return 'refused' as const;
    } finally {
      setBusy(false);
    }
  };

  return {
    status,
    whitelist,
    text,
    problem,
    pending,
    busy,
    update,
    /** Saves the lines as typed. */
    save: (): Promise<ChangeOutcome> => run({ kind: 'save', text }, false),
    /** Turns the whitelist on or off. */
    setEnabled: (on: boolean): Promise<ChangeOutcome> => run({ kind: 'switch', on }, false),
    /** Goes ahead with the change the server asked to confirm. */
    confirm: (): Promise<ChangeOutcome> => (pending ? run(pending, true) : Promise.resolve('refused')),
    cancel: () => setPending(null),
  };
}
