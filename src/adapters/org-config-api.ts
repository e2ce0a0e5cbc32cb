import type { OrgConfigCategory, OrgConfigValue } from '../../domain/rules/org-config';
import { type OrgConfigItem, orgConfigListSchema } from '../../domain/schemas/org-config';
import { apiClient } from './api-client';

/** POST /api/organizationConfig: the organisation's settings (administrators), every category. */
export async function listOrgConfig(): Promise<OrgConfigItem[]> {
  return orgConfigListSchema.parse(await apiClient().post('/organizationConfig', {}, { silent: true })).Items;
}

/**
 * POST /api/organizationConfig/categoryList/{id}: saves one category's values together; answers the
 * category as saved. A refusal is not toasted: the General tab shows it beside the field.
 */
export async function saveOrgConfigCategory(
  category: OrgConfigCategory,
  values: Record<string, OrgConfigValue>,
): Promise<OrgConfigItem[]> {
  const data = await apiClient().post(
    `/organizationConfig/categoryList/${category}`,
    { Values: values },
    { silent: true },
  );
  return orgConfigListSchema.parse(data).Items;
}
