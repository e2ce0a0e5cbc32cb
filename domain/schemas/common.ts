import { z } from 'zod';
import { LANGUAGES, UI_VERSIONS } from '../constants';

/** The failure part of an envelope: a stable i18n key and its interpolation values. */
export const apiErrorSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Every API answer: `code` 100 with `data` on success, otherwise the HTTP status and `error`. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), message: z.string(), data });
}

export const failureEnvelopeSchema = z.object({
  code: z.number(),
  message: z.string(),
  error: apiErrorSchema,
});
export type FailureEnvelope = z.infer<typeof failureEnvelopeSchema>;

/** Success without a payload. */
export const emptyDataSchema = z.null();

export const languageSchema = z.enum(LANGUAGES);
export const uiVersionSchema = z.enum(UI_VERSIONS);

/** Numeric path id such as /account/basic/{id}. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
