import { z } from 'zod';
import { clientText } from '../text/client-text';
import { promotionSchema } from './promotion';

export { promotionSchema, type Promotion } from './promotion';

export const promotionsQuerySchema = z.object({
  project: clientText().min(1).max(100),
  placement: clientText().min(1).max(100),
});
export const promotionsResponseSchema = z.object({ items: z.array(promotionSchema) });
