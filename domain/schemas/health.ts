import { z } from 'zod';

/** GET /api/health: whether this instance and its database answer. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
