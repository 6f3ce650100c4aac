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
 * Unsubscriptions of a space (spec 002 §2.3, §3, §4.3, §7):
 * - GET    /api/v1/users/me/workspaces/{id}/unsubscriptions   list parameters → { items, total }
 * - POST   /api/v1/users/workspace-activation-add-unsubscriptions/me   { emailAddresses, workspaceId } → { updated }
 * - DELETE /api/v1/users/workspace-activation-delete-unsubscriptions/me/{workspaceId}/{emailAddress} → {}
 */
export const UNSUBSCRIPTION_FILTER_KEYS = SUPPRESSION_FILTER_KEYS;
export const UNSUBSCRIPTION_SORT_KEYS = SUPPRESSION_SORT_KEYS;

export const unsubscriptionSchema = suppressionItemSchema.meta({ id: 'Unsubscription' });
export type Unsubscription = z.infer<typeof unsubscriptionSchema>;

export const unsubscriptionListSchema = suppressionListSchema.extend({ items: unsubscriptionSchema.array() });
export type UnsubscriptionList = z.infer<typeof unsubscriptionListSchema>;

export const addUnsubscriptionsBodySchema = addSuppressionsBodySchema;
export type AddUnsubscriptionsBody = z.input<typeof addUnsubscriptionsBodySchema>;

export const addUnsubscriptionsResponseSchema = addSuppressionsResponseSchema;
export type AddUnsubscriptionsResponse = z.infer<typeof addUnsubscriptionsResponseSchema>;

export const deleteUnsubscriptionParamsSchema = deleteSuppressionParamsSchema;
