import type { Executor } from '../../db/client';
import { pageViews, usageEvents } from '../../db/schema';

export async function insertUsageEvent(
  db: Executor,
  event: { userId: string; eventType: string; payload: Record<string, unknown> },
): Promise<void> {
  await db.insert(usageEvents).values(event);
}

export async function insertPageView(
  db: Executor,
  view: { userId: string; workspaceId: string | null; pagePath: string; payload: Record<string, unknown> },
): Promise<void> {
  await db.insert(pageViews).values(view);
}
