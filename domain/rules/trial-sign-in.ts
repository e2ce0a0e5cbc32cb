import { DAY_MS } from '../constants';

/** How long an approved trial lasts unless the deployment says otherwise (TRIAL_DAYS). */
export const DEFAULT_TRIAL_DAYS = 14;
export const DEFAULT_TRIAL_PERIOD_MS = DEFAULT_TRIAL_DAYS * DAY_MS;

/** Where the portal's own demo site lives, relative to the portal (TRIAL_DEMO_URL replaces it). */
export const PORTAL_DEMO_SITE_PATH = 'demo-site';

/** What a trial organisation's end means now: none (not a trial organisation), running or over. */
export type TrialState = 'none' | 'running' | 'expired';

/**
 * The state of a trial from its organisation's end (null: the organisation is not a trial one), SPEC §4:
 * once it is over, the account cannot use the product until customer service opens authorisation.
 */
export function trialState(trialExpiresAt: number | null, now: number): TrialState {
  if (trialExpiresAt === null) return 'none';
  return now < trialExpiresAt ? 'running' : 'expired';
}
