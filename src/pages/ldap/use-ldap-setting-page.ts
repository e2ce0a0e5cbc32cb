import { useEffect, useState } from 'react';
import type { MessageKey } from '../../../domain/i18n';
import { type LdapSetting, ldapSettingSchema, type LdapTestResult } from '../../../domain/schemas/ldap';
import { ApiError } from '../../adapters/api-client';
import { getLdapSetting, saveLdapSetting, testLdapSetting } from '../../adapters/ldap-api';

/**
 * A new setting: the usual attribute names, nothing else filled in, and off: an administrator who fills the
 * form and saves turns domain sign-in on only by switching it on.
 */
export const EMPTY_LDAP_FORM: LdapSetting = {
  url: '',
  startTls: false,
  tlsCa: '',
  tlsSkipVerify: false,
  userDnTemplate: '',
  baseDn: '',
  filter: '',
  nameAttribute: 'cn',
  mailAttribute: 'mail',
  mobileAttribute: 'mobile',
  domains: [],
  provision: false,
  enabled: false,
};

export type LdapFormProblems = Partial<Record<keyof LdapSetting, MessageKey>>;

/** The first problem of each field, checked with the schema the server checks with. */
export function ldapFormProblems(form: LdapSetting): LdapFormProblems {
  const parsed = ldapSettingSchema.safeParse(form);
  if (parsed.success) return {};
  const problems: LdapFormProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof LdapSetting;
    problems[field] ??= issue.message.startsWith('errors.')
      ? (issue.message as MessageKey)
      : 'errors.request.invalid';
  }
  return problems;
}

/**
 * System settings > domain-account sign-in (AD/LDAP): the organisation's setting, its save, and a test
 * of the setting as typed with a directory user's name and password (nobody is signed in).
 */
export function useLdapSettingPage() {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [form, setForm] = useState<LdapSetting>(EMPTY_LDAP_FORM);
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [credentials, setCredentials] = useState({ username: '', password: '' });
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<LdapTestResult | null>(null);
  const [testProblem, setTestProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ url: string; message: string } | null>(null);

  /** Keeps the server's refusal of the address itself (the outbound guard's), to show at the address field. */
  const noteRefusal = (error: unknown, url: string) => {
    if (error instanceof ApiError && error.key.startsWith('errors.outbound.')) {
      setRefusal({ url, message: error.message });
    }
  };

  useEffect(() => {
    let live = true;
    getLdapSetting().then(
      (answer) => {
        if (!live) return;
        if (answer.setting) setForm(answer.setting);
        setUpdatedAt(answer.updatedAt);
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  const problems = checked ? ldapFormProblems(form) : {};
  const valid = () => {
    setChecked(true);
    return Object.keys(ldapFormProblems(form)).length === 0;
  };

  /** Saves the setting; true when the server took it. */
  const save = async (): Promise<boolean> => {
    if (!valid() || saving) return false;
    setSaving(true);
    try {
      const answer = await saveLdapSetting(form);
      if (answer.setting) setForm(answer.setting);
      setUpdatedAt(answer.updatedAt);
      return true;
    } catch (error) {
      noteRefusal(error, form.url);
      return false; // the API client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const runTest = async () => {
    setResult(null);
    setTestProblem(null);
    if (!valid() || testing || !credentials.username.trim() || !credentials.password) return;
    setTesting(true);
    try {
      setResult(await testLdapSetting({ setting: form, ...credentials }));
    } catch (error) {
      noteRefusal(error, form.url);
      setTestProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setTesting(false);
    }
  };

  return {
    status,
    form,
    update: (patch: Partial<LdapSetting>) => setForm((previous) => ({ ...previous, ...patch })),
    /** Field problems, shown once the administrator has tried to save or test. */
    problems,
    /**
     * The server's refusal of the directory address (the server itself, a metadata or private address the
     * deployment does not reach), while the address is the one refused.
     */
    urlRefusal: refusal && refusal.url === form.url ? refusal.message : null,
    updatedAt,
    saving,
    save,
    credentials,
    updateCredentials: (patch: Partial<typeof credentials>) =>
      setCredentials((previous) => ({ ...previous, ...patch })),
    testing,
    runTest,
    /** The mapped identity of the last successful test. */
    result,
    /** The server's message when the last test failed. */
    testProblem,
  };
}
