import { useEffect, useState } from 'react';
import type { AppCredentialInit, AppCredentialIssued } from '../../../domain/schemas/app-credential';
import type { OpenAppIdentity } from '../../../domain/schemas/open-api';
import { ApiError } from '../../adapters/api-client';
import {
  addAppCredential,
  fetchAccessToken,
  getAppCredential,
  regenerateAppSecret,
  renameAppCredential,
  whoseToken,
} from '../../adapters/app-credential-api';

/** What the test step found: whom a fresh token speaks for, or why the call failed (a message to show). */
export type CredentialTest = { ok: true; identity: OpenAppIdentity } | { ok: false; reason: string };

/**
 * Openness > App credentials: SPEC's three steps on one screen. Get the key (create it, rename it, or
 * regenerate the secret; a new secret is held here only until the administrator closes it), how to invoke
 * the API, and a test that exchanges the key and a secret for a token and calls the API with it.
 */
export function useAppCredentialPage() {
  // notAuthorized: the organisation has no open capability yet (SPEC §6), which only operations can change.
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed' | 'notAuthorized'>('loading');
  const [init, setInit] = useState<AppCredentialInit | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<AppCredentialIssued | null>(null);
  const [step, setStep] = useState(0);
  const [testSecret, setTestSecret] = useState('');
  const [test, setTest] = useState<CredentialTest | null>(null);

  useEffect(() => {
    let live = true;
    getAppCredential().then(
      (answer) => {
        if (!live) return;
        setInit(answer);
        setName(answer.credential?.name ?? '');
        setStatus('ready');
      },
      (error: unknown) => {
        if (!live) return;
        const notAuthorized = error instanceof ApiError && error.key === 'errors.openness.notAuthorized';
        setStatus(notAuthorized ? 'notAuthorized' : 'failed');
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const credential = init?.credential ?? null;

  /** Runs one change; a refusal is toasted by the API client and answers false. */
  const change = async (work: () => Promise<void>): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    try {
      await work();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  const showIssued = (answer: AppCredentialIssued) => {
    const { appSecret: _secret, revokedTokens: _revoked, ...stored } = answer;
    setInit((last) => (last ? { ...last, credential: stored } : last));
    setIssued(answer);
    setTestSecret(answer.appSecret);
    setTest(null);
  };

  return {
    status,
    credential,
    tokenPath: init?.tokenPath ?? '',
    expiresIn: init?.expiresIn ?? 0,
    name,
    setName,
    busy,
    step,
    setStep,
    /** Creates the credential when there is none, else saves its name. */
    save: () =>
      change(async () => {
        if (!credential) return showIssued(await addAppCredential(name));
        const renamed = await renameAppCredential(credential.id, name);
        setInit((last) => (last ? { ...last, credential: renamed } : last));
      }),
    regenerate: () =>
      change(async () => {
        if (credential) showIssued(await regenerateAppSecret(credential.id));
      }),
    /** The secret just issued, shown once; null once the administrator has closed it. */
    issued,
    dismissIssued: () => setIssued(null),
    testSecret,
    setTestSecret,
    test,
    testing: busy,
    runTest: () =>
      change(async () => {
        if (!credential) return;
        try {
          const { accessToken } = await fetchAccessToken(credential.appKey, testSecret);
          setTest({ ok: true, identity: await whoseToken(accessToken) });
        } catch (error) {
          setTest({ ok: false, reason: error instanceof ApiError ? error.message : String(error) });
        }
      }),
  };
}
