import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { NO_MAIL_MERGES_EMPTY_STATE, NO_RESULTS_EMPTY_STATE } from '@mergedesk/domain/format/empty-states';
import { EmptyState } from '../../../components/list-states';

/** Where the empty state's get-started link goes: the onboarding (install, then send a first merge). */
export const GET_STARTED_PATH = '/get-started';

/**
 * Spec 002 §2.2 empty states: 'No results found' with a no-match note when a search or filter
 * narrows the list, otherwise 'Nothing to see here...' with a get-started link.
 */
export function ListEmptyState({ narrowed }: { narrowed: boolean }) {
  return narrowed ? (
    <EmptyState title={NO_RESULTS_EMPTY_STATE.title} description={NO_RESULTS_EMPTY_STATE.description} />
  ) : (
    <EmptyState title={NO_MAIL_MERGES_EMPTY_STATE.title}>
      <Anchor component={Link} to={GET_STARTED_PATH} size="sm">
        Get started
      </Anchor>
    </EmptyState>
  );
}
