import { z } from 'zod';
import { MEMBER_BATCH_MAX } from '../rules/members';

/** Longest finding a product may name for one account (longer ones are cut), and how many per account. */
export const HANDOVER_FINDING_MAX_LENGTH = 200;
export const HANDOVER_FINDINGS_MAX = 20;

/**
 * What one product's handover check found:
 * - `none`: the product has no handover hook, so nothing to hand over there;
 * - `checked`: the hook answered; `Accounts` lists the members with something to hand over (maybe none);
 * - `failed`: the hook did not answer in time, answered an error or something unreadable: could not check.
 */
export const handoverStatusSchema = z.enum(['none', 'checked', 'failed']);
export type HandoverStatus = z.infer<typeof handoverStatusSchema>;

/**
 * Answer of POST /api/account/remove/check: per authorised product of the organisation, what its members
 * still hold there (e.g. 'owns 3 projects'), in the product's own words, before they are removed.
 */
export const memberHandoverSchema = z.object({
  Products: z.array(
    z.object({
      /** The product code (ELN, CIMS, ...). */
      Product: z.string(),
      Status: handoverStatusSchema,
      Accounts: z.array(z.object({ ID: z.number(), RealName: z.string(), Findings: z.array(z.string()) })),
    }),
  ),
});
export type MemberHandover = z.infer<typeof memberHandoverSchema>;

/** One finding from a product: trimmed, cut to HANDOVER_FINDING_MAX_LENGTH; an empty one is dropped. */
const findingSchema = z
  .string()
  .max(10_000)
  .transform((value) => value.trim().slice(0, HANDOVER_FINDING_MAX_LENGTH));

/**
 * What a product's handover hook answers (JSON, 2xx): for each account it was asked about that still holds
 * something, short texts naming it. Accounts it was not asked about are ignored; fields beyond these are
 * dropped.
 */
export const handoverHookAnswerSchema = z.object({
  accounts: z
    .array(
      z.object({
        id: z.number().int(),
        findings: z.array(findingSchema).max(HANDOVER_FINDINGS_MAX),
      }),
    )
    .max(MEMBER_BATCH_MAX),
});
export type HandoverHookAnswer = z.infer<typeof handoverHookAnswerSchema>;
