import {
  type InterfaceDetail,
  interfaceDetailSchema,
  type InterfacePage,
  type InterfacePageQuery,
  interfacePageSchema,
  interfacePlatformsSchema,
  type OpenDelay,
  openDelaySchema,
} from '../../domain/schemas/interface-monitor';
import { openWithdrawResultSchema } from '../../domain/schemas/open-sync';
import { apiClient } from './api-client';

// Only the interface monitor page (its own lazy chunk) calls these.

/** POST /api/Sdk/ucapi/page/interface: a keyset page of the organisation's open calls, newest first. */
export async function getInterfacePage(query: InterfacePageQuery): Promise<InterfacePage> {
  return interfacePageSchema.parse(await apiClient().post('/Sdk/ucapi/page/interface', query));
}

/** GET /api/Sdk/ucapi/interface?reqId=: one call with its request and response bodies. */
export async function getInterfaceDetail(reqId: string): Promise<InterfaceDetail> {
  return interfaceDetailSchema.parse(await apiClient().get('/Sdk/ucapi/interface', { query: { reqId } }));
}

/** GET /api/Sdk/ucapi/platform: the applications that have called, for the filter. */
export async function getInterfacePlatforms(): Promise<string[]> {
  return interfacePlatformsSchema.parse(await apiClient().get('/Sdk/ucapi/platform', { silent: true }));
}

/** POST /api/OrganizationOpenness/interface/withdrawn?reqId=: withdraws a queued call (nothing applied). */
export async function withdrawInterfaceCall(reqId: string): Promise<void> {
  openWithdrawResultSchema.parse(
    await apiClient().post('/OrganizationOpenness/interface/withdrawn', undefined, { query: { reqId } }),
  );
}

/** GET /api/OrganizationOpenness/openDelay: the hours open calls wait before they take effect. */
export async function getOpenDelay(): Promise<OpenDelay> {
  return openDelaySchema.parse(await apiClient().get('/OrganizationOpenness/openDelay', { silent: true }));
}

/** POST /api/OrganizationOpenness/openDelay: sets them (0: at once). */
export async function saveOpenDelay(hours: number): Promise<OpenDelay> {
  return openDelaySchema.parse(await apiClient().post('/OrganizationOpenness/openDelay', { hours }));
}
