import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { isSpaceNameUnchanged, spaceNameSchema } from '@mergedesk/domain/spaces/space-name';
import type { ResultAlertValue } from '../../../components/result-alert';
import { ResultAlert } from '../../../components/result-alert';
import { ApiError } from '../../../lib/api-client';
import { useUpdateWorkspace } from '../api/update-workspace';

const spaceNameFormSchema = z.object({ workspaceName: spaceNameSchema });

/** Ours (spec 002 §2.9 shows no text for a saved name). */
const SPACE_NAME_SAVED_MESSAGE = 'The space name has been saved.';
const SPACE_NAME_SAVE_FAILED_MESSAGE = 'An error occurred. Please try again.';

export type SpaceNameFormProps = {
  workspaceId: string;
  savedName: string;
  memberInviteUser: boolean;
  /** Refreshes the space and the current user once the new name is saved. */
  onSaved: () => Promise<void>;
};

/**
 * The space name of the general settings (spec 002 §2.9, §5): the same rule as the new-space
 * dialog (the domain's spaceNameSchema, checked again by the server); Save and Cancel are disabled
 * while the name equals the saved one, Cancel puts the saved name back.
 */
export function SpaceNameForm({ workspaceId, savedName, memberInviteUser, onSaved }: SpaceNameFormProps) {
  const update = useUpdateWorkspace(workspaceId);
  const [result, setResult] = useState<ResultAlertValue | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { workspaceName: savedName },
    validate: schemaResolver(spaceNameFormSchema, { sync: true }),
  });
  const { setValues, resetDirty } = form;
  // A rename elsewhere (another tab, the refresh after a save) becomes the new saved value.
  useEffect(() => {
    setValues({ workspaceName: savedName });
    resetDirty({ workspaceName: savedName });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the saved name changes
  }, [savedName]);

  const unchanged = isSpaceNameUnchanged(savedName, form.values.workspaceName);
  const busy = update.isPending;

  const submit = form.onSubmit(async (values) => {
    const workspaceName = spaceNameSchema.parse(values.workspaceName);
    setResult(null);
    try {
      await update.mutateAsync({ workspaceName, memberInviteUser });
    } catch (error) {
      const fieldError =
        error instanceof ApiError ? error.errors.find((issue) => issue.field === 'workspaceName') : undefined;
      if (fieldError) form.setFieldError('workspaceName', fieldError.message);
      else setResult({ severity: 'error', message: SPACE_NAME_SAVE_FAILED_MESSAGE });
      return;
    }
    await onSaved();
    setResult({ severity: 'success', message: SPACE_NAME_SAVED_MESSAGE });
  });

  const cancel = () => {
    form.setValues({ workspaceName: savedName });
    form.clearErrors();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Rename the space">
      <Stack gap="sm">
        <ResultAlert alert={result} onDismiss={() => setResult(null)} />
        <TextInput label="Space name" maw={480} disabled={busy} {...form.getInputProps('workspaceName')} />
        <Group gap="sm">
          <Button type="submit" disabled={unchanged} loading={busy}>
            Save
          </Button>
          <Button variant="default" onClick={cancel} disabled={unchanged || busy}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
