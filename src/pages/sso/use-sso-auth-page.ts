import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ErrorKey } from '../../../domain/i18n';
import {
  type SsoConfigResponse,
  type SsoParam,
  type SsoRequest,
  type SsoSetting,
  ssoSettingSchema,
} from '../../../domain/schemas/sso';
import {
  applySsoConfig,
  discoverSsoIssuer,
  getSsoConfig,
  SSO_DEBUG_URL,
  switchSso,
} from '../../adapters/sso-api';
import { closeSsoDebugPopup, openSsoDebugPopup, pollUntil } from '../../adapters/sso-window';

/** The four requests of SPEC's tabs. */
export type SsoRequestName = 'authorize' | 'token' | 'user' | 'logout';

const request = (method: 'GET' | 'POST'): SsoRequest => ({ method, url: '', params: [], mappingPath: '' });
const EMPTY: SsoSetting = {
  type: 'oauth2',
  sourceUrl: '',
  portalUrl: '',
  oidcIssuer: '',
  clientId: '',
  clientSecret: '',
  scope: 'openid email profile',
  authorize: request('GET'),
  token: request('POST'),
  user: request('GET'),
  logout: request('GET'),
  mapping: { externalId: '', email: '', mobile: '', name: '' },
  casUrl: '',
  casVersion: '3.0',
};
const NEW_PARAM: SsoParam = {
  name: '',
  formType: 'query',
  fieldType: 'string',
  source: 'constant',
  value: '',
};

/**
 * The single sign-on screen (/sso/auth, SPEC §4): the configuration as typed, checked with the API's own
 * schema (SPEC §5) before Apply; Debug runs the saved configuration in a popup and reloads the result when
 * it comes back; Enable only once that debug succeeded. Opened as that popup (`debug=done`), it closes
 * itself (showing the result where the browser keeps it open).
 */
export function useSsoAuthPage() {
  const [params] = useSearchParams();
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [config, setConfig] = useState<SsoConfigResponse | null>(null);
  const [form, setForm] = useState<SsoSetting>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<string, ErrorKey>>>({});
  const [busy, setBusy] = useState(false);

  const show = useCallback((loaded: SsoConfigResponse) => {
    setConfig(loaded);
    if (loaded.setting) setForm({ ...EMPTY, ...loaded.setting });
    setStatus('ready');
  }, []);
  const load = useCallback(() => getSsoConfig().then(show, () => setStatus('failed')), [show]);
  useEffect(() => {
    if (params.get('debug') === 'done') closeSsoDebugPopup();
    getSsoConfig().then(show, () => setStatus('failed'));
  }, [show, params]);

  const update = (patch: Partial<SsoSetting>) => setForm((current) => ({ ...current, ...patch }));
  const updateRequest = (name: SsoRequestName, patch: Partial<SsoRequest>) =>
    setForm((current) => ({ ...current, [name]: { ...current[name], ...patch } }));
  const setParams = (name: SsoRequestName, change: (list: SsoParam[]) => SsoParam[]) =>
    setForm((current) => ({
      ...current,
      [name]: { ...current[name], params: change(current[name].params) },
    }));
  const run = async <T>(work: () => Promise<T>): Promise<T | null> => {
    setBusy(true);
    try {
      return await work();
    } catch {
      return null;
    } finally {
      setBusy(false);
    }
  };

  return {
    status,
    config,
    form,
    problems,
    busy,
    update,
    updateRequest,
    addParam: (name: SsoRequestName) => setParams(name, (list) => [...list, { ...NEW_PARAM }]),
    updateParam: (name: SsoRequestName, index: number, patch: Partial<SsoParam>) =>
      setParams(name, (list) => list.map((param, at) => (at === index ? { ...param, ...patch } : param))),
    removeParam: (name: SsoRequestName, index: number) =>
      setParams(name, (list) => list.filter((_, at) => at !== index)),
    updateMapping: (patch: Partial<SsoSetting['mapping']>) =>
      setForm((current) => ({ ...current, mapping: { ...current.mapping, ...patch } })),
    /** Apply: saves (SSO off until debugged and enabled again). False when refused. */
    async apply(): Promise<boolean> {
      const checked = ssoSettingSchema.safeParse(form);
      if (!checked.success) {
        setProblems(
          Object.fromEntries(
            checked.error.issues.map((issue) => [
              issue.path.map(String).join('.'),
              issue.message as ErrorKey,
            ]),
          ),
        );
        return false;
      }
      setProblems({});
      const saved = await run(() => applySsoConfig(checked.data));
      if (!saved) return false;
      setConfig(saved);
      if (saved.setting) setForm({ ...EMPTY, ...saved.setting });
      return true;
    },
    /** Fills the addresses from the OIDC issuer's discovery document. */
    async discover(): Promise<void> {
      const found = await run(() => discoverSsoIssuer(form.oidcIssuer));
      if (!found) return;
      setForm((current) => ({
        ...current,
        authorize: { ...current.authorize, url: found.authorizeUrl },
        token: { ...current.token, url: found.tokenUrl },
        user: { ...current.user, url: found.userUrl },
        logout: { ...current.logout, url: found.logoutUrl || current.logout.url },
      }));
    },
    /** Debug: the saved configuration's real flow in a popup. False when the browser blocked it. */
    debug(): boolean {
      if (!openSsoDebugPopup(SSO_DEBUG_URL)) return false;
      // The result is recorded when the flow comes back: watched for up to 5 minutes.
      const before = config?.lastDebug?.at ?? null;
      pollUntil(
        () =>
          getSsoConfig().then(
            (loaded) => {
              if ((loaded.lastDebug?.at ?? null) === before) return false;
              show(loaded);
              return true;
            },
            () => false,
          ),
        1500,
        200,
      );
      return true;
    },
    async setEnabled(enabled: boolean): Promise<number | null> {
      const result = await run(() => switchSso(enabled));
      await load();
      return result ? result.endedSessions : null;
    },
  };
}
