import { Alert, NumberInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { MORE_SEATS_MESSAGE, seatDigits } from '@mergedesk/domain/billing/flows';
import { ContactUsLink } from './contact-us-link';

export type SeatQuantityInputProps = {
  label: string;
  /** What is typed, digits only. */
  value: string;
  onChange: (digits: string) => void;
  min: number;
  max: number;
  error: ReactNode;
  description?: string;
};

/**
 * A number of seats to type (spec 001 §2 seat-selection and add-seats pages): digits only, no
 * clamping (a value out of range shows its error instead), a numeric keyboard on phones.
 */
export function SeatQuantityInput({ onChange, ...props }: SeatQuantityInputProps) {
  return (
    <NumberInput
      {...props}
      onChange={(next) => onChange(seatDigits(String(next)))}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      inputMode="numeric"
      maw={200}
    />
  );
}

/** At the most seats the checkout sells (spec 001 §2): the way to ask for more. */
export function MoreSeatsAlert() {
  return (
    <Alert color="blue" variant="light">
      {MORE_SEATS_MESSAGE} <ContactUsLink />
    </Alert>
  );
}
