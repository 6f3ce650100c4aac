import { describe, expect, it } from 'vitest';
import { ACME_PREMIUM_ID, ACME_SALES_ID, currentUser, userWorkspace } from '../test/fixtures';
import { getLastSpaceId, pickBillingSpace, pickDefaultSpace, setLastSpaceId } from './selected-space';

const OTHER_ID = 'aaaaaaaa-0000-4000-8000-000000000003';
const sales = userWorkspace({ workspaceId: ACME_SALES_ID, userRole: 'MEMBER' });
const premium = userWorkspace({ workspaceId: ACME_PREMIUM_ID, userRole: 'ADMIN' });
const other = userWorkspace({ workspaceId: OTHER_ID, userRole: 'OWNER' });

describe('pickDefaultSpace', () => {
  const user = currentUser({ addonWorkspaceId: ACME_PREMIUM_ID, userWorkspaces: [sales, premium, other] });

  it('prefers the last selected space while the user is a member', () => {
    expect(pickDefaultSpace(user, OTHER_ID)?.workspaceId).toBe(OTHER_ID);
  });
  it("falls back to the add-on's space, then to the first", () => {
    expect(pickDefaultSpace(user, 'gone')?.workspaceId).toBe(ACME_PREMIUM_ID);
    expect(pickDefaultSpace({ ...user, addonWorkspaceId: null }, null)?.workspaceId).toBe(ACME_SALES_ID);
  });
  it('is null without spaces', () => {
    expect(pickDefaultSpace(currentUser({ userWorkspaces: [] }), null)).toBeNull();
  });
  it('reads the last selected space from storage', () => {
    setLastSpaceId(OTHER_ID);
    expect(getLastSpaceId()).toBe(OTHER_ID);
    expect(pickDefaultSpace(user)?.workspaceId).toBe(OTHER_ID);
  });
});

describe('pickBillingSpace', () => {
  it('prefers an owned space, then an administered one, then the current one', () => {
    const base = { addonWorkspaceId: ACME_SALES_ID };
    expect(
      pickBillingSpace({ ...base, userWorkspaces: [sales, premium, other] }, ACME_SALES_ID)?.workspaceId,
    ).toBe(OTHER_ID);
    expect(pickBillingSpace({ ...base, userWorkspaces: [sales, premium] }, ACME_SALES_ID)?.workspaceId).toBe(
      ACME_PREMIUM_ID,
    );
    expect(pickBillingSpace({ ...base, userWorkspaces: [sales] }, ACME_SALES_ID)?.workspaceId).toBe(
      ACME_SALES_ID,
    );
  });
  it('among several owned spaces prefers the current one', () => {
    const owned = userWorkspace({ workspaceId: ACME_PREMIUM_ID, userRole: 'OWNER' });
    expect(
      pickBillingSpace({ addonWorkspaceId: null, userWorkspaces: [other, owned] }, ACME_PREMIUM_ID)
        ?.workspaceId,
    ).toBe(ACME_PREMIUM_ID);
  });
});
