import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api, type ApiResult } from '../../../lib/api/client';
import type { ActivityFeed } from '../../../lib/api/types';
import { activityKeys } from './keys';

/** The feed's page size (the spec's default). */
export const ACTIVITY_PAGE_SIZE = 25;

export type ActivityFeedParams = {
  contactId: number;
  /** One category, or '' for every entry. */
  category: string;
  /** The cursor of the page; '' for the first. */
  cursor: string;
  pageNumber: number;
};

/** getActivityFeed fetches a page of a customer's activity (POST /crm/contacts/{id}/activity/feed/paged). */
export function getActivityFeed({ contactId, category, cursor, pageNumber }: ActivityFeedParams): Promise<ApiResult<ActivityFeed>> {
  return api.request<ActivityFeed>(`/crm/contacts/${contactId}/activity/feed/paged`, {
    method: 'POST',
    body: { pageSize: ACTIVITY_PAGE_SIZE, pageNumber, ...(category ? { category } : {}), ...(cursor ? { cursor } : {}) },
  });
}

export function activityFeedQueryOptions(params: ActivityFeedParams) {
  return queryOptions({
    queryKey: activityKeys.feed(params.contactId, params.category, params.cursor),
    queryFn: () => getActivityFeed(params),
    meta: { silent: true },
    placeholderData: keepPreviousData,
  });
}

/** useActivityFeed reads a page of a customer's activity. */
export function useActivityFeed(params: ActivityFeedParams) {
  return useQuery(activityFeedQueryOptions(params));
}
