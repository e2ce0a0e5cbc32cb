import { useEffect, useMemo, useState } from 'react';
import type { MessageKey, MessageParams } from '../../../domain/i18n';
import { esignPasswordProblem, esignStrengthMet } from '../../../domain/rules/esign';
import type { EsignInfo } from '../../../domain/schemas/esign';
import { ApiError } from '../../adapters/api-client';
import {
  getEsign,
  modifyEsignPassword,
  signWithLoginPassword,
  verifyEsignLoginPassword,
} from '../../adapters/esign-api';
import { useFormatTime } from '../../i18n/use-t';
import { type Problem, problemOf } from '../departments/department-problem';
import { useSession } from '../session/use-session';

export type SignatureField = 'LoginPassword' | 'Password' | 'ConfirmPassword';
export type SignatureStep = 'status' | 'verify' | 'set';
export type SignatureChoice = 'separate' | 'login';
/** A requirement of the signature password shown beside the inputs, and whether the typed one meets it. */
export interface SignatureRule {
  key: MessageKey;
  params?: MessageParams;
  met: boolean;
}

const FIELDS: readonly string[] = ['LoginPassword', 'Password', 'ConfirmPassword'];

/**
 * Personal centre > Electronic signature (/layout/signature) for both shells: how the member signs now (and
 * whether wrong tries locked it); setting or changing it proves the login password first, then takes a
 * separate signature password (live hints from the organisation's rules; never the login password) or,
 * where the organisation allows it, switches to signing with the login password.
 */
export function useSignaturePage() {
  const accountId = useSession().session?.AccountInfo.ID;
  const formatTime = useFormatTime();
  const [info, setInfo] = useState<EsignInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [step, setStep] = useState<SignatureStep>('status');
  const [choice, setChoice] = useState<SignatureChoice>('separate');
  const [form, setForm] = useState<Record<SignatureField, string>>({
    LoginPassword: '',
    Password: '',
    ConfirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<SignatureField, Problem>>>({});
  const [formError, setFormError] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<'esign.personal.saved' | 'esign.personal.savedLogin' | null>(null);

  useEffect(() => {
    let live = true;
    getEsign().then(
      (read) => live && setInfo(read),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const settings = info && {
    strength: info.Strength,
    minLength: info.MinLength,
    allowSameAsLogin: info.AllowSameAsLogin,
  };
  const rules = useMemo((): SignatureRule[] => {
    if (!settings) return [];
    const typed = form.Password;
    const strength: MessageKey[] =
      settings.strength === 'low' ? [] : [`esign.personal.rules.${settings.strength}`];
    return [
      {
        key: 'esign.personal.rules.length',
        params: { min: settings.minLength },
        met: typed.length >= settings.minLength,
      },
      ...strength.map((key) => ({ key, met: esignStrengthMet(typed, settings.strength) })),
      { key: 'esign.personal.rules.differs', met: typed.length > 0 && typed !== form.LoginPassword },
      { key: 'esign.personal.rules.confirmed', met: typed.length > 0 && typed === form.ConfirmPassword },
    ];
  }, [settings?.strength, settings?.minLength, form]); // eslint-disable-line react-hooks/exhaustive-deps -- settings is rebuilt each render; its fields are the inputs

  const update = (field: SignatureField, value: string) => {
    setForm((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    setFormError(null);
  };

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return; // on the way to the login page
    const problem = problemOf(error);
    const field = problem.params?.field;
    if (typeof field === 'string' && FIELDS.includes(field)) {
      setErrors({ [field as SignatureField]: problem });
      if (field === 'LoginPassword') setStep('verify');
    } else setFormError(problem);
  };

  const run = async (work: () => Promise<void>) => {
    if (busy || accountId === undefined) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const finish = (next: EsignInfo, message: NonNullable<typeof done>) => {
    setInfo(next);
    setDone(message);
    setStep('status');
    setForm({ LoginPassword: '', Password: '', ConfirmPassword: '' });
  };

  return {
    info,
    failed,
    step,
    choice,
    form,
    errors,
    formError,
    busy,
    done,
    rules,
    lockedUntil: info?.Locked && info.LockedUntil !== null ? formatTime(info.LockedUntil) : null,
    update,
    choose: (next: SignatureChoice) => setChoice(next),
    start() {
      setDone(null);
      setErrors({});
      setFormError(null);
      setChoice('separate');
      setStep('verify');
    },
    cancel() {
      setStep('status');
      setForm({ LoginPassword: '', Password: '', ConfirmPassword: '' });
      setErrors({});
      setFormError(null);
    },
    back: () => setStep('verify'),
    /** Step 1: the login password is proved; 'same as login password' is then set at once. */
    verify: () =>
      run(async () => {
        if (!form.LoginPassword) {
          setErrors({ LoginPassword: { key: 'errors.esign.loginPasswordRequired' } });
          return;
        }
        await verifyEsignLoginPassword(accountId ?? 0, form.LoginPassword);
        if (choice === 'login')
          finish(
            await signWithLoginPassword(accountId ?? 0, form.LoginPassword),
            'esign.personal.savedLogin',
          );
        else setStep('set');
      }),
    /** Step 2: the separate signature password, checked here by the same rules first. */
    submit: () =>
      run(async () => {
        if (!settings) return;
        const problem = esignPasswordProblem(
          form.Password,
          form.ConfirmPassword,
          settings,
          form.Password === form.LoginPassword,
        );
        if (problem) {
          const field = problem === 'errors.esign.mismatch' ? 'ConfirmPassword' : 'Password';
          setErrors({ [field]: { key: problem, params: { min: settings.minLength } } });
          return;
        }
        finish(await modifyEsignPassword(accountId ?? 0, form), 'esign.personal.saved');
      }),
  };
}
