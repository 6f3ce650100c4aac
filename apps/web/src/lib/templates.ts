import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplateList } from '@mergedesk/domain/api/templates';
import { callEndpoint } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/v1/templates → { items } sorted by order (spec 002 §7 "Templates"): the gallery, and the composer's templates (a template's `preview` is its HTML body). */
const getTemplates = (signal?: AbortSignal): Promise<TemplateList> =>
  callEndpoint('templates.list', { signal });

/** The gallery changes with releases, not while a person looks at it. */
const TEMPLATES_STALE_TIME_MS = 5 * 60 * 1000;

const getTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.templates(),
    queryFn: ({ signal }) => getTemplates(signal),
    staleTime: TEMPLATES_STALE_TIME_MS,
  });

export const useTemplates = () => useQuery(getTemplatesQueryOptions());
