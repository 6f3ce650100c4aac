import { z } from 'zod';

/**
 * The life of a space (issue 21 item 6; not in the spec, paths ours):
 * - POST   /api/v1/workspaces/{id}/leave     a member leaves the space
 * - DELETE /api/v1/workspaces/{id}           the owner deletes it, typing its name
 * - GET    /api/v1/deleted-workspaces               spaces of the caller deleted and not yet erased
 * - POST   /api/v1/deleted-workspaces/{id}/restore  the owner restores one
 */
export const deleteWorkspaceBodySchema = z.object({
  /** The space's name, typed by the owner to confirm. */
  workspaceName: z.string().max(300),
});

export const deletedWorkspaceSchema = z
  .object({
    workspaceId: z.string(),
    workspaceName: z.string(),
    /** ms since the epoch */
    deletedAt: z.number(),
    /** when the data is erased (ms); restorable until then */
    eraseAt: z.number(),
    /** the caller owned it and may restore it */
    canRestore: z.boolean(),
    /** the live subscription's end (ms) when deleting stopped its renewal, else null */
    subscriptionEndsAt: z.number().nullable(),
  })
  .meta({ id: 'DeletedWorkspace' });
export type DeletedWorkspace = z.infer<typeof deletedWorkspaceSchema>;

export const deletedWorkspaceListSchema = z.object({ items: z.array(deletedWorkspaceSchema) });

export const leaveWorkspaceResponseSchema = z.object({
  success: z.boolean(),
  /** the space the add-on sends from afterwards (null: none left) */
  addonWorkspaceId: z.string().nullable(),
});
export type LeaveWorkspaceResponse = z.infer<typeof leaveWorkspaceResponseSchema>;
