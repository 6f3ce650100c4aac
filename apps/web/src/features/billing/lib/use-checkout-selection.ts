import { useState } from 'react';
import type { CheckoutUser } from '@mergedesk/domain/api/billing';
import type { PaidSelection } from '@mergedesk/domain/billing/legacy-checkout';
import { initialCheckoutSelection } from '@mergedesk/domain/billing/legacy-selection';
import { readCheckoutUsers } from '../../../lib/checkout-users-storage';

/**
 * The paid/free choice of a per-user checkout step: the stored selection of the tab, else the
 * users' plans (domain rule), with this page's changes on top. Users that appear later (added from
 * the Add users modal) start from their plan.
 */
export function useCheckoutSelection(
  workspaceId: string,
  users: readonly CheckoutUser[],
): [PaidSelection, (update: (current: PaidSelection) => PaidSelection) => void] {
  const [stored] = useState(() => readCheckoutUsers(workspaceId));
  const [changes, setChanges] = useState<PaidSelection>({});
  const initial = initialCheckoutSelection(users, stored);
  const selection: PaidSelection = Object.fromEntries(
    Object.keys(initial).map((id) => [id, changes[id] ?? initial[id] === true]),
  );
  const update = (change: (current: PaidSelection) => PaidSelection) =>
    setChanges((current) => ({ ...current, ...change(selection) }));
  return [selection, update];
}
