/** A background job's row (0040-scheduled-jobs): which instance runs it now, and when it last ran. */
export interface ScheduledJobsTable {
  name: string;
  /** The instance running it now, or '' between runs. */
  lease_owner: string;
  /** App-clock ms until which `lease_owner` holds it; a crashed instance's lease runs out. */
  lease_until: number;
  /** App-clock ms of the latest run's start (0: never). */
  last_run_at: number;
}
