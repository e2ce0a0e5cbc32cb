import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './db/tables';
import { handoverUrlProblem } from './integrations/handover-hook';
import { createRepositories } from './repositories';
import type { SecretBox } from './security/secret-box';
import { handoverSecretContext } from './services/member-handover-service';

/** The options of `platform:handover`, as node:util parseArgs returns them. */
export interface HandoverCommandOptions {
  platform?: string;
  url?: string;
  secret?: string;
  off?: boolean;
}

/** parseArgs option types of `platform:handover`, merged into the CLI's own (which has `--url`). */
export const HANDOVER_COMMAND_OPTIONS = {
  platform: { type: 'string' },
  secret: { type: 'string' },
  off: { type: 'boolean' },
} as const;

/** The usage lines of `platform:handover`. */
export const HANDOVER_COMMAND_USAGE = `  platform:handover --platform <code> [--url <http(s) URL> [--secret <secret>] | --off]
                                              show, set or remove a product's handover hook: before
                                              members are removed it is POSTed the accounts (signed with
                                              HMAC-SHA256 over the shared secret; one is generated and
                                              printed once when --secret is not given)`;

/** A refused `platform:handover`: nothing was changed. */
export class HandoverCommandError extends Error {}

/** Shortest shared secret the operator may choose. */
const SECRET_MIN_LENGTH = 16;

/**
 * `platform:handover`: shows a product's handover hook (never its secret), sets it (checking the URL:
 * http or https only, no credentials or fragment) or removes it. Returns the lines to print.
 */
export async function runHandoverCommand(
  db: Kysely<Database>,
  secrets: SecretBox,
  options: HandoverCommandOptions,
  now: number,
): Promise<string[]> {
  const code = options.platform?.trim().toUpperCase();
  if (!code) throw new HandoverCommandError('--platform <product code> is required');
  const repos = createRepositories(db);
  const [product] = await repos.products.findByCodes([code]);
  if (!product) throw new HandoverCommandError(`unknown product ${code}`);
  const productId = Number(product.id);
  if (options.off) {
    if (options.url !== undefined) throw new HandoverCommandError('--off takes no --url');
    const removed = await repos.memberHandover.remove(productId);
    return [removed ? `${code}: handover hook removed` : `${code}: had no handover hook`];
  }
  if (options.url === undefined) {
    if (options.secret !== undefined) throw new HandoverCommandError('--secret needs --url');
    const [hook] = await repos.memberHandover.findForProducts([productId]);
    return [hook ? `${code}: handover hook ${hook.url} (secret set)` : `${code}: no handover hook`];
  }
  const url = options.url.trim();
  const problem = handoverUrlProblem(url);
  if (problem) throw new HandoverCommandError(`--url: ${problem}`);
  if (options.secret !== undefined && options.secret.length < SECRET_MIN_LENGTH) {
    throw new HandoverCommandError(`--secret must be at least ${SECRET_MIN_LENGTH} characters`);
  }
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  await repos.memberHandover.save(
    productId,
    url,
    secrets.seal(secret, handoverSecretContext(productId)),
    now,
  );
  const lines = [`${code}: handover hook ${url}`];
  if (options.secret === undefined) {
    lines.push(
      `shared secret: ${secret}`,
      'This secret is shown once: give it to the product to check calls.',
    );
  }
  return lines;
}
