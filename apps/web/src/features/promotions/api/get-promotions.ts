import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Promotion } from '@mergedesk/domain/api/promotions';
import { promotionSchema } from '@mergedesk/domain/api/promotion';
import { PROMOTION_STALE_TIME_MS } from '@mergedesk/domain/session/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const PROMOTIONS_PROJECT = 'mergedesk';
const PROMOTIONS_PLACEMENT = 'sidebar';

/**
 * GET /api/cannon?project=mergedesk&placement=sidebar. Spec 000 §2: every field is a required
 * string and invalid entries are dropped, so each item is validated here too.
 */
const getPromotions = async (signal?: AbortSignal): Promise<Promotion[]> => {
  const response = await callEndpoint('promotions.list', {
    query: { project: PROMOTIONS_PROJECT, placement: PROMOTIONS_PLACEMENT },
    signal,
  });
  const items: unknown[] = Array.isArray(response?.items) ? response.items : [];
  return items.flatMap((item) => {
    const parsed = promotionSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
};

const getPromotionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.promotions(PROMOTIONS_PROJECT, PROMOTIONS_PLACEMENT),
    queryFn: ({ signal }) => getPromotions(signal),
    staleTime: PROMOTION_STALE_TIME_MS,
    // Promotions are an extra: a failure shows nothing and is not retried.
    retry: false,
  });

export const usePromotions = () => useQuery(getPromotionsQueryOptions());
