/** Who made a change, as the operation log records it: an administrator, or `operator-cli` on the server. */
export interface Operator {
  id: number | null;
  name: string;
}

/** The operator of commands run on the server with `npm run cli`. */
export const CLI_OPERATOR: Operator = { id: null, name: 'operator-cli' };
