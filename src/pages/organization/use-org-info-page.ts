import { useCallback, useEffect, useState } from 'react';
import type { ErrorKey } from '../../../domain/i18n';
import { LOGO_MAX_BYTES, LOGO_MAX_LABEL } from '../../../domain/rules/organization-logo';
import type { Organization, OrganizationProduct, PlatformInfo } from '../../../domain/schemas/organization';
import { organizationUpdateSchema } from '../../../domain/schemas/organization';
import {
  getMyOrganization,
  getOrganizationProducts,
  getPlatformInfo,
  updateOrganization,
  uploadOrganizationLogo,
} from '../../adapters/organization-api';
import type { Problem } from '../departments/department-problem';
import { saveForm, uploadWithinLimit } from '../dialogs/upload-within-limit';

export type OrgInfoForm = Pick<Organization, 'OrgName' | 'Industry' | 'Contact'>;

/**
 * Organisation info page logic (orgInfo): the organisation's name, industry and contact as an editable
 * form, its logo upload, and the platform info and authorised products read-only.
 */
export function useOrgInfoPage() {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [organization, setOrganization] = useState<Organization | null>(null);
  const [platform, setPlatform] = useState<PlatformInfo | null>(null);
  const [products, setProducts] = useState<OrganizationProduct[]>([]);
  const [form, setForm] = useState<OrgInfoForm>({ OrgName: '', Industry: '', Contact: '' });
  const [formProblem, setFormProblem] = useState<Problem | null>(null);
  const [logoProblem, setLogoProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState<'saving' | 'uploading' | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([getMyOrganization(), getPlatformInfo(), getOrganizationProducts()]).then(
      ([mine, info, list]) => {
        if (!live) return;
        setOrganization(mine);
        setForm({ OrgName: mine.OrgName, Industry: mine.Industry, Contact: mine.Contact });
        setPlatform(info);
        setProducts(list);
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  // Typing again clears the last refusal of the form.
  const update = useCallback((changes: Partial<OrgInfoForm>) => {
    setFormProblem(null);
    setForm((f) => ({ ...f, ...changes }));
  }, []);

  /** Saves the form; answers whether it was saved (the view then says so). */
  const save = async (): Promise<boolean> => {
    if (!organization) return false;
    const checked = organizationUpdateSchema.safeParse(form);
    if (!checked.success) {
      setFormProblem({ key: checked.error.issues[0].message as ErrorKey });
      return false;
    }
    return saveForm({
      send: () => updateOrganization(organization.ID, form),
      stored: (saved) => {
        setOrganization(saved);
        setForm({ OrgName: saved.OrgName, Industry: saved.Industry, Contact: saved.Contact });
      },
      setBusy,
      setProblem: setFormProblem,
    });
  };

  /** Uploads a logo file; a file over the limit is refused before it is sent. */
  const uploadLogo = (file: Blob): Promise<boolean> =>
    uploadWithinLimit(file, {
      maxBytes: LOGO_MAX_BYTES,
      tooLarge: { key: 'errors.organization.logoTooLarge', params: { max: LOGO_MAX_LABEL } },
      send: uploadOrganizationLogo,
      stored: (logo) => setOrganization((current) => (current ? { ...current, Logo: logo } : current)),
      setBusy,
      setProblem: setLogoProblem,
    });

  return {
    status,
    organization,
    platform,
    products,
    form,
    update,
    save,
    formProblem,
    uploadLogo,
    logoProblem,
    busy,
  };
}
