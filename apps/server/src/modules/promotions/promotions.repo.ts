import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { promotions } from '../../db/schema';

export type PromotionRow = {
  name: string | null;
  description: string | null;
  image: string | null;
  type: string | null;
  url: string | null;
  productId: string | null;
};

export type NewPromotion = PromotionRow & {
  project: string;
  placement: string;
  sortOrder: number;
  active?: boolean;
};

export async function listActivePromotions(
  db: Executor,
  where: { project: string; placement: string },
): Promise<PromotionRow[]> {
  return db
    .select({
      name: promotions.name,
      description: promotions.description,
      image: promotions.image,
      type: promotions.type,
      url: promotions.url,
      productId: promotions.productId,
    })
    .from(promotions)
    .where(
      and(
        eq(promotions.project, where.project),
        eq(promotions.placement, where.placement),
        eq(promotions.active, true),
      ),
    )
    .orderBy(asc(promotions.sortOrder), asc(promotions.id));
}

export async function insertPromotions(db: Executor, rows: NewPromotion[]): Promise<void> {
  if (rows.length > 0) await db.insert(promotions).values(rows);
}
