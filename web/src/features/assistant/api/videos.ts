import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import { assistantKeys } from './keys';
import type { Video, VideoLink, VideoSubcategory } from './types';

/** useVideoSubcategories reads the library's subcategories with the store's counts. */
export function useVideoSubcategories(storeId: number) {
  return useQuery({
    queryKey: assistantKeys.subcategories(storeId),
    queryFn: async () => (await api.get<VideoSubcategory[] | null>(`/cxp/video/subcategory?accountPlatformId=${storeId}`)) ?? [],
    enabled: storeId > 0,
    meta: { silent: true },
  });
}

/** useVideoSearch searches the store's library (POST /cxp/video/search). */
export function useVideoSearch(storeId: number, subcategoryId: number, text: string) {
  return useQuery({
    queryKey: assistantKeys.search(storeId, subcategoryId, text),
    queryFn: async () =>
      (await api.post<Video[] | null>('/cxp/video/search', { accountPlatformId: storeId, subcategoryId, searchText: text, pageSize: 100 })) ?? [],
    enabled: storeId > 0,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

/** VideoLinkRequest asks for a link to a video: the customer's (recorded as a send) or the user's preview. */
export type VideoLinkRequest = { accountPlatformId: number; videoId: string; contactId?: number };

/** useVideoLink asks for a link that plays a video until it expires (POST /cxp/video/internalauthlink). */
export function useVideoLink() {
  return useMutation({
    mutationFn: (body: VideoLinkRequest) => api.post<VideoLink>('/cxp/video/internalauthlink', body),
    meta: { silent: true },
  });
}
