import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplateList } from '@mergedesk/domain/api/templates';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The gallery changes with releases, not while a person composes. */
const TEMPLATES_STALE_TIME_MS = 5 * 60 * 1000;

/** GET /api/v1/templates (templates.list, spec 002 §7): the gallery; a template's `preview` is its HTML body. */
const getTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.templates(),
    queryFn: ({ signal }): Promise<TemplateList> => callEndpoint('templates.list', { signal }),
    staleTime: TEMPLATES_STALE_TIME_MS,
  });

export const useComposerTemplates = (enabled: boolean) =>
  useQuery({ ...getTemplatesQueryOptions(), enabled });
