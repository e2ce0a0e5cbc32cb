import { z } from 'zod';
import {
  type LabelLogo,
  labelLogoSchema,
  type LabelTemplateDetail,
  labelTemplateDetailSchema,
  type LabelTemplateInput,
  labelTemplateNameAnswerSchema,
  type LabelTemplatePage,
  labelTemplatePageSchema,
} from '../../domain/schemas/label-templates';
import { apiClient } from './api-client';

const idAnswerSchema = z.object({ ID: z.string() });

/** POST /api/LabelTemplate/Page: a page of the organisation's and the system templates. */
export async function pageLabelTemplates(query: {
  pageIndex: number;
  pageSize: number;
  keyword?: string;
}): Promise<LabelTemplatePage> {
  return labelTemplatePageSchema.parse(await apiClient().post('/LabelTemplate/Page', query));
}

/** GET /api/LabelTemplate/{id}: a template with the icons it draws. */
export async function getLabelTemplate(id: string): Promise<LabelTemplateDetail> {
  return labelTemplateDetailSchema.parse(await apiClient().get(`/LabelTemplate/${id}`));
}

/** POST /api/LabelTemplate: answers the new template's id. */
export async function createLabelTemplate(template: LabelTemplateInput): Promise<string> {
  return idAnswerSchema.parse(await apiClient().post('/LabelTemplate', template)).ID;
}

/** PUT /api/LabelTemplate/{id}. */
export async function saveLabelTemplate(id: string, template: LabelTemplateInput): Promise<void> {
  idAnswerSchema.parse(await apiClient().put(`/LabelTemplate/${id}`, template));
}

/** GET /api/CheckLabelTemplateName: whether another template of the organisation has the name. */
export async function labelTemplateNameExists(name: string, id?: string): Promise<boolean> {
  const query: Record<string, string> = id ? { name, id } : { name };
  return labelTemplateNameAnswerSchema.parse(
    await apiClient().get('/CheckLabelTemplateName', { query, silent: true }),
  ).exists;
}

/** POST /api/EnableLabelTemplate. */
export async function enableLabelTemplate(id: string, enabled: boolean): Promise<void> {
  await apiClient().post('/EnableLabelTemplate', { id, enabled });
}

/** POST /api/LabelTemplate/delete. */
export async function deleteLabelTemplates(ids: string[]): Promise<void> {
  await apiClient().post('/LabelTemplate/delete', { ids });
}

/** POST /api/LabelTemplate/logo: the file's bytes as they are; the server checks the content. */
export async function uploadLabelLogo(file: Blob): Promise<LabelLogo> {
  const body = new Blob([file], { type: 'application/octet-stream' });
  return labelLogoSchema.parse(await apiClient().post('/LabelTemplate/logo', body));
}
