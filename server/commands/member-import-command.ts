import fs from 'node:fs';
import type { MessageKey } from '../../domain/i18n';
import { finished } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { translate } from '../core/translate';
import { MEMBER_IMPORT_MAX_BYTES } from '../../domain/schemas/member-import';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { readRepositories } from '../repositories';
import { CLI_OPERATOR } from '../core/operator';
import { takePasswordFile, writePasswordWorkbook } from '../services/import-password-file';
import { importMembers } from '../services/member-import-service';
import { CommandError, defineCommand } from './command';

/**
 * `member:import`: the operator's twin of the Members screen's import, through the same service (every
 * row checked first, one transaction, one operation-log row by operator-cli). Returns the lines to print:
 * the count and the initial password, or throws with the problem list.
 */
export async function runMemberImportCommand(
  db: Kysely<Database>,
  options: { org?: string; file?: string; sso?: boolean; passwords?: string },
  now: number,
): Promise<string[]> {
  const orgId = Number(options.org);
  if (!Number.isInteger(orgId) || orgId <= 0) throw new CommandError('--org <id> is required');
  if (!options.file) throw new CommandError('--file <members.xlsx> is required');
  if (!options.sso && !options.passwords) {
    throw new CommandError('--passwords <new.xlsx> is required: the initial passwords go there');
  }
  if (options.passwords && fs.existsSync(options.passwords)) {
    throw new CommandError(`${options.passwords} exists; name a new file for the passwords`);
  }
  if (!(await readRepositories(db).organizations.findById(orgId))) {
    throw new CommandError(`No organisation ${orgId}`);
  }
  const size = fs.statSync(options.file).size;
  if (size > MEMBER_IMPORT_MAX_BYTES) {
    throw new CommandError(translate('en-US', 'errors.memberImport.tooLarge', { max: '10 MB' }));
  }
  const en = (key: MessageKey, params?: Record<string, string | number>) => translate('en-US', key, params);
  try {
    const report = await importMembers(
      { db, orgId, operator: CLI_OPERATOR, now },
      fs.readFileSync(options.file),
      {
        language: 'en-US',
        kind: options.sso ? 'sso' : 'members',
      },
    );
    if (report.ProblemCount > 0) {
      const lines = report.Problems.map(
        (problem) =>
          `row ${problem.Row}${problem.Column ? `, ${en(`memberImport.columns.${problem.Column}`)}` : ''}: ${en(problem.key, problem.params)}`,
      );
      const more = report.ProblemCount - report.Problems.length;
      if (more > 0) lines.push(en('memberImport.more', { count: more }));
      throw new CommandError([`${report.ProblemCount} problems; nothing was imported:`, ...lines].join('\n'));
    }
    if (options.sso || !options.passwords || !report.PasswordFile) {
      return [`${report.Imported} SSO accounts imported into organisation ${orgId}`];
    }
    const entries = await takePasswordFile(db, orgId, null, report.PasswordFile.ID, now);
    // A new file only its owner can read: the passwords never reach the terminal or a log.
    const output = fs.createWriteStream(options.passwords, { flags: 'wx', mode: 0o600 });
    await writePasswordWorkbook(entries, 'en-US', output);
    await finished(output);
    return [
      `${report.Imported} members imported into organisation ${orgId}`,
      `Each member's own initial password (changed at the first sign-in) is in ${options.passwords}`,
    ];
  } catch (error) {
    if (error instanceof ApiError) throw new CommandError(en(error.key, error.params));
    throw error;
  }
}

export const MEMBER_IMPORT_COMMANDS = [
  defineCommand({
    name: 'member:import',
    usage: `  member:import --org <id> --file <members.xlsx> (--passwords <new.xlsx> | --sso)
                                              import the members of a filled template (all rows or none;
                                              the problems listed by row otherwise); each member's own
                                              initial password is written to --passwords (a new file,
                                              readable by its owner only); --sso: SSO accounts keyed by
                                              an External ID column, without a password`,
    options: {
      org: { type: 'string' },
      file: { type: 'string' },
      sso: { type: 'boolean' },
      passwords: { type: 'string' },
    },
    run: ({ db, now }, { values }) => runMemberImportCommand(db, values, now),
  }),
];
