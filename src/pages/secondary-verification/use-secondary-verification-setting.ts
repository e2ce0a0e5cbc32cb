import { useEffect, useState } from 'react';
import { SECONDARY_VERIFICATION_MODES, type SecondaryVerificationMode } from '../../../domain/constants';
import {
  getSecondaryVerificationSetting,
  saveSecondaryVerificationSetting,
} from '../../adapters/secondary-verification-api';

/**
 * System settings > security verification at sign-in: the organisation's mode (off, on a new device or
 * address, always), saved as soon as the administrator picks another one.
 */
export function useSecondaryVerificationSetting() {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [mode, setMode] = useState<SecondaryVerificationMode>('off');
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    getSecondaryVerificationSetting().then(
      (answer) => {
        if (!live) return;
        setMode(answer.mode);
        setUpdatedAt(answer.updatedAt);
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  /** Saves another mode; true when the server took it (a refusal is toasted and the old mode stays). */
  const choose = async (next: SecondaryVerificationMode): Promise<boolean> => {
    if (next === mode || saving) return false;
    setSaving(true);
    try {
      const answer = await saveSecondaryVerificationSetting({ mode: next });
      setMode(answer.mode);
      setUpdatedAt(answer.updatedAt);
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { status, mode, modes: SECONDARY_VERIFICATION_MODES, updatedAt, saving, choose };
}
