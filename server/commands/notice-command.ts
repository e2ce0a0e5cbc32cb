import type { Kysely } from 'kysely';
import {
  cleanNoticeText,
  type NoticeDraft,
  noticeDraftProblems,
  NOTICE_TYPES,
} from '../../domain/rules/notices';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import type { NoticeRow } from '../repositories/notices-repository';
import { CLI_OPERATOR } from '../core/operator';
import { endNotice, postNotice } from '../services/notices-service';
import { defineCommand, unchanged } from './command';

/** The options of the notice commands, as node:util parseArgs returns them (org shared with the CLI). */
export interface NoticeCommandOptions {
  org?: string;
  type?: string;
  title?: string;
  detail?: string;
  'en-detail'?: string;
  link?: string;
  begin?: string;
  end?: string;
  all?: boolean;
}

/** A time given as epoch ms or an ISO 8601 date-time (a date alone is midnight UTC). */
export function parseNoticeTime(value: string, name: string): number {
  const text = value.trim();
  const ms = /^\d{10,15}$/.test(text) ? Number(text) : Date.parse(text);
  if (!Number.isFinite(ms)) {
    throw unchanged(`--${name} must be an ISO 8601 time (2026-12-01T08:00Z) or epoch ms`);
  }
  return ms;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/:\d\d\.\d{3}Z$/, 'Z');

function line(row: NoticeRow, now: number): string {
  const status = now < Number(row.begin_at) ? 'scheduled' : now < Number(row.end_at) ? 'live' : 'ended';
  const scope = row.org_id === null ? 'everyone' : `organisation ${row.org_id}`;
  return [
    row.id,
    row.notice_type,
    status,
    `${iso(Number(row.begin_at))} .. ${iso(Number(row.end_at))}`,
    scope,
    JSON.stringify(row.title),
  ].join('\t');
}

async function create(db: Kysely<Database>, options: NoticeCommandOptions, now: number): Promise<string[]> {
  const type = NOTICE_TYPES.find((known) => known === options.type);
  if (!type) throw unchanged(`--type takes ${NOTICE_TYPES.join(' or ')}`);
  if (options.end === undefined) throw unchanged('--end is required');
  let orgId: number | null = null;
  if (options.org !== undefined) {
    orgId = Number(options.org);
    if (!Number.isInteger(orgId) || orgId <= 0) throw unchanged('--org must be an organisation id');
    if (!(await readRepositories(db).organizations.findById(orgId))) {
      throw unchanged(`No organisation with id ${orgId}`);
    }
  }
  const draft: NoticeDraft = {
    NoticeType: type,
    Title: cleanNoticeText(options.title ?? ''),
    Detail: cleanNoticeText(options.detail ?? ''),
    EnDetail: cleanNoticeText(options['en-detail'] ?? ''),
    Link: (options.link ?? '').trim(),
    BeginTime: options.begin === undefined ? now : parseNoticeTime(options.begin, 'begin'),
    EndTime: parseNoticeTime(options.end, 'end'),
  };
  const problems = Object.entries(noticeDraftProblems(draft));
  if (problems.length > 0) {
    throw unchanged(problems.map(([field, key]) => `--${field.toLowerCase()}: ${key}`).join('; '));
  }
  const id = await postNotice({ db, orgId, operator: CLI_OPERATOR, now }, draft);
  const saved = await readRepositories(db).notices.findById(id);
  return [`notice ${id} created`, ...(saved ? [line(saved, now)] : [])];
}

/**
 * Runs `notice:create`, `notice:list` or `notice:end`: the operator's notices to every organisation (or,
 * with --org, to one, logged in its operation log by operator-cli), checked by the same rules as the
 * administrators' screen.
 */
export async function runNoticeCommand(
  db: Kysely<Database>,
  command: 'notice:create' | 'notice:list' | 'notice:end',
  positional: string | undefined,
  options: NoticeCommandOptions,
  now: number,
): Promise<string[]> {
  if (command === 'notice:create') return create(db, options, now);
  if (command === 'notice:list') {
    const rows = await readRepositories(db).notices.listForOperator(options.all === true, 200);
    if (rows.length === 0) return ['no notices'];
    return ['id\ttype\tstatus\tshown (UTC)\tto\ttitle', ...rows.map((row) => line(row, now))];
  }
  const id = Number(positional);
  if (!positional || !Number.isInteger(id) || id <= 0) throw unchanged('name the notice by its id');
  const before = await readRepositories(db).notices.findById(id);
  if (!before) throw unchanged(`No notice with id ${id}`);
  if (Number(before.end_at) <= now) return [`notice ${id} had already ended`, line(before, now)];
  const ended = await endNotice(db, null, id, CLI_OPERATOR, now);
  return [`notice ${id} ended`, ...(ended ? [line(ended, now)] : [])];
}

export const NOTICE_COMMANDS = [
  defineCommand({
    name: 'notice:create',
    usage: `  notice:create --type announcement|survey --title <text> [--detail <Chinese text>] [--en-detail <text>]
               [--link <https survey address>] [--begin <time>] --end <time> [--org <id>]
                                              post a notice to every organisation (or to one with --org);
                                              times are ISO 8601 (2026-12-01T08:00Z) or epoch ms; begin: now`,
    options: {
      org: { type: 'string' },
      type: { type: 'string' },
      title: { type: 'string' },
      detail: { type: 'string' },
      'en-detail': { type: 'string' },
      link: { type: 'string' },
      begin: { type: 'string' },
      end: { type: 'string' },
    },
    run: ({ db, now }, { values }) => runNoticeCommand(db, 'notice:create', undefined, values, now),
  }),
  defineCommand({
    name: 'notice:list',
    usage:
      "  notice:list  [--all]                        the operator's notices (--all: every organisation's too)",
    options: { all: { type: 'boolean' } },
    run: ({ db, now }, { values }) => runNoticeCommand(db, 'notice:list', undefined, values, now),
  }),
  defineCommand({
    name: 'notice:end',
    usage: '  notice:end <id>                             end a notice now',
    options: {},
    argument: '<id>',
    run: ({ db, now }, { positionals }) => runNoticeCommand(db, 'notice:end', positionals[0], {}, now),
  }),
];
