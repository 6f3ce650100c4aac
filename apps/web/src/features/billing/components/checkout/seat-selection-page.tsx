import { Button, Card, Radio, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SeatSelection } from '@mergedesk/domain/billing/flows';
import { purchaseSeats, SEAT_SELECTIONS, TEAM_SEATS_RANGE } from '@mergedesk/domain/billing/flows';
import { usePageTitle } from '../../../../lib/page-title';
import { readSeatQuantity, saveSeatQuantity } from '../../lib/checkout-storage';
import { CheckoutHeader } from './checkout-header';
import { MoreSeatsAlert, SeatQuantityInput } from './seat-quantity-input';

export type SeatSelectionPageProps = {
  workspaceId: string;
  workspaceName: string;
  steps: readonly string[];
  billingPath: string;
  informationPath: string;
};

/**
 * /checkout/details, the first step of a domain purchase (spec 001 §2 "Seat-selection page"):
 * 'For myself' is one seat and ready at once; 'For a team' starts at 2 and is ready only while the
 * typed quantity is valid (digits only, 2 to the maximum).
 */
export function SeatSelectionPage({
  workspaceId,
  workspaceName,
  steps,
  billingPath,
  informationPath,
}: SeatSelectionPageProps) {
  usePageTitle('Checkout');
  const navigate = useNavigate();
  const stored = readSeatQuantity(workspaceId);
  const [selection, setSelection] = useState<SeatSelection>(stored > 1 ? 'team' : 'self');
  const [typed, setTyped] = useState(String(stored > 1 ? stored : SEAT_SELECTIONS.team));
  const seats = purchaseSeats(selection, typed);
  const atMaximum = selection === 'team' && seats.quantity === TEAM_SEATS_RANGE.max;

  const choose = (value: string) => {
    const next = value === 'team' ? 'team' : 'self';
    setSelection(next);
    if (next === 'team') setTyped(String(SEAT_SELECTIONS.team));
  };
  const next = () => {
    if (seats.quantity === null) return;
    saveSeatQuantity(workspaceId, seats.quantity);
    void navigate(informationPath);
  };

  return (
    <Stack gap="lg" maw={640}>
      <CheckoutHeader steps={steps} current={0} backTo={billingPath} />
      <Title order={1}>Upgrade {workspaceName}</Title>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Radio.Group
            label="Are you buying just for yourself or for a team?"
            value={selection}
            onChange={choose}
          >
            <Stack gap="sm" mt="xs">
              <Radio value="self" label="For myself" description="1 seat" />
              <Radio value="team" label="For a team" description={`From ${TEAM_SEATS_RANGE.min} seats`} />
            </Stack>
          </Radio.Group>
          {selection === 'team' && (
            <SeatQuantityInput
              label="Number of seats"
              value={typed}
              onChange={setTyped}
              min={TEAM_SEATS_RANGE.min}
              max={TEAM_SEATS_RANGE.max}
              error={seats.error}
              description="One seat is for you, the owner."
            />
          )}
          {atMaximum && <MoreSeatsAlert />}
          <Button onClick={next} disabled={seats.quantity === null} style={{ alignSelf: 'flex-start' }}>
            Next: Billing information
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
