import { useEffect, useState } from 'react';
import type { ErrorKey, MessageKey } from '../../../domain/i18n';
import { ESIGN_LIMITS } from '../../../domain/rules/esign';
import { type EsignSetting, esignSettingSchema } from '../../../domain/schemas/esign';
import { getEsign, getEsignStrengthOptions, saveEsignSettings } from '../../adapters/esign-api';
import { type Problem, problemOf } from '../departments/department-problem';

/** A strength choice: its value (from configurations/Options) and the catalogue key of its name. */
export interface StrengthOption {
  value: EsignSetting['Strength'];
  label: MessageKey;
}

/**
 * Electronic signature settings logic (System settings tab and /layout/esignSetting): the organisation's
 * settings as a form, the strengths named by the server, checked with the server's schema and saved whole.
 */
export function useEsignSettingsPage() {
  const [form, setForm] = useState<EsignSetting | null>(null);
  const [options, setOptions] = useState<StrengthOption[]>([]);
  const [failed, setFailed] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([getEsign(), getEsignStrengthOptions()]).then(
      ([info, named]) => {
        if (!live) return;
        const { Enabled, Strength, MinLength, AllowSameAsLogin } = info;
        setForm({ Enabled, Strength, MinLength, AllowSameAsLogin });
        setOptions(
          // Named from the catalogue, not the answer's Name, so a language switch renames them at once.
          named.flatMap(({ Value }) => {
            const parsed = esignSettingSchema.shape.Strength.safeParse(Value);
            return parsed.success
              ? [{ value: parsed.data, label: `esign.strengths.${parsed.data}` as const }]
              : [];
          }),
        );
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const update = (changes: Partial<EsignSetting>) => {
    setProblem(null);
    setForm((current) => (current ? { ...current, ...changes } : current));
  };

  /** Saves the form; answers whether it was saved. */
  const save = async (): Promise<boolean> => {
    if (!form) return false;
    const checked = esignSettingSchema.safeParse(form);
    if (!checked.success) {
      setProblem({ key: checked.error.issues[0].message as ErrorKey, params: { ...ESIGN_LIMITS.minLength } });
      return false;
    }
    setSaving(true);
    try {
      const { Enabled, Strength, MinLength, AllowSameAsLogin } = await saveEsignSettings(checked.data);
      setForm({ Enabled, Strength, MinLength, AllowSameAsLogin });
      return true;
    } catch (error) {
      setProblem(problemOf(error));
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { form, options, failed, problem, saving, update, save, limits: ESIGN_LIMITS.minLength };
}
