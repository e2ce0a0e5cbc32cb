import { useCallback, useEffect, useState } from 'react';
import type { ErrorKey } from '../../../domain/i18n';
import { INDUSTRY_AREAS, PHOTO_MAX_BYTES, PHOTO_MAX_LABEL } from '../../../domain/rules/personal';
import type { AccountInfo } from '../../../domain/schemas/account';
import { type PersonalInfo, personalUpdateSchema } from '../../../domain/schemas/personal';
import { getPersonalInfo, updatePersonalInfo, uploadPhoto } from '../../adapters/personal-api';
import { sessionStore, useSession } from '../session/use-session';
import type { Problem } from '../departments/department-problem';
import { saveForm, uploadWithinLimit } from '../dialogs/upload-within-limit';

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
    return saveForm({
      send: () => updatePersonalInfo(id, parsed.data),
      stored: (saved) => {
        setInfo(saved);
        setForm({ RealName: saved.RealName, IndustryArea: saved.IndustryArea });
        patchSession({ RealName: saved.RealName });
      },
      setBusy,
      setProblem: setFormProblem,
    });
  };

  /** Uploads a photo file; true when stored. */
  const choosePhoto = (file: Blob): Promise<boolean> =>
    uploadWithinLimit(file, {
      maxBytes: PHOTO_MAX_BYTES,
      tooLarge: { key: 'errors.personal.photoTooLarge', params: { max: PHOTO_MAX_LABEL } },
      send: uploadPhoto,
      stored: (photo) => {
        setInfo((current) => (current ? { ...current, Photo: photo } : current));
        patchSession({ Photo: photo });
      },
      setBusy,
      setProblem: setPhotoProblem,
    });

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
