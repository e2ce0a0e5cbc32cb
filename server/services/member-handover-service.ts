import { MINUTE_MS } from '../../domain/constants';
import { memberActionRefusal } from '../../domain/rules/members';
import type { MemberHandover } from '../../domain/schemas/member-handover';
import { ApiError } from '../core/errors';
import { callHandoverHook, type HandoverHookRequest } from '../integrations/handover-hook';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { readRepositories } from '../repositories';
import type { StoredHandoverHook } from '../repositories/member-handover-repository';
import type { SecretBox } from '../security/secret-box';
import type { ServiceContext } from './service-context';

/** How many handover checks an organisation may run a minute (each calls every product's hook). */
export const HANDOVER_CHECKS_PER_MINUTE = 30;

/** The sealing context of a product's hook secret: a sealed secret opens only in its own row. */
export const handoverSecretContext = (productId: number) => `product_handover_hooks:${productId}:secret`;

/** What a handover check needs. */
export interface HandoverDeps {
  db: Kysely<Database>;
  secrets: SecretBox;
  /** How long each product's hook may take (HANDOVER_TIMEOUT_MS). */
  timeoutMs: number;
  /** Logs why a hook could not be checked (never the secret or the answer's text). */
  onHookFailure?: (product: string, error: unknown) => void;
}

/**
 * The handover check before members are removed (SPEC §5): the same refusals as the removal (nobody
 * picked, yourself; another organisation's member is not found), then every product the organisation is
 * authorised for is asked, in parallel, through its handover hook what the members still hold there. A
 * product without a hook has nothing to hand over; one whose hook fails or times out is reported as not
 * checked, and the administrator may still remove. At most HANDOVER_CHECKS_PER_MINUTE per organisation.
 */
export async function checkMemberHandover(
  deps: HandoverDeps,
  orgId: number,
  operatorId: number,
  ids: number[],
  now: number,
): Promise<MemberHandover> {
  const refusal = memberActionRefusal('remove', operatorId, ids);
  if (refusal) throw new ApiError(refusal === 'errors.members.noneSelected' ? 400 : 409, refusal);
  const repos = readRepositories(deps.db);
  const unique = [...new Set(ids)];
  const members = await repos.members.findMembers(orgId, unique);
  if (members.length !== unique.length) throw new ApiError(404, 'errors.request.notFound');
  const counted = await repos.sendCounters.increment(`handover:org:${orgId}`, now, MINUTE_MS);
  if (counted > HANDOVER_CHECKS_PER_MINUTE) throw new ApiError(429, 'errors.request.tooFrequent');

  const [organization, products] = await Promise.all([
    repos.organizations.findById(orgId),
    repos.members.organizationProducts(orgId),
  ]);
  const hooks = await repos.memberHandover.findForProducts(products.map((product) => product.id));
  const request: HandoverHookRequest = {
    organization: { id: orgId, name: organization?.name ?? '' },
    accounts: members.map((member) => ({
      id: Number(member.id),
      name: member.real_name,
      mobile: member.mobile,
      email: member.email,
    })),
  };
  const names = new Map(request.accounts.map((account) => [account.id, account.name]));

  const ask = async (hook: StoredHandoverHook): Promise<MemberHandover['Products'][number]> => {
    try {
      const secret = deps.secrets.open(hook.secretSealed, handoverSecretContext(hook.productId));
      const answer = await callHandoverHook({ url: hook.url, secret }, request, {
        timeoutMs: deps.timeoutMs,
        now,
      });
      const accounts = answer.accounts
        .filter((account) => names.has(account.id))
        .map((account) => ({
          ID: account.id,
          RealName: names.get(account.id) ?? '',
          Findings: account.findings.filter(Boolean),
        }))
        .filter((account) => account.Findings.length > 0);
      return { Product: hook.code, Status: 'checked', Accounts: accounts };
    } catch (error) {
      deps.onHookFailure?.(hook.code, error);
      return { Product: hook.code, Status: 'failed', Accounts: [] };
    }
  };
  return {
    Products: await Promise.all(
      products.map((product) => {
        const hook = hooks.find((candidate) => candidate.productId === product.id);
        return hook ? ask(hook) : { Product: product.code, Status: 'none' as const, Accounts: [] };
      }),
    ),
  };
}

/** Sets a product's handover hook (the operator's platform:handover), its secret sealed to its own row. */
export async function saveHandoverHook(
  context: ServiceContext,
  secrets: SecretBox,
  hook: { productId: number; url: string; secret: string },
): Promise<void> {
  const { productId, url, secret } = hook;
  await readRepositories(context.db).memberHandover.save(
    productId,
    url,
    secrets.seal(secret, handoverSecretContext(productId)),
    context.now,
  );
}

/** Removes a product's handover hook; answers whether it had one. */
export async function removeHandoverHook(context: ServiceContext, productId: number): Promise<boolean> {
  return readRepositories(context.db).memberHandover.remove(productId);
}
