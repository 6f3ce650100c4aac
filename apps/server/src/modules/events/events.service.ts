import type { UsageEvent } from '@mergedesk/domain/api/events';
import type { Database } from '../../db/client';
import type { SpaceMembership } from '../../lib/access';
import type { UserRecord } from '../users/users.repo';
import { insertPageView, insertUsageEvent } from './events.repo';

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
