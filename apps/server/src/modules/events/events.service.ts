import type { UsageEvent } from '@mergedesk/domain/api/events';
import type { Database } from '../../db/client';
import type { UserRecord } from '../users/users.repo';
import { findMembership } from '../workspaces/workspaces.repo';
import { insertPageView, insertUsageEvent } from './events.repo';

/**
 * Spec 000 §7: usage events ("cloud logging function") and page views, append-only. A page view
 * names its space only when the caller belongs to it, so nobody can attribute traffic to
 * another space.
 */
export async function recordEvent(db: Database, caller: UserRecord, event: UsageEvent): Promise<void> {
  if (event.event_type !== 'page_view') {
    await insertUsageEvent(db, { userId: caller.id, eventType: event.event_type, payload: event });
    return;
  }
  const spaceId = event.space_id ?? null;
  const membership = spaceId === null ? undefined : await findMembership(db, caller.id, spaceId);
  await insertPageView(db, {
    userId: caller.id,
    workspaceId: membership ? membership.workspace.id : null,
    pagePath: event.page_path ?? '',
    payload: event,
  });
}
