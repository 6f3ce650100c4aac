import { Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { optionsButtonLabel } from '@mergedesk/domain/billing/flows';
import {
  addUsersLimitError,
  isLegacyUsersNextDisabled,
  paidCount,
  paidRadioRestriction,
  paidRestrictionMessage,
} from '@mergedesk/domain/billing/legacy-checkout';
import { isChoosableCheckoutUser, listedCheckoutUsers } from '@mergedesk/domain/billing/legacy-selection';
import { maxPaidUsersMessage, MEMBER_MESSAGES } from '@mergedesk/domain/members/messages';
import { EmailEntryModal } from '../../../../components/email-entry-modal';
import { addLegacyUsers } from '../../../../lib/add-legacy-users';
import { checkThenSend } from '../../../../lib/check-then-send';
import { usePageTitle } from '../../../../lib/page-title';
import { useCheckoutSelection } from '../../lib/use-checkout-selection';
import { usePaidUsersNext, type PaidUsersStepProps } from '../../lib/use-paid-users-next';
import { CheckoutErrorAlert } from './checkout-error-alert';
import { CheckoutHeader } from './checkout-header';
import { ContactUsLink } from './contact-us-link';
import { CheckoutUsersTable } from './checkout-users-table';

export type LegacyUsersPageProps = PaidUsersStepProps & {
  /** Refetches the checkout users (after users were added). */
  onUsersAdded: () => Promise<unknown>;
};

const TITLE = 'Choose your paid users';

/**
 * /checkout/legacy/users, the Team legacy licence's switch to a new plan (spec 001 §2 "Legacy users
 * page", §5 "Add users modal"): the users who keep a paid licence, chosen with a checkbox each
 * (paid users first chosen); 'Add users' adds people to the space (validity checked first, each
 * invalid address with its tip; blocked beyond the plan's user limit); 'Contact us' for larger
 * lists. Next is disabled with no user chosen or more than the plan's maximum.
 */
export function LegacyUsersPage(props: LegacyUsersPageProps) {
  const { workspaceId, checkoutUsers, flowType } = props;
  usePageTitle(TITLE);
  const users = listedCheckoutUsers(checkoutUsers.items);
  const [selection, setSelection] = useCheckoutSelection(workspaceId, checkoutUsers.items);
  const [adding, setAdding] = useState(false);
  const { next, nextError } = usePaidUsersNext({ ...props, users, selection });
  const max = checkoutUsers.paidUserLimit;
  const selected = paidCount(selection);
  const overLimit = max !== -1 && selected > max;

  return (
    <Stack gap="lg">
      <CheckoutHeader steps={[]} current={0} backTo={props.billingPath} />
      <Title order={1}>{TITLE}</Title>
      <CheckoutErrorAlert title={nextError} />
      <Text>
        Switch {props.workspaceName} to the new Pro plan: choose the users who keep a paid licence. The others
        stay in the space on the free plan.
      </Text>
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={500} aria-live="polite">
          {selected} of {max === -1 ? users.length : max} paid users chosen
        </Text>
        <Button
          variant="default"
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          Add users
        </Button>
      </Group>
      {overLimit && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {maxPaidUsersMessage(max)} <ContactUsLink />
        </Alert>
      )}
      <CheckoutUsersTable
        users={users}
        choiceHeader="Paid licence"
        renderChoice={(user) => {
          const checked = selection[user.id] === true;
          // The plan's maximum shows above the list (Next waits); a person paid in another
          // space cannot be chosen here either.
          const restriction = checked ? null : paidRadioRestriction(user, selection, -1);
          return (
            <Checkbox
              aria-label={`Paid licence for ${user.email}`}
              checked={checked}
              disabled={!isChoosableCheckoutUser(user) || restriction !== null}
              description={restriction && paidRestrictionMessage(restriction, max)}
              onChange={(event) => {
                const paid = event.currentTarget.checked;
                setSelection(() => ({ [user.id]: paid }));
              }}
            />
          );
        }}
      />
      <Text size="sm">
        More than 100 users to bring along? <ContactUsLink />
      </Text>
      <Button
        onClick={() => next()}
        disabled={isLegacyUsersNextDisabled(selected, max)}
        style={{ alignSelf: 'flex-start' }}
      >
        {optionsButtonLabel(flowType)}
      </Button>

      <EmailEntryModal
        opened={adding}
        onClose={() => setAdding(false)}
        title="Add users"
        submitLabel="Add"
        partialErrorMessage={MEMBER_MESSAGES.ADD_PARTIAL_ERROR}
        suggestFor={workspaceId}
        blockedReason={(emails) => addUsersLimitError(emails.length, selected, max)}
        onSubmit={(emails) => checkThenSend(emails, (only) => addLegacyUsers(workspaceId, emails, only))}
        onDone={() => {
          setAdding(false);
          void props.onUsersAdded();
        }}
      />
    </Stack>
  );
}
