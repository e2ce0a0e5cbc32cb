import { useEffect, useState } from 'react';
import {
  ORG_CONFIG_CATEGORIES,
  type OrgConfigCategory,
  type OrgConfigValue,
} from '../../../domain/rules/org-config';
import type { OrgConfigItem } from '../../../domain/schemas/org-config';
import { listOrgConfig, saveOrgConfigCategory } from '../../adapters/org-config-api';
import { type Problem, problemOf } from '../departments/department-problem';

/** One category of the General tab: its settings, the values as edited, and its save's state. */
export interface GeneralCategory {
  category: OrgConfigCategory;
  items: OrgConfigItem[];
  values: Record<string, OrgConfigValue>;
  dirty: boolean;
  saving: boolean;
  /** The last save's refusal, with the key it names in `params.field`, or null. */
  problem: Problem | null;
}

const valuesOf = (items: OrgConfigItem[]) =>
  Object.fromEntries(items.map((item) => [item.ConfigValueID, item.Value]));

/**
 * System settings > General: the organisation's configuration by category (modules, sign-in security,
 * session). Each category is edited and saved on its own; a module the deployment has off is shown and
 * not sent. The server checks every value again (types, bounds, the deployment's switches).
 */
export function useGeneralSettings() {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [categories, setCategories] = useState<GeneralCategory[]>([]);

  useEffect(() => {
    let live = true;
    listOrgConfig().then(
      (items) => {
        if (!live) return;
        setCategories(
          ORG_CONFIG_CATEGORIES.map((category) => {
            const own = items.filter((item) => item.Category === category);
            return {
              category,
              items: own,
              values: valuesOf(own),
              dirty: false,
              saving: false,
              problem: null,
            };
          }).filter((entry) => entry.items.length > 0),
        );
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  const patch = (category: OrgConfigCategory, change: (entry: GeneralCategory) => Partial<GeneralCategory>) =>
    setCategories((current) =>
      current.map((entry) => (entry.category === category ? { ...entry, ...change(entry) } : entry)),
    );

  /** Changes one value of a category (not yet saved). */
  const edit = (category: OrgConfigCategory, key: string, value: OrgConfigValue) =>
    patch(category, (entry) => ({ values: { ...entry.values, [key]: value }, dirty: true, problem: null }));

  /** Saves a category's available values; answers whether it was saved. */
  const save = async (category: OrgConfigCategory): Promise<boolean> => {
    const entry = categories.find((candidate) => candidate.category === category);
    if (!entry) return false;
    const values = Object.fromEntries(
      entry.items
        .filter((item) => item.Available)
        .map((item) => [item.ConfigValueID, entry.values[item.ConfigValueID]]),
    );
    patch(category, () => ({ saving: true, problem: null }));
    try {
      const items = await saveOrgConfigCategory(category, values);
      patch(category, () => ({ items, values: valuesOf(items), dirty: false, saving: false }));
      return true;
    } catch (error) {
      patch(category, () => ({ saving: false, problem: problemOf(error) }));
      return false;
    }
  };

  return { status, categories, edit, save };
}
