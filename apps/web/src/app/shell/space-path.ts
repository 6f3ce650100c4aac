/**
 * Helpers for paths under the space prefix /{workspaceId}/{workspaceSlug} (spec 000 §2 "Route
 * prefix"). The slug is cosmetic: the space is resolved by its id.
 */

/** The part of `pathname` after the first two segments ('' when there is none). */
export function pathAfterSpacePrefix(pathname: string): string {
  const segments = pathname.split('/');
  // ['', workspaceId, workspaceSlug, ...rest]
  const rest = segments.slice(3).join('/');
  return rest ? `/${rest}` : '';
}

/** The same page under another prefix, e.g. after a wrong slug: '/id/old/templates' -> '/id/new/templates'. */
export function withUrlPrefix(pathname: string, urlPrefix: string): string {
  return `${urlPrefix.replace(/\/$/, '')}${pathAfterSpacePrefix(pathname)}`;
}

/** True when `pathname` is `page` under `urlPrefix` or below it. */
export function isSpacePage(pathname: string, urlPrefix: string, page: string): boolean {
  const target = `${urlPrefix.replace(/\/$/, '')}${page}`;
  return pathname === target || pathname.startsWith(`${target}/`);
}
