import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconUserQuestion } from '@tabler/icons-react';
import type { SessionError, SignInOptions } from '../../../lib/session-context';
import { PRODUCT_NAME } from '../../../lib/product';
import { sessionErrorMessage } from './session-error-messages';

type SessionErrorAlertProps = {
  error: SessionError;
  signIn: (options?: SignInOptions) => void;
  onClose: () => void;
  /** Where to land after creating the account or signing in with another one. */
  continuePath?: string | null;
};

/** A session error (spec 000 §8) on the sign-in page; the 'no-user' state offers its two ways out. */
export function SessionErrorAlert({ error, signIn, onClose, continuePath }: SessionErrorAlertProps) {
  const { title, message } = sessionErrorMessage(error, PRODUCT_NAME);
  const isNoUser = error.kind === 'no-user';
  const continueOption = continuePath ? { continue: continuePath } : {};
  return (
    <Alert
      role="alert"
      variant="light"
      color={isNoUser ? 'yellow' : 'red'}
      title={title}
      icon={isNoUser ? <IconUserQuestion aria-hidden="true" /> : <IconAlertCircle aria-hidden="true" />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      <Text size="sm">{message}</Text>
      {error.kind === 'no-user' && (
        <Group mt="sm" gap="xs">
          <Button
            size="xs"
            onClick={() => signIn({ createAccount: true, loginHint: error.email, ...continueOption })}
          >
            Create an account
          </Button>
          <Button size="xs" variant="default" onClick={() => signIn(continueOption)}>
            Use another account
          </Button>
        </Group>
      )}
    </Alert>
  );
}
