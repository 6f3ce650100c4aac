import { describe, expect, it } from 'vitest';
import {
  NO_BOUNCES_EMPTY_STATE,
  NO_MAIL_MERGES_EMPTY_STATE,
  NO_RESULTS_EMPTY_STATE,
  NO_TEAM_USERS_EMPTY_STATE,
  NO_UNSUBSCRIPTIONS_EMPTY_STATE,
  type EmptyState,
} from './empty-states';

describe('empty states (spec 002 §2.2–2.5)', () => {
  it.each<[string, EmptyState, string, string | undefined]>([
    [
      "§2.2 'No results found' with a no-match note",
      NO_RESULTS_EMPTY_STATE,
      'No results found',
      'Try a different search or filter.',
    ],
    [
      "§2.2 'Nothing to see here...' with a get-started link",
      NO_MAIL_MERGES_EMPTY_STATE,
      'Nothing to see here...',
      undefined,
    ],
    [
      "§2.3 'There are no unsubscriptions'",
      NO_UNSUBSCRIPTIONS_EMPTY_STATE,
      'There are no unsubscriptions',
      undefined,
    ],
    [
      "§2.4 'Nothing to see here...' / 'There are no bounces'",
      NO_BOUNCES_EMPTY_STATE,
      'Nothing to see here...',
      'There are no bounces',
    ],
    [
      "§2.5 'There are no users in this team'",
      NO_TEAM_USERS_EMPTY_STATE,
      'There are no users in this team',
      undefined,
    ],
  ])('%s', (_text, state, title, description) => {
    expect(state.title).toBe(title);
    expect(state.description).toBe(description);
  });
});
