import type { UsageEvent } from '@mergedesk/domain/api/events';
import type { Database, Executor } from '../../db/client';
import type { SpaceMembership } from '../../lib/access';
import type { UserRecord } from '../../db/records';
import { insertPageView, insertUsageEvent } from './events.repo';

/** Appends a usage event (spec 000 §7, 002 §7 "Other"), inside the caller's transaction when given one. */
export function logUsageEvent(
  db: Executor,
  event: { userId: string; eventType: string; payload: Record<string, unknown> },
): Promise<void> {
  return insertUsageEvent(db, event);
}

/**
 * Spec 000 §7: usage events ("cloud logging function") and page views, append-only. A page view
 * names its space only when the caller belongs to it (`membership`, resolved by the route's space
 * access), so nobody can attribute traffic to another space.
 */
export async function recordEvent(
  db: Database,
  caller: UserRecord,
  membership: SpaceMembership | null,
  event: UsageEvent,
): Promise<void> {
  if (event.event_type !== 'page_view') {
    await insertUsageEvent(db, { userId: caller.id, eventType: event.event_type, payload: event });
    return;
  }
  await insertPageView(db, {
    userId: caller.id,
    workspaceId: membership ? membership.workspace.id : null,
    pagePath: event.page_path ?? '',
    payload: event,
  });
}
