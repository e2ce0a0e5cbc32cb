import { useEffect, useState } from 'react';
import { getOpenDelay, saveOpenDelay } from '../../adapters/interface-monitor-api';

/**
 * The delay before effect on the interface monitor (SPEC §9): the organisation's hours, the value being
 * edited, and saving it (a refusal is toasted by the API client and keeps the value being edited).
 */
export function useOpenDelay() {
  const [saved, setSaved] = useState<number | null>(null);
  const [hours, setHours] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    getOpenDelay().then(
      (answer) => {
        if (!live) return;
        setSaved(answer.hours);
        setHours(answer.hours);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  return {
    /** null until read. */
    saved,
    hours,
    setHours,
    saving,
    changed: hours !== null && hours !== saved,
    /** Saves the hours being edited; answers the hours saved, or null when refused. */
    save: async (): Promise<number | null> => {
      if (hours === null || saving) return null;
      setSaving(true);
      try {
        const answer = await saveOpenDelay(hours);
        setSaved(answer.hours);
        return answer.hours;
      } catch {
        return null;
      } finally {
        setSaving(false);
      }
    },
  };
}
