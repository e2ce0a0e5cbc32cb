import type { Kysely } from 'kysely';
import { renderLabelSvg } from '../../domain/labels/render-label';
import { logList, logMessage } from '../../domain/rules/operation-log-content';
import { labelTemplateProblem } from '../../domain/rules/label-templates';
import type { LabelRecord, LabelTemplateInput } from '../../domain/schemas/label-templates';
import { ApiError } from '../core/errors';
import type { Operator } from '../core/operator';
import type { Database } from '../db/tables';
import { labelLogoDataUrl } from '../files/label-logo';
import { readRepositories, type Repositories, withTransaction } from '../repositories';
import type { LabelTemplateFilter, StoredLabelTemplate } from '../repositories/label-templates-repository';

const MODULE = 'tagsDesign';

/** The numeric ids of the icons a template's image components refer to. */
function logoIdsOf(template: Pick<LabelTemplateInput, 'Components'>): number[] {
  const ids = template.Components.filter((c) => c.Kind === 'image' && c.LogoId).map((c) => Number(c.LogoId));
  return [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
}

/** The icons a template draws, by id as its components name them. */
async function logosOf(
  repos: Repositories,
  orgId: number,
  template: Pick<LabelTemplateInput, 'Components'>,
): Promise<Record<string, string>> {
  const logos = await repos.labelTemplates.logos(orgId, logoIdsOf(template));
  return Object.fromEntries([...logos].map(([id, dataUrl]) => [String(id), dataUrl]));
}

/**
 * Refuses a template that cannot be saved (SPEC §5), changing nothing: a repeated or out-of-label
 * component (400), stored data over the limit (413, 'The data is too large.'), an icon the organisation
 * does not have (400), a name another template of the organisation (or a system one) has (409).
 */
async function checkTemplate(
  repos: Repositories,
  orgId: number,
  template: LabelTemplateInput,
  exceptId?: number,
): Promise<void> {
  const problem = labelTemplateProblem(template);
  if (problem)
    throw new ApiError(problem.key === 'errors.labels.tooLarge' ? 413 : 400, problem.key, problem.params);
  const wanted = template.Components.filter((c) => c.Kind === 'image' && c.LogoId).map((c) => c.LogoId ?? '');
  const found = await logosOf(repos, orgId, template);
  const unknown = wanted.find((id) => !(id in found));
  if (unknown !== undefined) throw new ApiError(400, 'errors.labels.logoUnknown');
  if (await repos.labelTemplates.nameExists(orgId, template.Name, exceptId)) {
    throw new ApiError(409, 'errors.labels.nameRepeated');
  }
}

/** An organisation's own template for a change: 404 when it sees none, 403 for a system template. */
async function ownTemplate(repos: Repositories, orgId: number, id: number): Promise<StoredLabelTemplate> {
  const template = await repos.labelTemplates.find(orgId, id);
  if (!template) throw new ApiError(404, 'errors.labels.notFound');
  if (template.isSystem) throw new ApiError(403, 'errors.labels.systemReadOnly');
  return template;
}

/** A page of the templates an organisation sees, system ones first, then newest first. */
export function labelTemplatePage(
  db: Kysely<Database>,
  orgId: number,
  query: LabelTemplateFilter & { pageIndex: number; pageSize: number },
): Promise<{ total: number; rows: StoredLabelTemplate[] }> {
  return readRepositories(db).labelTemplates.page(orgId, query);
}

/** Every template an organisation sees that matches (the products' list), by name. */
export function labelTemplatesOf(
  db: Kysely<Database>,
  orgId: number,
  filter: LabelTemplateFilter,
): Promise<StoredLabelTemplate[]> {
  return readRepositories(db).labelTemplates.list(orgId, filter);
}

/** Whether a template the organisation sees, other than `exceptId`, has this name. */
export function labelTemplateNameTaken(
  db: Kysely<Database>,
  orgId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  return readRepositories(db).labelTemplates.nameExists(orgId, name, exceptId);
}

/** One template the organisation sees with the icons it draws (the designer's), 404 when it sees none. */
export async function labelTemplateWithLogos(
  db: Kysely<Database>,
  orgId: number,
  id: number,
): Promise<{ template: StoredLabelTemplate; logos: Record<string, string> }> {
  const repos = readRepositories(db);
  const template = await repos.labelTemplates.find(orgId, id);
  if (!template) throw new ApiError(404, 'errors.labels.notFound');
  return { template, logos: await logosOf(repos, orgId, template) };
}

/** Creates a template (enabled), with its operation-log row; answers its id. */
export function createLabelTemplate(
  db: Kysely<Database>,
  orgId: number,
  template: LabelTemplateInput,
  operator: Operator,
  now: number,
): Promise<number> {
  return withTransaction(db, async (repos) => {
    await checkTemplate(repos, orgId, template);
    const id = await repos.labelTemplates.insert(orgId, template, operator.name, now);
    await log(repos, orgId, operator, now, 'operationLog.content.labelTemplateCreated', template.Name.trim());
    return id;
  });
}

/** Replaces one of the organisation's own templates (never a system one), with its operation-log row. */
export function updateLabelTemplate(
  db: Kysely<Database>,
  orgId: number,
  id: number,
  template: LabelTemplateInput,
  operator: Operator,
  now: number,
): Promise<void> {
  return withTransaction(db, async (repos) => {
    await ownTemplate(repos, orgId, id);
    await checkTemplate(repos, orgId, template, id);
    await repos.labelTemplates.update(orgId, id, template, now);
    await log(repos, orgId, operator, now, 'operationLog.content.labelTemplateEdited', template.Name.trim());
  });
}

/** Turns one of the organisation's own templates on or off; products print only with enabled ones. */
export function enableLabelTemplate(
  db: Kysely<Database>,
  orgId: number,
  id: number,
  enabled: boolean,
  operator: Operator,
  now: number,
): Promise<void> {
  return withTransaction(db, async (repos) => {
    const template = await ownTemplate(repos, orgId, id);
    await repos.labelTemplates.setEnabled(orgId, id, enabled, now);
    const key = enabled ? 'labelTemplateEnabled' : 'labelTemplateDisabled';
    await log(repos, orgId, operator, now, `operationLog.content.${key}`, template.Name);
  });
}

/** Deletes templates of the organisation, all or none: one that is a system template or not found refuses all. */
export function deleteLabelTemplates(
  db: Kysely<Database>,
  orgId: number,
  ids: number[],
  operator: Operator,
  now: number,
): Promise<void> {
  return withTransaction(db, async (repos) => {
    const names: string[] = [];
    for (const id of new Set(ids)) names.push((await ownTemplate(repos, orgId, id)).Name);
    await repos.labelTemplates.delete(orgId, [...new Set(ids)]);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: MODULE,
      content: logMessage('operationLog.content.labelTemplatesDeleted', { names: logList(names) }),
      now,
    });
  });
}

/** Stores a label icon checked by content (an SVG sanitised), with its operation-log row. */
export function saveLabelLogo(
  db: Kysely<Database>,
  orgId: number,
  bytes: Buffer,
  operator: Operator,
  now: number,
): Promise<{ id: string; dataUrl: string }> {
  const checked = labelLogoDataUrl(bytes);
  if ('problem' in checked) {
    throw new ApiError(checked.problem.status, checked.problem.key, { max: '100KB', types: 'png, jpg, svg' });
  }
  return withTransaction(db, async (repos) => {
    const id = await repos.labelTemplates.insertLogo(orgId, checked.dataUrl, now);
    await log(repos, orgId, operator, now, 'operationLog.content.labelLogoUploaded', String(id));
    return { id: String(id), dataUrl: checked.dataUrl };
  });
}

/**
 * One SVG per record from an enabled template the organisation sees (SPEC §7, for the products): the
 * same renderer as the designer and the print page.
 */
export async function renderLabels(
  db: Kysely<Database>,
  orgId: number,
  id: number,
  records: LabelRecord[],
): Promise<string[]> {
  const repos = readRepositories(db);
  const template = await repos.labelTemplates.find(orgId, id);
  if (!template) throw new ApiError(404, 'errors.labels.notFound');
  if (!template.enabled) throw new ApiError(409, 'errors.labels.disabled');
  const logos = await logosOf(repos, orgId, template);
  return records.map((record) => renderLabelSvg(template, record, { logos }));
}

function log(
  repos: Repositories,
  orgId: number,
  operator: Operator,
  now: number,
  key:
    | 'operationLog.content.labelTemplateCreated'
    | 'operationLog.content.labelTemplateEdited'
    | 'operationLog.content.labelTemplateEnabled'
    | 'operationLog.content.labelTemplateDisabled'
    | 'operationLog.content.labelLogoUploaded',
  name: string,
): Promise<void> {
  return repos.operationLogs.insert({
    orgId,
    operatorId: operator.id,
    operatorName: operator.name,
    module: MODULE,
    content: logMessage(key, { name }),
    now,
  });
}
