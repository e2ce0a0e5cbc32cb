import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { handoverUrlProblem } from '../integrations/handover-hook';
import { readRepositories } from '../repositories';
import { lazySecretBox, type SecretBox } from '../security/secret-box';
import { removeHandoverHook, saveHandoverHook } from '../services/member-handover-service';
import { defineCommand, unchanged } from './command';

/** The options of `platform:handover`, as node:util parseArgs returns them. */
export interface HandoverCommandOptions {
  platform?: string;
  url?: string;
  secret?: string;
  off?: boolean;
}

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
  if (!code) throw unchanged('--platform <product code> is required');
  const repos = readRepositories(db);
  const [product] = await repos.products.findByCodes([code]);
  if (!product) throw unchanged(`unknown product ${code}`);
  const productId = Number(product.id);
  if (options.off) {
    if (options.url !== undefined) throw unchanged('--off takes no --url');
    const removed = await removeHandoverHook({ db, now }, productId);
    return [removed ? `${code}: handover hook removed` : `${code}: had no handover hook`];
  }
  if (options.url === undefined) {
    if (options.secret !== undefined) throw unchanged('--secret needs --url');
    const [hook] = await repos.memberHandover.findForProducts([productId]);
    return [hook ? `${code}: handover hook ${hook.url} (secret set)` : `${code}: no handover hook`];
  }
  const url = options.url.trim();
  const problem = handoverUrlProblem(url);
  if (problem) throw unchanged(`--url: ${problem}`);
  if (options.secret !== undefined && options.secret.length < SECRET_MIN_LENGTH) {
    throw unchanged(`--secret must be at least ${SECRET_MIN_LENGTH} characters`);
  }
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  await saveHandoverHook({ db, now }, secrets, { productId, url, secret });
  const lines = [`${code}: handover hook ${url}`];
  if (options.secret === undefined) {
    lines.push(
      `shared secret: ${secret}`,
      'This secret is shown once: give it to the product to check calls.',
    );
  }
  return lines;
}

export const HANDOVER_COMMANDS = [
  defineCommand({
    name: 'platform:handover',
    usage: `  platform:handover --platform <code> [--url <http(s) URL> [--secret <secret>] | --off]
                                              show, set or remove a product's handover hook: before
                                              members are removed it is POSTed the accounts (signed with
                                              HMAC-SHA256 over the shared secret; one is generated and
                                              printed once when --secret is not given)`,
    options: {
      platform: { type: 'string' },
      url: { type: 'string' },
      secret: { type: 'string' },
      off: { type: 'boolean' },
    },
    run: ({ db, config, now }, { values }) => runHandoverCommand(db, lazySecretBox(config), values, now),
  }),
];
