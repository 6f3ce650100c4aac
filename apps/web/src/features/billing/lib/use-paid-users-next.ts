import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutUser, CheckoutUsersResponse } from '@mergedesk/domain/api/billing';
import type { CheckoutTarget } from '@mergedesk/domain/billing/checkout-query';
import { checkoutTargetQuery } from '@mergedesk/domain/billing/checkout-query';
import type { LegacyModelFlowType } from '@mergedesk/domain/billing/flows';
import { optionsNextStep } from '@mergedesk/domain/billing/flows';
import type { PaidSelection } from '@mergedesk/domain/billing/legacy-checkout';
import { cannotDowngrade, LEGACY_CHECKOUT_MESSAGES } from '@mergedesk/domain/billing/legacy-checkout';
import { selectionByEmail } from '@mergedesk/domain/billing/legacy-selection';
import { saveCheckoutUsers } from '../../../lib/checkout-users-storage';

/** What the per-user checkout gives each step where the paid users are chosen. */
export type PaidUsersStepProps = {
  workspaceId: string;
  workspaceName: string;
  /** {prefix}/checkout */
  checkoutPath: string;
  billingPath: string;
  flowType: LegacyModelFlowType;
  target: CheckoutTarget;
  checkoutUsers: CheckoutUsersResponse;
};

export type PaidUsersNextInput = PaidUsersStepProps & {
  /** The listed users and their paid/free choice. */
  users: readonly CheckoutUser[];
  selection: PaidSelection;
};

/**
 * Next from a per-user step where the paid users are chosen (spec 001 §2, §4: the options page and
 * the legacy users page): to the cannot-downgrade page when Pro would have paid users of several
 * domains, else the choice is kept for the tab and the flow's next step opens; a flow without one
 * shows the options error. `replace` for the options page's automatic submit.
 */
export function usePaidUsersNext(input: PaidUsersNextInput) {
  const { workspaceId, checkoutPath, flowType, target, checkoutUsers, users, selection } = input;
  const navigate = useNavigate();
  const [nextError, setNextError] = useState<string | null>(null);
  const next = (replace = false) => {
    setNextError(null);
    const paidEmails = users.filter((user) => selection[user.id] === true).map((user) => user.email);
    if (cannotDowngrade({ targetPlan: target.plan, ownerEmail: checkoutUsers.ownerEmail, paidEmails })) {
      void navigate(`${checkoutPath}/cannot-downgrade`, { replace });
      return;
    }
    saveCheckoutUsers(workspaceId, selectionByEmail(users, selection));
    const step = optionsNextStep(flowType);
    if (step === 'server-error') {
      setNextError(LEGACY_CHECKOUT_MESSAGES.OPTIONS_ERROR);
      return;
    }
    void navigate(`${checkoutPath}/${step}?${checkoutTargetQuery(target)}`, { replace });
  };
  return { next, nextError };
}
