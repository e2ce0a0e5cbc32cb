import { z } from 'zod';
import { languageSchema } from './common';

/**
 * The public documents (SPEC §1 Other features, §2 public routes): the user agreement, privacy policy,
 * disclaimer, third-party SDK list, app permission list, company introduction and contact page. Each is a
 * Markdown file per language an operator can replace (CONTENT_DIR).
 */
export const DOCUMENT_NAMES = [
  'agreement',
  'privacy',
  'disclaimer',
  'sdk',
  'appPermissions',
  'company',
  'contact',
] as const;
export type DocumentName = (typeof DOCUMENT_NAMES)[number];

/** Largest document file served: a longer one is an operator's mistake, refused rather than sent. */
export const DOCUMENT_MAX_BYTES = 256 * 1024;

/** GET /api/content/{page}/{lang}. */
export const documentParamsSchema = z.object({
  page: z.enum(DOCUMENT_NAMES),
  lang: languageSchema,
});

/** A document's text: Markdown (headings, paragraphs, lists, bold, links), never HTML. */
export const documentSchema = z.object({
  Page: z.enum(DOCUMENT_NAMES),
  Lang: languageSchema,
  Markdown: z.string(),
  /** When the file last changed (epoch ms), shown as the document's date. */
  UpdatedAt: z.number(),
});
export type DocumentContent = z.infer<typeof documentSchema>;
