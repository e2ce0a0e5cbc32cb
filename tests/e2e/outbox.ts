import { expect } from 'vitest';
import type { ServerProcess } from '../helpers/server-process';

/** The code the development outbox printed for `recipient` after line `since` of the server's output. */
export async function codeFromOutbox(
  server: ServerProcess,
  recipient: string,
  since: number,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const line = server.output.slice(since).find((entry) => entry.endsWith(` for ${recipient}`));
      code = line ? /^dev outbox: code (\d{6}) for /.exec(line)?.[1] : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}
