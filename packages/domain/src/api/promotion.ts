// One promotion, in zod/mini and without the promotions query schema (api/promotions re-exports
// it): the web app parses promotions with it, and its bundle carries zod/mini only.
import { z } from 'zod/mini';

/** A sidebar promotion (spec 000 §2): every field is a required string; invalid entries are dropped. */
export const promotionSchema = z.object({
  name: z.string().check(z.minLength(1)),
  description: z.string().check(z.minLength(1)),
  image: z.string().check(z.minLength(1)),
  type: z.string().check(z.minLength(1)),
  url: z.string().check(z.minLength(1)),
  productId: z.string().check(z.minLength(1)),
});
export type Promotion = z.infer<typeof promotionSchema>;
