import type { z } from 'zod';
import {
  addSuppressionsBodySchema,
  addSuppressionsResponseSchema,
  deleteSuppressionParamsSchema,
  suppressionItemSchema,
  suppressionListSchema,
} from './suppression-list';

const unsubscriptionSchema = suppressionItemSchema.meta({ id: 'Unsubscription' });

export const unsubscriptionListSchema = suppressionListSchema.extend({ items: unsubscriptionSchema.array() });
export type UnsubscriptionList = z.infer<typeof unsubscriptionListSchema>;

export const addUnsubscriptionsBodySchema = addSuppressionsBodySchema;
export type AddUnsubscriptionsBody = z.input<typeof addUnsubscriptionsBodySchema>;

export const addUnsubscriptionsResponseSchema = addSuppressionsResponseSchema;

export const deleteUnsubscriptionParamsSchema = deleteSuppressionParamsSchema;
