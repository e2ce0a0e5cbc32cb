import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { watermarkSettingSchema, type WatermarkSetting } from '../../domain/schemas/watermark';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import { CLI_OPERATOR } from '../core/operator';
import { updateWatermark, WatermarkError } from '../services/watermark-service';
import { defineCommand, existingOrganization, unchanged } from './command';

/** The options of `org:watermark`, as node:util parseArgs returns them (org, switch, products shared). */
export interface WatermarkCommandOptions {
  org?: string;
  switch?: string;
  text?: string;
  contents?: string;
  wrap?: string;
  image?: string;
  density?: string;
  size?: string;
  depth?: string;
  display?: string;
  products?: string;
}

const list = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
const onOff = (value: string | undefined, name: string): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value !== 'on' && value !== 'off') throw unchanged(`--${name} takes on or off`);
  return value === 'on';
};

async function imageOf(path: string | undefined, current: string): Promise<string> {
  if (path === undefined) return current;
  if (path === '') return '';
  const bytes = await readFile(path);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

/**
 * Runs `org:watermark`: the settings given replace those in force (the others stay), checked by the same
 * schema and service as the screen (the picture by content, the operation-log row by operator-cli), then
 * prints the watermark in force.
 */
export async function runWatermarkCommand(
  db: Kysely<Database>,
  options: WatermarkCommandOptions,
  now: number,
): Promise<string[]> {
  const orgId = await existingOrganization(db, options.org);
  const repos = readRepositories(db);
  const current = await repos.watermark.find(orgId);
  const s = current.settings;
  const candidate = {
    Text: options.text ?? s.Text,
    Contents: options.contents === undefined ? s.Contents : list(options.contents),
    Wrap: onOff(options.wrap, 'wrap') ?? s.Wrap,
    Image: await imageOf(options.image, s.Image),
    Density: options.density ?? s.Density,
    Size: options.size === undefined ? s.Size : Number(options.size),
    Depth: options.depth === undefined ? s.Depth : Number(options.depth),
    DisplayType: options.display ?? s.DisplayType,
    Products: options.products === undefined ? s.Products : list(options.products),
  };
  const parsed = watermarkSettingSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw unchanged(`--${String(issue?.path[0] ?? '').toLowerCase()}: ${issue?.message ?? 'invalid'}`);
  }
  const settingsChanged = JSON.stringify(parsed.data) !== JSON.stringify(s);
  const enabled = onOff(options.switch, 'switch');
  if (settingsChanged || enabled !== undefined) {
    try {
      await updateWatermark(
        { db, orgId, operator: CLI_OPERATOR, now },
        {
          ...(settingsChanged ? { settings: parsed.data as WatermarkSetting } : {}),
          ...(enabled === undefined ? {} : { enabled }),
        },
      );
    } catch (error) {
      if (error instanceof WatermarkError) throw unchanged(`--image: ${error.key}`);
      throw error;
    }
  }
  const saved = await repos.watermark.find(orgId);
  const w = saved.settings;
  return [
    `watermark of organisation ${orgId}: ${saved.enabled ? 'on' : 'off'}`,
    `  text ${JSON.stringify(w.Text)}; contents ${w.Contents.join(',') || 'none'}; wrap ${w.Wrap ? 'on' : 'off'}`,
    `  picture ${w.Image ? 'yes' : 'none'}; density ${w.Density}; size ${w.Size}; depth ${w.Depth}%; ${w.DisplayType}`,
    `  products ${w.Products.join(',') || 'all'}`,
  ];
}

export const WATERMARK_COMMANDS = [
  defineCommand({
    name: 'org:watermark',
    usage: `  org:watermark --org <id> [--switch on|off] [--text <text>]
               [--contents name,email,account,mobileLast4,organization,time,logo] [--wrap on|off]
               [--image <png or jpg file, at most 50KB> | --image ""] [--density sparse|standard|dense]
               [--size 12-48] [--depth 5-60] [--display centered|tile] [--products ELN,PM,... | --products ""]
                                              show or change the organisation's watermark`,
    options: {
      org: { type: 'string' },
      switch: { type: 'string' },
      text: { type: 'string' },
      contents: { type: 'string' },
      wrap: { type: 'string' },
      image: { type: 'string' },
      density: { type: 'string' },
      size: { type: 'string' },
      depth: { type: 'string' },
      display: { type: 'string' },
      products: { type: 'string' },
    },
    run: ({ db, now }, { values }) => runWatermarkCommand(db, values, now),
  }),
];
