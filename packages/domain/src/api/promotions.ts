import { z } from 'zod';
import { clientText } from '../text/client-text';

/** A sidebar promotion (spec 000 §2): every field is a required string; invalid entries are dropped. */
export const promotionSchema = z.object({
  name: z.string().min(1),
  description: z.string().min(1),
  image: z.string().min(1),
  type: z.string().min(1),
  url: z.string().min(1),
  productId: z.string().min(1),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionsQuerySchema = z.object({
  project: clientText().min(1).max(100),
  placement: clientText().min(1).max(100),
});
export const promotionsResponseSchema = z.object({ items: z.array(promotionSchema) });
