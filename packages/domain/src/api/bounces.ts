import type { z } from 'zod';
import {
  addSuppressionsBodySchema,
  addSuppressionsResponseSchema,
  deleteSuppressionParamsSchema,
  SUPPRESSION_FILTER_KEYS,
  SUPPRESSION_SORT_KEYS,
  suppressionItemSchema,
  suppressionListSchema,
} from './suppression-list';

/**
 * Bounce list of a space (spec 002 §2.4, §3, §4.4, §7):
 * - GET    /api/v1/users/me/workspaces/{workspaceId}/bounces   list parameters → { items, total }
 * - POST   /api/v1/users/workspace-activation-add-bounces/me   { emailAddresses, workspaceId } → { updated }
 * - DELETE /api/v1/users/workspace-activation-delete-bounces/me/{workspaceId}/{emailAddress} → {}
 * The screen shows an item as email, bounceTime (lastUpdateTimestamp, falling back to createTimestamp), type.
 */
export const BOUNCE_FILTER_KEYS = SUPPRESSION_FILTER_KEYS;
export const BOUNCE_SORT_KEYS = SUPPRESSION_SORT_KEYS;

export const bounceSchema = suppressionItemSchema.meta({ id: 'Bounce' });
export type Bounce = z.infer<typeof bounceSchema>;

export const bounceListSchema = suppressionListSchema.extend({ items: bounceSchema.array() });
export type BounceList = z.infer<typeof bounceListSchema>;

export const addBouncesBodySchema = addSuppressionsBodySchema;
export type AddBouncesBody = z.input<typeof addBouncesBodySchema>;

export const addBouncesResponseSchema = addSuppressionsResponseSchema;
export type AddBouncesResponse = z.infer<typeof addBouncesResponseSchema>;

export const deleteBounceParamsSchema = deleteSuppressionParamsSchema;
