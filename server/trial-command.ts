import type { Kysely } from 'kysely';
import type { Database } from './db/tables';
import { createRepositories } from './repositories';
import { approveTrialApplication, TrialApprovalError } from './services/trial-service';

/** The options of the trial commands, as node:util parseArgs returns them. */
export interface TrialCommandOptions {
  id?: string;
  status?: string;
}

/** parseArgs option types of the trial commands, merged into the CLI's own. */
export const TRIAL_COMMAND_OPTIONS = {
  id: { type: 'string' },
  status: { type: 'string' },
} as const;

/** The usage lines of the trial commands. */
export const TRIAL_COMMAND_USAGE = `  trial:list [--status pending|approved]     list trial applications, newest first (at most 200)
  trial:approve --id <n>                      turn an application into an organisation named after the
                                              company, its administrator the applicant's mobile number
                                              with a one-time password (printed once)`;

const LIST_LIMIT = 200;

/** `trial:list` and `trial:approve`: the operator's side of the trial form. Returns the lines to print. */
export async function runTrialCommand(
  db: Kysely<Database>,
  command: 'trial:list' | 'trial:approve',
  options: TrialCommandOptions,
  now: number,
): Promise<string[]> {
  if (command === 'trial:list') {
    const status = options.status ?? null;
    if (status !== null && status !== 'pending' && status !== 'approved') {
      throw new TrialApprovalError('--status takes pending or approved');
    }
    const rows = await createRepositories(db).trialApplications.list(status, LIST_LIMIT);
    if (rows.length === 0) return ['no trial applications'];
    return rows.map((row) =>
      [
        `#${row.id}`,
        new Date(Number(row.created_at)).toISOString(),
        row.status + (row.org_id === null ? '' : ` (organisation ${row.org_id})`),
        row.name,
        row.mobile,
        row.email,
        row.company,
        row.industry,
        row.product,
        JSON.stringify(row.message),
      ].join('\t'),
    );
  }
  const id = Number(options.id);
  if (!options.id || !Number.isInteger(id) || id <= 0)
    throw new TrialApprovalError('--id takes a positive id');
  const created = await approveTrialApplication(db, id, now);
  return [
    `trial application ${id} approved: organisation ${created.orgId} created`,
    `admin: ${created.account} password: ${created.password}`,
    'This one-time password is shown once; it must be changed at the first sign-in.',
  ];
}
