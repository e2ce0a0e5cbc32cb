import { useEffect, useState } from 'react';
import { HOST_PLATFORMS, type HostPlatform, type ProductCode } from '../../../domain/constants';
import type { HostIntegration } from '../../../domain/schemas/host-integrations';
import { ApiError } from '../../adapters/api-client';
import { getPushConfig, savePushIntegration, sendDebugMessage } from '../../adapters/message-push-api';
import { answeredOutcome, type DebugOutcome, refusedOutcome } from './debug-outcome';
import {
  draftOf,
  emptyBy,
  type IntegrationDraft,
  integrationProblems,
  isDirty,
  productChoices,
} from './push-integration-form';

/**
 * Openness > message push: per chat host the switch (on before anything else can be set, SPEC §4), the
 * app credentials, the products for push, Save, and a debug message to the administrator's own identity
 * there with the platform's answer.
 */
export function useMessagePushPage() {
  // notAuthorized: the organisation has no open capability yet (SPEC §6), which only operations can change.
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed' | 'notAuthorized'>('loading');
  const [licensed, setLicensed] = useState<ProductCode[]>([]);
  const [saved, setSaved] = useState(emptyBy<HostIntegration | null>(() => null));
  const [drafts, setDrafts] = useState(emptyBy(() => draftOf(null)));
  const [checked, setChecked] = useState(emptyBy(() => false));
  const [saving, setSaving] = useState<HostPlatform | null>(null);
  const [debugging, setDebugging] = useState<HostPlatform | null>(null);
  const [outcomes, setOutcomes] = useState(emptyBy<DebugOutcome | null>(() => null));
  const [active, setActive] = useState<HostPlatform>(HOST_PLATFORMS[0]);

  useEffect(() => {
    let live = true;
    getPushConfig().then(
      (config) => {
        if (!live) return;
        const byPlatform = emptyBy<HostIntegration | null>(() => null);
        for (const integration of config.integrations) byPlatform[integration.platform] = integration;
        setSaved(byPlatform);
        setDrafts(
          Object.fromEntries(HOST_PLATFORMS.map((p) => [p, draftOf(byPlatform[p])])) as typeof drafts,
        );
        setLicensed(config.licensedProducts);
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

  const set =
    <T>(setter: (update: (all: Record<HostPlatform, T>) => Record<HostPlatform, T>) => void) =>
    (platform: HostPlatform, value: T) =>
      setter((all) => ({ ...all, [platform]: value }));
  const setOutcome = set<DebugOutcome | null>(setOutcomes);

  /** Saves one host's form; true when the server took it (a refusal is toasted by the API client). */
  const save = async (platform: HostPlatform): Promise<boolean> => {
    set<boolean>(setChecked)(platform, true);
    const draft = drafts[platform];
    if (saving || Object.keys(integrationProblems(platform, draft, saved[platform])).length > 0) return false;
    setSaving(platform);
    try {
      const stored = await savePushIntegration({ ...draft, platform });
      set<HostIntegration | null>(setSaved)(platform, stored);
      set<IntegrationDraft>(setDrafts)(platform, draftOf(stored));
      set<boolean>(setChecked)(platform, false);
      setOutcome(platform, null);
      return true;
    } catch {
      return false;
    } finally {
      setSaving(null);
    }
  };

  /** Sends the debug message and keeps what the platform said, delivered or not. */
  const debug = async (platform: HostPlatform): Promise<void> => {
    if (debugging) return;
    setDebugging(platform);
    setOutcome(platform, null);
    try {
      setOutcome(platform, answeredOutcome(await sendDebugMessage(platform)));
    } catch (error) {
      setOutcome(platform, refusedOutcome(error));
    } finally {
      setDebugging(null);
    }
  };

  /** One host's part of the screen. */
  const integration = (platform: HostPlatform) => {
    const draft = drafts[platform];
    const stored = saved[platform];
    const dirty = isDirty(draft, stored);
    return {
      platform,
      draft,
      saved: stored,
      /** SPEC §4: the switch must be on before the other fields can be set. */
      editable: draft.enabled,
      dirty,
      /** Something to save: a change, and either the switch on or an integration to switch off. */
      canSave: dirty && (draft.enabled || stored !== null),
      problems: checked[platform] ? integrationProblems(platform, draft, stored) : {},
      productChoices: productChoices(licensed, draft.products),
      /** A debug message goes through what is saved, switched on, with nothing unsaved on screen. */
      canDebug: stored?.enabled === true && !dirty,
      update: (patch: Partial<IntegrationDraft>) =>
        setDrafts((all) => ({ ...all, [platform]: { ...all[platform], ...patch } })),
      saving: saving === platform,
      save: () => save(platform),
      debugging: debugging === platform,
      debug: () => debug(platform),
      outcome: outcomes[platform],
    };
  };

  return {
    status,
    platforms: HOST_PLATFORMS,
    active,
    setActive,
    licensedProducts: licensed,
    integration,
  };
}
