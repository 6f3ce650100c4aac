/** An empty-state block: a title and an optional line under it. */
export type EmptyState = { title: string; description?: string };

/** Spec 002 §2.2 (and the member lists of §8): a search or filter that matches nothing. */
export const NO_RESULTS_EMPTY_STATE = {
  title: 'No results found',
  description: 'Try a different search or filter.',
} as const satisfies EmptyState;

/** Spec 002 §2.2: no mail merges yet; the web adds the get-started link under it. */
export const NO_MAIL_MERGES_EMPTY_STATE = { title: 'Nothing to see here...' } as const satisfies EmptyState;

/** Spec 002 §2.3. */
export const NO_UNSUBSCRIPTIONS_EMPTY_STATE = {
  title: 'There are no unsubscriptions',
} as const satisfies EmptyState;

/** Spec 002 §2.4: 'Nothing to see here...' / 'There are no bounces'. */
export const NO_BOUNCES_EMPTY_STATE = {
  title: 'Nothing to see here...',
  description: 'There are no bounces',
} as const satisfies EmptyState;

/** Spec 002 §2.5. */
export const NO_TEAM_USERS_EMPTY_STATE = {
  title: 'There are no users in this team',
} as const satisfies EmptyState;
