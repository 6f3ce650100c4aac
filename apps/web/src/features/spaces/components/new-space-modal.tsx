import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { z } from 'zod/mini';
import { GENERIC_ERROR_ALERT } from '@mergedesk/domain/alerts/alerts';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import {
  SPACE_LIMIT_WARNING_MESSAGE,
  SPACE_LIMIT_WARNING_TITLE,
  spaceNameSchema,
} from '@mergedesk/domain/spaces/space-name';
import { showAlert } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { useCreateWorkspace } from '../api/create-workspace';
import { useModalDisplayEvent } from '../../../lib/analytics';

const NEW_SPACE_MODAL_TITLE = 'Create a new space';

const newSpaceFormSchema = z.object({ workspaceName: spaceNameSchema });

export type NewSpaceModalProps = {
  opened: boolean;
  onClose: () => void;
  userId: string;
  /** false when the user already owns the maximum number of spaces (spec 000 §5) */
  canCreate: boolean;
  /**
   * Called with the new space once it exists; the modal stays in its loading state until the
   * returned promise settles. The caller refreshes the user, switches to the space and closes the
   * dialog (onClose is not called on success, so that it cannot act on the page being left).
   */
  onCreated: (workspace: Workspace) => Promise<void> | void;
};

/**
 * The new-space dialog (spec 000 §2 "New space modal", §4 "New space creation", §5): one field,
 * validated on submit with the domain's space-name rule; idle → loading → success (close, reset,
 * onCreated) or error (a 400 on workspaceName goes under the field, anything else closes the
 * dialog and sets an error alert of type create).
 */
export function NewSpaceModal({ opened, onClose, userId, canCreate, onCreated }: NewSpaceModalProps) {
  useModalDisplayEvent('new_space_modal', opened);
  const createWorkspace = useCreateWorkspace();
  const [finishing, setFinishing] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { workspaceName: '' },
    validate: schemaResolver(newSpaceFormSchema, { sync: true }),
  });
  const loading = createWorkspace.isPending || finishing;

  const close = () => {
    if (loading) return;
    form.reset();
    createWorkspace.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    if (!canCreate) return;
    const workspaceName = spaceNameSchema.parse(values.workspaceName);
    let workspace: Workspace;
    try {
      workspace = await createWorkspace.mutateAsync({ workspaceName, userId });
    } catch (error) {
      const fieldError =
        error instanceof ApiError ? error.errors.find((issue) => issue.field === 'workspaceName') : undefined;
      if (fieldError) {
        form.setFieldError('workspaceName', fieldError.message);
        return;
      }
      showAlert({
        kind: 'create',
        tone: 'error',
        title: GENERIC_ERROR_ALERT.title,
        description: serverMessage(error) ?? GENERIC_ERROR_ALERT.description,
      });
      form.reset();
      onClose();
      return;
    }
    setFinishing(true);
    try {
      await onCreated(workspace);
    } finally {
      setFinishing(false);
      form.reset();
      createWorkspace.reset();
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={NEW_SPACE_MODAL_TITLE}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {!canCreate && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle aria-hidden />}
              title={SPACE_LIMIT_WARNING_TITLE}
            >
              {SPACE_LIMIT_WARNING_MESSAGE}
            </Alert>
          )}
          <TextInput
            label="Space's name"
            placeholder="Enter the space's name"
            disabled={!canCreate}
            data-autofocus
            {...form.getInputProps('workspaceName')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" loading={loading} disabled={!canCreate}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A 4xx answer carries a message a person can act on; anything else gets the generic text. */
function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status < 400 || error.status >= 500) return null;
  return error.message || null;
}
