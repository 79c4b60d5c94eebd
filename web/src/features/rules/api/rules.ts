import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type {
  RuleActionType,
  RuleChange,
  RuleGroup,
  RuleGroupList,
  RuleLookups,
  RuleReseedStatus,
  RuleStatusCounts,
  TriggerSet,
} from '../../../lib/api/types';
import { ruleKeys } from './keys';

/** getGroupedRules reads a store's rules by rule group (GET /pando/pandox/rulelist/grouped). */
export function getGroupedRules(storeId: number, withArchived: boolean): Promise<RuleGroupList[]> {
  const q = new URLSearchParams({ accountPlatformId: String(storeId), withArchived: String(withArchived) });
  return api.get<RuleGroupList[]>(`/pando/pandox/rulelist/grouped?${q}`);
}

export function groupedRulesQueryOptions(storeId: number, withArchived: boolean) {
  return queryOptions({ queryKey: ruleKeys.grouped(storeId, withArchived), queryFn: () => getGroupedRules(storeId, withArchived) });
}

/** useGroupedRules reads a store's rules by rule group. */
export function useGroupedRules(storeId: number | undefined, withArchived: boolean) {
  return useQuery({ ...groupedRulesQueryOptions(storeId ?? 0, withArchived), enabled: !!storeId });
}

/** getRule loads a rule as the editor shows it (GET /api/triggerset/{id}). */
export function getRule(id: number): Promise<TriggerSet> {
  return api.get<TriggerSet>(`/api/triggerset/${id}`);
}

/** useRule loads a rule for the editor. */
export function useRule(id: number | undefined) {
  return useQuery({ queryKey: ruleKeys.detail(id ?? 0), queryFn: () => getRule(id ?? 0), enabled: !!id && id > 0 });
}

/** useRuleLookups reads the editor's lookups (GET /pando/pandox/actiontypes). */
export function useRuleLookups() {
  return useQuery({ queryKey: ruleKeys.lookups(), queryFn: () => api.get<RuleLookups>('/pando/pandox/actiontypes'), staleTime: 5 * 60_000 });
}

/** useRuleStatusCounts reads a rule's running workflows (GET /api/triggerset/{id}/rule_status_counts). */
export function useRuleStatusCounts(id: number | undefined) {
  return useQuery({
    queryKey: ruleKeys.counts(id ?? 0),
    queryFn: () => api.get<RuleStatusCounts>(`/api/triggerset/${id}/rule_status_counts`),
    enabled: !!id,
    // The deactivation modal opens without counts when they fail.
    meta: { silent: true },
  });
}

/** useRuleChangeLog reads a page (25 changes) of a rule's change log (POST /api/Audit/changelog_by_table). */
export function useRuleChangeLog(id: number | undefined, page: number) {
  return useQuery({
    queryKey: ruleKeys.changeLog(id ?? 0, page),
    queryFn: () =>
      api.request<RuleChange[]>('/api/Audit/changelog_by_table', {
        method: 'POST',
        body: { tableName: 'TriggerSet', recordId: id, pageNumber: page, pageSize: 25 },
      }),
    enabled: !!id,
  });
}

function useRuleMutation<P, R>(fn: (p: P) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ruleKeys.all() }),
    // The forms and modals show the refusal themselves.
    meta: { silent: true },
  });
}

/** useSaveRule saves a rule (POST /api/TriggerSet). */
export function useSaveRule() {
  return useRuleMutation((rule: TriggerSet) => api.post<TriggerSet>('/api/TriggerSet', rule));
}

/** useActivateRule activates a rule (PUT /pando/pandox/triggers/activate/{id}). */
export function useActivateRule() {
  return useRuleMutation((id: number) => api.put<TriggerSet>(`/pando/pandox/triggers/activate/${id}`));
}

/** useDeactivateRule deactivates a rule, optionally stopping its workflows (POST /pando/pandox/triggers/deactivate/). */
export function useDeactivateRule() {
  return useRuleMutation((p: { id: number; stopWorkflows: boolean }) =>
    api.post<TriggerSet>('/pando/pandox/triggers/deactivate/', { triggerSetId: p.id, stopWorkflows: p.stopWorkflows }),
  );
}

/** useUnarchiveRule restores an archived rule (PUT /pando/pandox/triggers/unarchive/{id}). */
export function useUnarchiveRule() {
  return useRuleMutation((id: number) => api.put<TriggerSet>(`/pando/pandox/triggers/unarchive/${id}`));
}

/** useCopyRule queues copies of one rule, or of all a store's rules, to stores. */
export function useCopyRule() {
  return useRuleMutation((p: { id?: number; fromStoreId: number; storeIds: number[] }) =>
    p.id
      ? api.post<{ queued: number }>(`/pando/pandox/triggers/copy_trigger_set/${p.id}`, { accountPlatformIds: p.storeIds })
      : api.post<{ queued: number }>('/pando/pandox/triggers/copy_trigger_sets/queuerequest', {
          fromAccountPlatformId: p.fromStoreId,
          accountPlatformIds: p.storeIds,
        }),
  );
}

/** useResetRule stops a rule's running workflows (POST /pando/pandox/triggers/reset_trigger_set). */
export function useResetRule() {
  return useRuleMutation((id: number) =>
    api.post<{ stoppedWorkflows: number; cancelledTasks: number }>('/pando/pandox/triggers/reset_trigger_set', { triggerSetId: id }),
  );
}

/** useRuleGroups lists the rule groups of stores (POST /api/RuleGroup/search). */
export function useRuleGroups(storeIds: readonly number[]) {
  return useQuery({
    queryKey: ruleKeys.groups(storeIds),
    queryFn: () => api.post<RuleGroup[]>('/api/RuleGroup/search', { accountPlatformIds: storeIds }),
    enabled: storeIds.length > 0,
  });
}

/** useCreateRuleGroup creates a rule group (POST /api/RuleGroup). */
export function useCreateRuleGroup() {
  return useRuleMutation((g: { name: string; ruleGroupTypeId: number; accountPlatformId: number }) => api.post<RuleGroup>('/api/RuleGroup', g));
}

/** useDeleteRuleGroup deletes a rule group (DELETE /api/RuleGroup/{id}). */
export function useDeleteRuleGroup() {
  return useRuleMutation((id: number) => api.delete<boolean>(`/api/RuleGroup/${id}`));
}

/** The reseed calls' names by rule group type. */
export type ReseedKind = 'reseedSoldRules' | 'reseedLeaseRules';

/** useReseedStatus reads a store's follow-up group's seed status. */
export function useReseedStatus(storeId: number | undefined, kind: ReseedKind) {
  return useQuery({
    queryKey: ruleKeys.reseed(storeId ?? 0, kind),
    queryFn: () => api.get<RuleReseedStatus>(`/api/rulegroup/account_platform/${storeId}/${kind}`),
    enabled: !!storeId,
  });
}

/** useReseed reseeds a store's sold or lease follow-up rules. */
export function useReseed() {
  return useRuleMutation((p: { accountId: number; storeId: number; kind: ReseedKind }) =>
    api.put<RuleReseedStatus>(`/api/rulegroup/account/${p.accountId}/account_platform/${p.storeId}/${p.kind}`),
  );
}

/** useSaveActionTypes saves the action types and their pairing (POST /pando/pandox/saveactiontypes). */
export function useSaveActionTypes() {
  return useRuleMutation((types: RuleActionType[]) => api.post<RuleActionType[]>('/pando/pandox/saveactiontypes', { actionTypes: types }));
}

/** A filter's type and the values it may take. */
export type FilterValues = { filter: { filterId: number; name: string; kind: string }; values: { value: unknown; name: string }[] | null };

/** useFilterValues reads the values a filter may take at a store (PUT /api/TriggerSet/filterValues). */
export function useFilterValues(filterId: number, storeId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...ruleKeys.all(), 'filter-values', filterId, storeId] as const,
    queryFn: () => api.put<FilterValues>('/api/TriggerSet/filterValues', { filterId, accountPlatformId: storeId }),
    enabled: enabled && storeId > 0,
    staleTime: 5 * 60_000,
  });
}
