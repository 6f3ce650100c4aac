import type { FastifySchemaCompiler } from 'fastify';
import { CLIENT_TEXT_MESSAGES, isWellFormedText } from '@mergedesk/domain/text/client-text';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * JSON can carry a lone UTF-16 surrogate (`"\ud800"`), which no UTF-8 text can hold: PostgreSQL,
 * the Stripe SDK and anything else downstream then fail with a 500. Every request part (body,
 * query, params, headers) is checked after its own schema (whose field rules, e.g. a space name's,
 * say it in their own words first), so such a string is a 400 with its field on every route
 * (issue 20 "Smaller"), not a fix per field. The rule is the domain's (client-text.ts).
 */
const wellFormed = z.unknown().superRefine((value, context) => {
  for (const path of illFormedStringPaths(value)) {
    context.addIssue({ code: 'custom', message: CLIENT_TEXT_MESSAGES.INVALID_UNICODE, path });
  }
});

/** fastify-type-provider-zod's validator, then the well-formed-text check of what it let through. */
export const wellFormedValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  if (!(route.schema instanceof z.ZodType)) return validatorCompiler(route);
  return validatorCompiler({ ...route, schema: route.schema.pipe(wellFormed) });
};

/** Where a string (a value or an object key) is not well-formed UTF-16; at most 10 places. */
export function illFormedStringPaths(value: unknown): (string | number)[][] {
  // Iterative, with parent links instead of copied paths: a body of 5,000 nested arrays must
  // neither overflow the stack nor cost a path copy per level.
  type Entry = { node: unknown; key: string | number | undefined; parent: Entry | undefined };
  const pathOf = (entry: Entry, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let at: Entry | undefined = entry; at?.key !== undefined; at = at.parent) path.unshift(at.key);
    return path;
  };
  const found: (string | number)[][] = [];
  const pending: Entry[] = [{ node: value, key: undefined, parent: undefined }];
  while (pending.length > 0 && found.length < 10) {
    const entry = pending.pop()!;
    const { node } = entry;
    if (typeof node === 'string') {
      if (!isWellFormedText(node)) found.push(pathOf(entry));
    } else if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1) {
        pending.push({ node: node[index] as unknown, key: index, parent: entry });
      }
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node).reverse()) {
        if (!isWellFormedText(key)) found.push(pathOf(entry, key));
        else pending.push({ node: item, key, parent: entry });
      }
    }
  }
  return found;
}
