import type { FieldError } from '@mergedesk/domain/errors/error-codes';
import { AppError } from '../../lib/app-error';
import { VALIDATION_FAILED_MESSAGE } from '../../lib/error-handler';

/** 400 for list parameters: the one issue's message, or the generic one with every issue listed. */
export function listQueryFailed(issues: readonly FieldError[]): AppError {
  const [only] = issues;
  const message = issues.length === 1 && only ? only.message : VALIDATION_FAILED_MESSAGE;
  return new AppError('VALIDATION_FAILED', message, { fieldErrors: [...issues] });
}

/** The single value of a filter key that may be given once, or an issue. */
export function singleFilterValue(
  key: string,
  values: readonly string[] | undefined,
  issues: FieldError[],
): string | undefined {
  if (values === undefined) return undefined;
  if (values.length > 1) {
    issues.push({ field: 'filterBy', message: `Filter '${key}' may be given once.` });
    return undefined;
  }
  return values[0];
}

/** A LIKE pattern matching `text` anywhere, with the LIKE wildcards of `text` escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
