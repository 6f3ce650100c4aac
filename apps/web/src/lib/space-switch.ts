import { isClearedOnSpaceSwitch, SPACE_SWITCH_TARGET } from '@mergedesk/domain/spaces/space-switch';

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
