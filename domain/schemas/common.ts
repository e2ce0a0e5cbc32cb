import { z } from 'zod';
import { LANGUAGES, UI_VERSIONS } from '../constants';
import type { ErrorKey } from '../i18n';

/**
 * An error key of the catalogue. Typed from the zh-CN catalogue; at run time only its shape is checked, so
 * parsing an answer does not need the catalogue loaded.
 */
export const errorKeySchema = z.custom<ErrorKey>(
  (value) => typeof value === 'string' && /^errors\.[\w.]+$/.test(value),
  'not an error key',
);

/** The failure part of an envelope: a stable i18n key and its interpolation values. */
export const apiErrorSchema = z.object({
  key: errorKeySchema,
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/**
 * Every API answer: `code` 100 with `data` on success, otherwise the HTTP status and `error`. `data` may be
 * a zod or a zod/mini schema (client-config.ts is mini, for the client's first paint).
 */
export function envelopeSchema<T extends z.core.$ZodType>(data: T) {
  return z.object({ code: z.number(), message: z.string(), data });
}

/** Every failed API answer: `code` is the HTTP status, `message` is localised, `error` is for the client. */
export const failureEnvelopeSchema = z.object({
  code: z.number(),
  message: z.string(),
  error: apiErrorSchema,
});
export type FailureEnvelope = z.infer<typeof failureEnvelopeSchema>;

/** HTTP statuses an API failure may have (DESIGN §4). */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/**
 * A route's response schemas: its success answers plus the failure envelope for each status the route
 * may answer, e.g. `withFailures({ 200: envelopeSchema(x) }, [400, 401, 500])`.
 */
export function withFailures<S extends Record<number, z.ZodType>, const F extends FailureStatus>(
  success: S,
  statuses: readonly F[],
): S & Record<F, typeof failureEnvelopeSchema> {
  const failures = Object.fromEntries(statuses.map((status) => [status, failureEnvelopeSchema]));
  return { ...success, ...failures } as S & Record<F, typeof failureEnvelopeSchema>;
}

/** Success without a payload. */
export const emptyDataSchema = z.null();

export const languageSchema = z.enum(LANGUAGES);

/**
 * The language picked on the login page, sent with every kind of sign-in (password, directory, chat host,
 * the security verification's code, trial): it becomes the account's language. Absent when nobody picked one.
 */
export const signInLanguageSchema = languageSchema.optional();
export const uiVersionSchema = z.enum(UI_VERSIONS);

/** Whether typed text is empty or holds more than spaces (SPEC §5: text must not be all spaces). */
const notOnlySpaces = (value: string) => value === '' || value.trim() !== '';

/**
 * Text a person may leave empty (a description, a label): refused when it is only spaces
 * (`errors.validation.allSpaces`, SPEC §5), then trimmed and refused over `max` characters.
 * Every free-text field of a request uses this or requiredText; passwords do neither (spaces count).
 */
export function optionalText(max: number, tooLong: ErrorKey = 'errors.validation.tooLong') {
  return z.string().refine(notOnlySpaces, 'errors.validation.allSpaces').trim().max(max, tooLong);
}

/**
 * Text a person must fill in (a name, an address): refused when missing or empty (`required`), when it
 * is only spaces (`errors.validation.allSpaces`, SPEC §5), or over `max` characters once trimmed.
 */
export function requiredText(
  max: number,
  { required = 'errors.validation.required', tooLong = 'errors.validation.tooLong' }: TextKeys = {},
) {
  return z
    .string(required)
    .refine(notOnlySpaces, 'errors.validation.allSpaces')
    .trim()
    .min(1, required)
    .max(max, tooLong);
}

/** The error keys a required text names: empty or missing, and too long. */
export interface TextKeys {
  required?: ErrorKey;
  tooLong?: ErrorKey;
}

/** Numeric path id such as /account/basic/{id}. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
