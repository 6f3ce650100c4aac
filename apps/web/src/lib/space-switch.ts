import {
  isClearedOnSpaceSwitch,
  NEW_SPACE_QUERY_FLAG,
  newSpaceLanding,
  SPACE_SWITCH_TARGET,
} from '@mergedesk/domain/spaces/space-switch';

/**
 * The query string to keep when the selected space is switched: spec 000 §2 removes checkout,
 * from, to, workspaceUsers, gmailUsers, fromInterval and toInterval; the rest stays. Returns ''
 * or a string starting with '?'.
 */
export function searchAfterSpaceSwitch(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of [...new Set(params.keys())]) {
    if (isClearedOnSpaceSwitch(name)) params.delete(name);
  }
  const kept = params.toString();
  return kept ? `?${kept}` : '';
}

/** Where choosing a space goes: its sent mail merges, with the kept query string. */
export function spaceSwitchPath(urlPrefix: string, search: string): string {
  return `${urlPrefix}${SPACE_SWITCH_TARGET}${searchAfterSpaceSwitch(search)}`;
}

/**
 * Where the space just created in the new-space dialog opens (`newSpaceLanding`): its sent mail
 * merges; from a checkout page, the first step of its purchase with the purchase's query (what a
 * space switch keeps, without the 'new-space' flag).
 */
export function newSpacePath(
  urlPrefix: string,
  search: string,
  from: { fromCheckout: boolean; isGmailUser: boolean },
): string {
  const landing = `${urlPrefix}${newSpaceLanding(from)}`;
  if (!from.fromCheckout) return landing;
  const params = new URLSearchParams(searchAfterSpaceSwitch(search));
  params.delete(NEW_SPACE_QUERY_FLAG);
  const kept = params.toString();
  return kept ? `${landing}?${kept}` : landing;
}
