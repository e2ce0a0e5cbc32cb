import { z } from 'zod';
import { PRODUCT_CODES } from '../constants';
import { HELP_DOC_SEGMENT } from '../rules/help-docs';
import { languageSchema } from './common';

/**
 * Content of the portal around the products: the app download pages and product introductions (public,
 * SPEC §2) and each product's help documents (signed-in, authorised products only). Both are Markdown files
 * per language under CONTENT_DIR that an operator can replace, like the public documents.
 */

/** The app-download module's pages: the download hub, one page per app, and two product introductions. */
export const APP_PAGE_NAMES = [
  'app',
  'appCims',
  'appEdm',
  'appPm',
  'appMm',
  'appIm',
  'introCims',
  'introEdm',
] as const;
export type AppPageName = (typeof APP_PAGE_NAMES)[number];

/** GET /api/appContent/{page}/{lang}. */
export const appPageParamsSchema = z.object({ page: z.enum(APP_PAGE_NAMES), lang: languageSchema });

/**
 * An app page's text, and the download link its front matter names (`download: https://...` between `---`
 * lines at the top of the file), shown as a link and a QR code; null when the file names none.
 */
export const appPageSchema = z.object({
  Page: z.enum(APP_PAGE_NAMES),
  Lang: languageSchema,
  Markdown: z.string(),
  DownloadUrl: z.string().nullable(),
  UpdatedAt: z.number(),
});
export type AppPageContent = z.infer<typeof appPageSchema>;

const segment = z.string().regex(HELP_DOC_SEGMENT);

/** GET /api/helpDoc/{platform}/{a}/{b}/{lang}: the platform is a product code in lower case. */
export const helpDocParamsSchema = z.object({
  platform: z.enum(PRODUCT_CODES.map((code) => code.toLowerCase()) as [string, ...string[]]),
  a: segment,
  b: segment,
  lang: languageSchema,
});

/** A product's help document. */
export const helpDocSchema = z.object({
  Code: z.enum(PRODUCT_CODES),
  Markdown: z.string(),
  UpdatedAt: z.number(),
});
export type HelpDocContent = z.infer<typeof helpDocSchema>;
