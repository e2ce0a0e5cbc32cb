import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import { DEFAULT_TRIAL_PERIOD_MS } from '../../domain/rules/trial-sign-in';
import { approveTrialApplication, extendTrial, TrialExtensionError } from '../services/trial-service';
import { CommandError, defineCommand } from './command';

/** The options of the trial commands, as node:util parseArgs returns them. */
export interface TrialCommandOptions {
  id?: string;
  status?: string;
  days?: string;
}

const LIST_LIMIT = 200;

/**
 * `trial:list`, `trial:approve` and `trial:extend`: the operator's side of the trial form and the trial
 * period (`trialPeriodMs`, TRIAL_DAYS). Returns the lines to print.
 */
export async function runTrialCommand(
  db: Kysely<Database>,
  command: 'trial:list' | 'trial:approve' | 'trial:extend',
  options: TrialCommandOptions,
  now: number,
  trialPeriodMs: number = DEFAULT_TRIAL_PERIOD_MS,
): Promise<string[]> {
  if (command === 'trial:list') {
    const status = options.status ?? null;
    if (status !== null && status !== 'pending' && status !== 'approved') {
      throw new CommandError('--status takes pending or approved');
    }
    const rows = await readRepositories(db).trialApplications.list(status, LIST_LIMIT);
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
  if (!options.id || !Number.isInteger(id) || id <= 0) throw new CommandError('--id takes a positive id');
  if (command === 'trial:extend') return runTrialExtension(db, id, options.days, now);
  const created = await approveTrialApplication(db, id, now, trialPeriodMs);
  return [
    `trial application ${id} approved: organisation ${created.orgId} created`,
    `trial sign-in (/trial) until ${new Date(created.trialEndsAt).toISOString()}`,
    `admin: ${created.account} password: ${created.password}`,
    'This one-time password is shown once; it must be changed at the first sign-in.',
  ];
}

/**
 * `trial:extend`: the approved application's organisation gets a trial that ends `days` days from now; 0
 * ends it at once (its trial sign-in then says the trial period is over).
 */
async function runTrialExtension(
  db: Kysely<Database>,
  id: number,
  daysText: string | undefined,
  now: number,
): Promise<string[]> {
  const days = Number(daysText);
  if (!daysText || !Number.isInteger(days) || days < 0 || days > 365) {
    throw new CommandError('--days takes a whole number of days from 0 (ends it now) to 365');
  }
  try {
    const { orgId, trialEndsAt } = await extendTrial({ db, now }, id, days);
    return [`organisation ${orgId}: trial sign-in (/trial) until ${new Date(trialEndsAt).toISOString()}`];
  } catch (error) {
    if (error instanceof TrialExtensionError) throw new CommandError(error.message);
    throw error;
  }
}

export const TRIAL_COMMANDS = [
  defineCommand({
    name: 'trial:list',
    usage: '  trial:list [--status pending|approved]     list trial applications, newest first (at most 200)',
    options: { status: { type: 'string' } },
    run: ({ db, now, config }, { values }) =>
      runTrialCommand(db, 'trial:list', values, now, config.trialPeriodMs),
  }),
  defineCommand({
    name: 'trial:approve',
    usage: `  trial:approve --id <n>                      turn an application into an organisation named after the
                                              company, its administrator the applicant's mobile number
                                              with a one-time password (printed once); its trial
                                              (sign-in at /trial with a code) ends after TRIAL_DAYS`,
    options: { id: { type: 'string' } },
    run: ({ db, now, config }, { values }) =>
      runTrialCommand(db, 'trial:approve', values, now, config.trialPeriodMs),
  }),
  defineCommand({
    name: 'trial:extend',
    usage: `  trial:extend --id <n> --days <d>            customer service opens the trial of an approved application
                                              again: it ends <d> days from now (0 ends it now)`,
    options: { id: { type: 'string' }, days: { type: 'string' } },
    run: ({ db, now, config }, { values }) =>
      runTrialCommand(db, 'trial:extend', values, now, config.trialPeriodMs),
  }),
];
