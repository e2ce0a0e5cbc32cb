import {
  type Organization,
  type OrganizationProduct,
  type OrganizationUpdate,
  organizationAuthorizeInfoSchema,
  organizationSchema,
  type PlatformInfo,
  platformInfoSchema,
} from '../../domain/schemas/organization';
import { apiClient } from './api-client';

// The schemas come in statically: only the Organisation info page (its own lazy chunk) calls these.

/** GET /api/organization/my: the administrator's organisation. */
export async function getMyOrganization(): Promise<Organization> {
  return organizationSchema.parse(await apiClient().get('/organization/my', { silent: true }));
}

/** PUT /api/organization/{ID}: name, industry and contact. Silent: the page shows a refusal by the form. */
export async function updateOrganization(id: number, update: OrganizationUpdate): Promise<Organization> {
  return organizationSchema.parse(await apiClient().put(`/organization/${id}`, update, { silent: true }));
}

/** GET /api/organization/platformInfo: version, deployment and the organisation's size. */
export async function getPlatformInfo(): Promise<PlatformInfo> {
  return platformInfoSchema.parse(await apiClient().get('/organization/platformInfo', { silent: true }));
}

/** GET /api/organization/authorizeInfo: every product, licensed to the organisation or not. */
export async function getOrganizationProducts(): Promise<OrganizationProduct[]> {
  return organizationAuthorizeInfoSchema.parse(
    await apiClient().get('/organization/authorizeInfo', { silent: true }),
  );
}

/**
 * POST /api/organization/logo: the file's bytes as they are (the server checks its content, not its name
 * or type). Answers the new logo's URL. Silent: the page shows a refusal beside the upload.
 */
export async function uploadOrganizationLogo(file: Blob): Promise<string> {
  const body = new Blob([file], { type: 'application/octet-stream' });
  const data = (await apiClient().post('/organization/logo', body, { silent: true })) as { Logo?: unknown };
  if (typeof data?.Logo !== 'string') throw new TypeError('no logo URL in the answer');
  return data.Logo;
}
