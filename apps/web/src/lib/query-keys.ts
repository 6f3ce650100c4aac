import type { ListQuery } from '@mergedesk/domain/api/list-query';
import type { SuppressionList } from '@mergedesk/domain/suppressions/permissions';

/**
 * Every TanStack Query key of the web app, made here and nowhere else (lint forbids an inline
 * `queryKey: [` elsewhere): one place shows which keys share a prefix, so an invalidation of a
 * prefix reaches exactly the queries it should. Each `all` is the prefix of its list's pages.
 */
export const queryKeys = {
  suppressionList: {
    all: (list: SuppressionList, workspaceId: string) => [list, workspaceId] as const,
    page: (list: SuppressionList, workspaceId: string, query: ListQuery) =>
      [...queryKeys.suppressionList.all(list, workspaceId), query] as const,
  },
};
