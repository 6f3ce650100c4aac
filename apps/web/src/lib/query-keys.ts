import type { ListQuery } from '@mergedesk/domain/api/list-query';
import type { SuppressionList } from '@mergedesk/domain/suppressions/permissions';

/**
 * Every TanStack Query key of the web app, made here and nowhere else (lint forbids an inline
 * `queryKey: [` elsewhere): one place shows which keys share a prefix, so an invalidation of a
 * prefix reaches exactly the queries it should. Each `all` is the prefix of its list's pages.
 */
export const queryKeys = {
  /** The seat summary of the members screen (its seats change with a billing seat change). */
  seats: (workspaceId: string) => ['seats', workspaceId] as const,
  billing: {
    /** Every billing query of a space (subscriptions, scheduled removals, previews). */
    all: (workspaceId: string) => ['billing', workspaceId] as const,
    subscriptions: (workspaceId: string) => [...queryKeys.billing.all(workspaceId), 'subscriptions'] as const,
    preview: (workspaceId: string, request: unknown) =>
      [...queryKeys.billing.all(workspaceId), 'preview', request] as const,
    removalQuote: (workspaceId: string, subscriptionId: string, target: number) =>
      [...queryKeys.billing.all(workspaceId), 'removal-quote', subscriptionId, target] as const,
    paymentPlans: (currency: string) => ['payment-plans', currency] as const,
  },
  suppressionList: {
    all: (list: SuppressionList, workspaceId: string) => [list, workspaceId] as const,
    page: (list: SuppressionList, workspaceId: string, query: ListQuery) =>
      [...queryKeys.suppressionList.all(list, workspaceId), query] as const,
  },
};
