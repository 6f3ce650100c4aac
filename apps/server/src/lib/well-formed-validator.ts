import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const ILL_FORMED_TEXT_MESSAGE = 'Text must be valid Unicode.';

/**
 * JSON can carry a lone UTF-16 surrogate (`"\ud800"`), which no UTF-8 text can hold: PostgreSQL,
 * the Stripe SDK and anything else downstream then fail with a 500. Every request part (body,
 * query, params, headers) is checked before its own schema, so such a string is a 400 with its
 * field on every route (issue 20 "Smaller"), not a fix per field.
 */
const wellFormed = z.unknown().superRefine((value, context) => {
  for (const path of illFormedStringPaths(value)) {
    context.addIssue({ code: 'custom', message: ILL_FORMED_TEXT_MESSAGE, path });
  }
});

/** fastify-type-provider-zod's validator, behind the well-formed-text check. */
export const wellFormedValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  if (!(route.schema instanceof z.ZodType)) return validatorCompiler(route);
  return validatorCompiler({ ...route, schema: wellFormed.pipe(route.schema) });
};

/** A lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isWellFormedText = (text: string): boolean => !LONE_SURROGATE.test(text);

/** Where a string (a value or an object key) is not well-formed UTF-16; at most 10 places. */
export function illFormedStringPaths(value: unknown): (string | number)[][] {
  const found: (string | number)[][] = [];
  const visit = (node: unknown, path: (string | number)[]) => {
    if (found.length >= 10) return;
    if (typeof node === 'string') {
      if (!isWellFormedText(node)) found.push(path);
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, [...path, index]));
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        if (!isWellFormedText(key)) found.push([...path, key]);
        else visit(item, [...path, key]);
      }
    }
  };
  visit(value, []);
  return found;
}
