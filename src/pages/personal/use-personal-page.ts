import { useCallback, useEffect, useState } from 'react';
import type { ErrorKey } from '../../../domain/i18n';
import { INDUSTRY_AREAS, PHOTO_MAX_BYTES, PHOTO_MAX_LABEL } from '../../../domain/rules/personal';
import type { AccountInfo } from '../../../domain/schemas/account';
import { type PersonalInfo, personalUpdateSchema } from '../../../domain/schemas/personal';
import { ApiError } from '../../adapters/api-client';
import { getPersonalInfo, updatePersonalInfo, uploadPhoto } from '../../adapters/personal-api';
import { sessionStore, useSession } from '../session/use-session';

/** A refusal to show beside a field: an error key of both catalogues and its values. */
export interface Problem {
  key: ErrorKey;
  params?: Record<string, string | number>;
}

/** The problem an API failure names, or the generic one. */
export function problemOf(error: unknown): Problem {
  if (error instanceof ApiError) return { key: error.key, params: error.params };
  return { key: 'errors.request.internal' };
}

export type PersonalForm = { RealName: string; IndustryArea: PersonalInfo['IndustryArea'] };

/** Puts changed account fields into the signed-in session, so headers and avatars follow at once. */
function patchSession(patch: Partial<AccountInfo>): void {
  const session = sessionStore.get().session;
  if (session) sessionStore.update({ AccountInfo: { ...session.AccountInfo, ...patch } });
}

/**
 * Personal info page logic (/person): the member's name and industry area as a form, the photo upload
 * (a file over the limit is refused before it is sent), and the mobile number and email, which change
 * through useContactChange.
 */
export function usePersonalPage() {
  const id = useSession().session?.AccountInfo.ID;
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [info, setInfo] = useState<PersonalInfo | null>(null);
  const [form, setForm] = useState<PersonalForm>({ RealName: '', IndustryArea: '' });
  const [formProblem, setFormProblem] = useState<Problem | null>(null);
  const [photoProblem, setPhotoProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState<'saving' | 'uploading' | null>(null);

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    getPersonalInfo(id).then(
      (value) => {
        if (!live) return;
        setInfo(value);
        setForm({ RealName: value.RealName, IndustryArea: value.IndustryArea });
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [id]);

  /** Saves name and industry area; true when saved. */
  const save = async (): Promise<boolean> => {
    const parsed = personalUpdateSchema.safeParse(form);
    if (!parsed.success) {
      setFormProblem({ key: parsed.error.issues[0].message as ErrorKey });
      return false;
    }
    if (id === undefined) return false;
    setBusy('saving');
    setFormProblem(null);
    try {
      const saved = await updatePersonalInfo(id, parsed.data);
      setInfo(saved);
      setForm({ RealName: saved.RealName, IndustryArea: saved.IndustryArea });
      patchSession({ RealName: saved.RealName });
      return true;
    } catch (error) {
      setFormProblem(problemOf(error));
      return false;
    } finally {
      setBusy(null);
    }
  };

  /** Uploads a photo file; true when stored. */
  const choosePhoto = async (file: Blob): Promise<boolean> => {
    if (file.size > PHOTO_MAX_BYTES) {
      setPhotoProblem({ key: 'errors.personal.photoTooLarge', params: { max: PHOTO_MAX_LABEL } });
      return false;
    }
    setBusy('uploading');
    setPhotoProblem(null);
    try {
      const photo = await uploadPhoto(file);
      setInfo((current) => (current ? { ...current, Photo: photo } : current));
      patchSession({ Photo: photo });
      return true;
    } catch (error) {
      setPhotoProblem(problemOf(error));
      return false;
    } finally {
      setBusy(null);
    }
  };

  /** After a mobile or email change: the page and the session show the new address. */
  const applyAccount = useCallback((account: AccountInfo) => {
    setInfo((current) =>
      current ? { ...current, MobilePhone: account.MobilePhone, Email: account.Email } : current,
    );
    patchSession({ MobilePhone: account.MobilePhone, Email: account.Email, Account: account.Account });
  }, []);

  return {
    status,
    info,
    form,
    setForm: (patch: Partial<PersonalForm>) => setForm((current) => ({ ...current, ...patch })),
    industries: INDUSTRY_AREAS,
    formProblem,
    photoProblem,
    busy,
    photoMaxLabel: PHOTO_MAX_LABEL,
    save,
    choosePhoto,
    applyAccount,
  };
}
