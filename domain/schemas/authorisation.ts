import { z } from 'zod';
import { AUTHORISE_BATCH_MAX } from '../rules/authorisation';

const productCodeSchema = z.string().min(1).max(32);

/** One licensed product of the Authorisation screen: its seats (null: no limit) and how many are used. */
export const seatSchema = z.object({
  Code: z.string(),
  PlatformName: z.string(),
  Seats: z.number().nullable(),
  Used: z.number(),
});
export type Seat = z.infer<typeof seatSchema>;
/** GET /api/account/authorize: the organisation's licensed products with their seats. */
export const seatsSchema = z.array(seatSchema);

/**
 * POST /api/account/authorize: the picked members' licences become the chosen products (set), gain them
 * (add) or lose them (remove), all in one change or none.
 */
export const authorizeRequestSchema = z.object({
  IDs: z.array(z.number().int().positive()).max(AUTHORISE_BATCH_MAX, 'errors.authorize.tooMany'),
  Products: z.array(productCodeSchema).max(50),
  Mode: z.enum(['set', 'add', 'remove']).default('set'),
});
export type AuthorizeRequest = z.input<typeof authorizeRequestSchema>;

/** One product of the display settings: licensed or not, and shown on members' card homes or not. */
export const displayProductSchema = z.object({
  Code: z.string(),
  PlatformName: z.string(),
  IsAuthorized: z.boolean(),
  Shown: z.boolean(),
});
export type DisplayProduct = z.infer<typeof displayProductSchema>;
/** GET /api/account/authorize/display: every product of the suite, in display order. */
export const displaySettingsSchema = z.array(displayProductSchema);

/** PUT /api/account/authorize/display: the product codes shown on members' homes (the rest are hidden). */
export const displaySaveSchema = z.object({ Shown: z.array(productCodeSchema).max(50) });
export type DisplaySave = z.infer<typeof displaySaveSchema>;
