import { z } from 'zod';

/** SPEC §3 authorised platform (a product of the suite), as GET /api/Account/AuthorizeInfo lists it. */
export const authorizedProductSchema = z.object({
  ID: z.number(),
  Code: z.string(),
  PlatformName: z.string(),
  Introduction: z.string(),
  IsAuthorized: z.boolean(),
  WebUrl: z.string(),
});
export type AuthorizedProduct = z.infer<typeof authorizedProductSchema>;
export const authorizeInfoSchema = z.array(authorizedProductSchema);

export const authorizeInfoQuerySchema = z.object({
  showUnAuthorized: z.enum(['true', 'false']).default('false'),
});

/** GET /api/Platform/WebUrls: where each product lives. */
export const webUrlSchema = z.object({ Code: z.string(), PlatformName: z.string(), WebUrl: z.string() });
export const webUrlsSchema = z.array(webUrlSchema);
export const webUrlsQuerySchema = z.object({ isAll: z.enum(['true', 'false']).default('false') });
