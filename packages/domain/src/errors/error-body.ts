import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './error-codes';

const errorCodes = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The spec's normalised error shape; every error response of the API has it. */
export const errorBodySchema = z
  .object({
    errors: z.array(
      z.object({ field: z.string().optional(), message: z.string(), reason: z.string().optional() }),
    ),
    code: z.enum(errorCodes),
    message: z.string(),
    reason: z.string().optional(),
  })
  .meta({ id: 'Error' });
