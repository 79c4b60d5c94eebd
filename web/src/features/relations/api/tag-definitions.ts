import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { TagDefinition } from '../../../lib/api/types';
import { relationKeys } from './keys';

/** Every tag type: 1 customer, 2 service, 3 sales, 4 marketing. */
export const allTagTypes = [1, 2, 3, 4];

/** getTagDefinitions reads the dealer group's tags of some types (POST /crm/GetTagByTagTypeIds). */
export async function getTagDefinitions(tagTypeIds: number[]): Promise<TagDefinition[]> {
  return (await api.post<TagDefinition[] | null>('/crm/GetTagByTagTypeIds', { tagTypeIds })) ?? [];
}

export function tagDefinitionsQueryOptions(tagTypeIds: number[] = allTagTypes) {
  return queryOptions({
    queryKey: relationKeys.tagDefinitions(tagTypeIds),
    queryFn: () => getTagDefinitions(tagTypeIds),
    staleTime: 5 * 60_000,
  });
}

/** useTagDefinitions reads the dealer group's tags (every type by default) when enabled. */
export function useTagDefinitions({ tagTypeIds, enabled = true }: { tagTypeIds?: number[]; enabled?: boolean } = {}) {
  return useQuery({ ...tagDefinitionsQueryOptions(tagTypeIds), enabled });
}
