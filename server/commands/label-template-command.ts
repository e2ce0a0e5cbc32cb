import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { labelTemplateInputSchema } from '../../domain/schemas/label-templates';
import { ApiError } from '../core/errors';
import { CLI_OPERATOR } from '../core/operator';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import {
  createLabelTemplate,
  deleteLabelTemplates,
  enableLabelTemplate,
  updateLabelTemplate,
} from '../services/label-templates-service';
import { defineCommand, listOption, unchanged } from './command';

/** The options of `org:label-templates`, as node:util parseArgs returns them. */
export interface LabelTemplateCommandOptions {
  org?: string;
  create?: string;
  update?: string;
  file?: string;
  enable?: string;
  disable?: string;
  delete?: string;
}

const idOf = (value: string, name: string) => {
  if (!/^\d{1,15}$/.test(value)) throw unchanged(`--${name} takes a template id`);
  return Number(value);
};

/** A template from a JSON file, checked by the screen's schema. */
async function templateFrom(path: string) {
  const parsed = labelTemplateInputSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw unchanged(`${path}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/**
 * Runs `org:label-templates`: creates a template from a JSON file, replaces one, enables, disables or
 * deletes templates, through the same service and checks as the screens (operation-log rows by
 * operator-cli), then lists the templates the organisation sees.
 */
export async function runLabelTemplateCommand(
  db: Kysely<Database>,
  options: LabelTemplateCommandOptions,
  now: number,
): Promise<string[]> {
  const orgId = Number(options.org);
  if (!options.org || !Number.isInteger(orgId) || orgId <= 0)
    throw unchanged('--org must be an organisation id');
  const repos = readRepositories(db);
  if (!(await repos.organizations.findById(orgId))) throw unchanged(`No organisation with id ${orgId}`);
  const lines: string[] = [];
  try {
    if (options.create) {
      const id = await createLabelTemplate(db, orgId, await templateFrom(options.create), CLI_OPERATOR, now);
      lines.push(`label template ${id} created`);
    }
    if (options.update) {
      const id = idOf(options.update, 'update');
      if (!options.file) throw unchanged('--update needs --file <template JSON>');
      await updateLabelTemplate(db, orgId, id, await templateFrom(options.file), CLI_OPERATOR, now);
    }
    if (options.enable)
      await enableLabelTemplate(db, orgId, idOf(options.enable, 'enable'), true, CLI_OPERATOR, now);
    if (options.disable) {
      await enableLabelTemplate(db, orgId, idOf(options.disable, 'disable'), false, CLI_OPERATOR, now);
    }
    if (options.delete) {
      const ids = listOption(options.delete).map((id) => idOf(id, 'delete'));
      await deleteLabelTemplates(db, orgId, ids, CLI_OPERATOR, now);
    }
  } catch (error) {
    if (error instanceof ApiError) throw unchanged(error.key);
    throw error;
  }
  const templates = await repos.labelTemplates.list(orgId, {});
  return [
    ...lines,
    `label templates of organisation ${orgId}:`,
    ...templates.map(
      (t) =>
        `  ${t.id}  ${t.Name}  ${t.Type}  ${t.Width} × ${t.Height} mm  ${t.enabled ? 'enabled' : 'disabled'}` +
        `${t.isSystem ? '  system' : ''}  ${t.Components.length} components`,
    ),
  ];
}

export const LABEL_TEMPLATE_COMMANDS = [
  defineCommand({
    name: 'org:label-templates',
    usage: `  org:label-templates --org <id> [--create <template JSON file>] [--update <id> --file <JSON file>]
               [--enable <id>] [--disable <id>] [--delete <id,id>]
                                              show or change the organisation's label templates`,
    options: {
      org: { type: 'string' },
      create: { type: 'string' },
      update: { type: 'string' },
      file: { type: 'string' },
      enable: { type: 'string' },
      disable: { type: 'string' },
      delete: { type: 'string' },
    },
    run: ({ db, now }, { values }) => runLabelTemplateCommand(db, values, now),
  }),
];
