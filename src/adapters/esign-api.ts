import {
  type ConfigurationOptions,
  configurationOptionsSchema,
  type EsignInfo,
  esignInfoSchema,
  type EsignModify,
  type EsignSetting,
} from '../../domain/schemas/esign';
import { apiClient } from './api-client';

/** GET /api/Esign: the organisation's settings and how the signed-in member signs. */
export async function getEsign(): Promise<EsignInfo> {
  return esignInfoSchema.parse(await apiClient().get('/Esign', { silent: true }));
}

/** POST /api/esign/save (administrators): saves the settings whole; answers what is now in force. */
export async function saveEsignSettings(settings: EsignSetting): Promise<EsignInfo> {
  return esignInfoSchema.parse(await apiClient().post('/esign/save', settings, { silent: true }));
}

/** GET /api/configurations/Options/EsignPasswordStrength: the strengths, named in the interface language. */
export async function getEsignStrengthOptions(): Promise<ConfigurationOptions> {
  return configurationOptionsSchema.parse(
    await apiClient().get('/configurations/Options/EsignPasswordStrength', { silent: true }),
  );
}

/** POST /api/Esign/verifyLoginPassword/{id}: the member proves their login password before a change. */
export async function verifyEsignLoginPassword(accountId: number, loginPassword: string): Promise<void> {
  await apiClient().post(
    `/Esign/verifyLoginPassword/${accountId}`,
    { LoginPassword: loginPassword },
    { silent: true },
  );
}

/** POST /api/Esign/Modify/{id}: sets or changes the member's separate signature password. */
export async function modifyEsignPassword(accountId: number, request: EsignModify): Promise<EsignInfo> {
  return esignInfoSchema.parse(
    await apiClient().post(`/Esign/Modify/${accountId}`, request, { silent: true }),
  );
}

/** POST /api/EnableAssociatedLoginPassword/{id}: the member signs with their login password from now on. */
export async function signWithLoginPassword(accountId: number, loginPassword: string): Promise<EsignInfo> {
  return esignInfoSchema.parse(
    await apiClient().post(
      `/EnableAssociatedLoginPassword/${accountId}`,
      { LoginPassword: loginPassword },
      { silent: true },
    ),
  );
}
