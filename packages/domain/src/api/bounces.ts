import type { z } from 'zod';
import {
  addSuppressionsBodySchema,
  addSuppressionsResponseSchema,
  deleteSuppressionParamsSchema,
  suppressionItemSchema,
  suppressionListSchema,
} from './suppression-list';

const bounceSchema = suppressionItemSchema.meta({ id: 'Bounce' });

export const bounceListSchema = suppressionListSchema.extend({ items: bounceSchema.array() });
export type BounceList = z.infer<typeof bounceListSchema>;

export const addBouncesBodySchema = addSuppressionsBodySchema;
export type AddBouncesBody = z.input<typeof addBouncesBodySchema>;

export const addBouncesResponseSchema = addSuppressionsResponseSchema;

export const deleteBounceParamsSchema = deleteSuppressionParamsSchema;
