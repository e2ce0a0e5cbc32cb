import { z } from 'zod';

/** GET /api/health: this instance answers (always 200), and whether its database does. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['ok', 'down']),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
