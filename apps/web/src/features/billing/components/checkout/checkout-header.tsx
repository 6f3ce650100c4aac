import { Box, Button, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';

export type CheckoutHeaderProps = {
  /** The flow's steps (spec 001 §2 "Per-seat flow steps"). */
  steps: readonly string[];
  /** Index of the current step. */
  current: number;
  /**
   * Where Back goes: the previous step, or billing from the first step; -1 goes back in the
   * browser's history (spec 001 §2: from cannot-downgrade or a later step).
   */
  backTo: string | -1;
};

/**
 * The checkout header (spec 001 §2): a Back button and the step indicator. The steps are an ordered
 * list; the current one carries aria-current="step".
 */
export function CheckoutHeader({ steps, current, backTo }: CheckoutHeaderProps) {
  const navigate = useNavigate();
  const icon = <IconArrowLeft size={16} aria-hidden />;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      {backTo === -1 ? (
        <Button variant="subtle" leftSection={icon} onClick={() => void navigate(-1)}>
          Back
        </Button>
      ) : (
        <Button component={Link} to={backTo} variant="subtle" leftSection={icon}>
          Back
        </Button>
      )}
      {steps.length > 1 && (
        <Box
          component="ol"
          aria-label="Checkout steps"
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: '0.5rem 1.25rem',
            listStyle: 'none',
            margin: 0,
            padding: 0,
          }}
        >
          {steps.map((step, index) => (
            <Box component="li" key={step} aria-current={index === current ? 'step' : undefined}>
              <Text
                size="sm"
                fw={index === current ? 700 : 400}
                c={index === current ? undefined : 'dimmed'}
                td={index === current ? 'underline' : undefined}
              >
                {index + 1}. {step}
              </Text>
            </Box>
          ))}
        </Box>
      )}
    </Group>
  );
}
