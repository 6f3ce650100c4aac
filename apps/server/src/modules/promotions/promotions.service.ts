import { promotionSchema, type Promotion } from '@mergedesk/domain/api/promotions';
import type { Database } from '../../db/client';
import { listActivePromotions } from './promotions.repo';

/** Spec 000 §2 "Promotions": every field is a required string; invalid entries are dropped. */
export async function getPromotions(
  db: Database,
  where: { project: string; placement: string },
): Promise<Promotion[]> {
  const rows = await listActivePromotions(db, where);
  return rows.flatMap((row) => {
    const parsed = promotionSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}
