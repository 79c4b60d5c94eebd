import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { CallArchiveSettings, CallCounts, CallLogFilter, CallLogRow, CallLogSearchBody, PageData, TrackedCall } from '../../../lib/api/types';
import { callLogKeys } from './keys';

export type CallLogPage = { rows: CallLogRow[]; pageData?: PageData };

/** searchCallLog reads one page of the Call Log (POST /api/calltracking/dashboard/search). */
export async function searchCallLog(body: CallLogSearchBody): Promise<CallLogPage> {
  const { data, pageData } = await api.request<CallLogRow[] | null>('/api/calltracking/dashboard/search', { method: 'POST', body });
  return { rows: data ?? [], pageData };
}

export function useCallLog(body: CallLogSearchBody, enabled = true) {
  return useQuery({ queryKey: callLogKeys.search(body), queryFn: () => searchCallLog(body), enabled, placeholderData: keepPreviousData });
}

/** useCallCounts reads the filter's counts (POST /api/calltracking/dashboard/get_call_tracking_counts). */
export function useCallCounts(filter: CallLogFilter, enabled = true) {
  return useQuery({
    queryKey: callLogKeys.counts(filter),
    queryFn: () => api.post<CallCounts>('/api/calltracking/dashboard/get_call_tracking_counts', filter),
    enabled,
  });
}

/** useUnmatchedCalls reads the calls no customer was found for (POST /api/calltracking/dashboard/get_unmatched_calls_data). */
export function useUnmatchedCalls(stores: number[], enabled = true) {
  return useQuery({
    queryKey: callLogKeys.unmatched(stores),
    queryFn: async () =>
      (await api.post<CallLogRow[] | null>('/api/calltracking/dashboard/get_unmatched_calls_data', { accountPlatformIds: stores, pageSize: 100 })) ?? [],
    enabled: enabled && stores.length > 0,
  });
}

type CallRef = { accountPlatformId: number; callId: string; version: number };

function useCallChange<B extends CallRef>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api.post<TrackedCall>(path, body),
    onSettled: () => qc.invalidateQueries({ queryKey: callLogKeys.all() }),
  });
}

/** useMatchCall matches a call to a customer (POST /api/calltracking/dashboard/match_call_log_entry). */
export const useMatchCall = () => useCallChange<CallRef & { contactId: number }>('/api/calltracking/dashboard/match_call_log_entry');
/** useHideCall hides or shows a call (POST /api/calltracking/dashboard/hide_or_show_call). */
export const useHideCall = () => useCallChange<CallRef & { hidden: boolean }>('/api/calltracking/dashboard/hide_or_show_call');
/** useAssignLoggedBy records who took a call (POST /api/calltracking/dashboard/assign_logged_by_user). */
export const useAssignLoggedBy = () => useCallChange<CallRef & { userId: string }>('/api/calltracking/dashboard/assign_logged_by_user');

/** useArchiveSettings reads a store's auto-archive settings (GET /api/calltracking/dashboard/get_auto_archive_settings). */
export function useArchiveSettings(storeId: number) {
  return useQuery({
    queryKey: callLogKeys.archive(storeId),
    queryFn: () => api.get<CallArchiveSettings>(`/api/calltracking/dashboard/get_auto_archive_settings?accountPlatformId=${storeId}`),
    enabled: storeId > 0,
  });
}

/** useSaveArchiveSettings saves them (POST /api/calltracking/dashboard/save_auto_archive_settings). */
export function useSaveArchiveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { accountPlatformId: number; enabled: boolean; days: number; version: number }) =>
      api.post<CallArchiveSettings>('/api/calltracking/dashboard/save_auto_archive_settings', body),
    onSettled: () => qc.invalidateQueries({ queryKey: callLogKeys.all() }),
  });
}

/** exportCallLog downloads the Call Log's CSV (POST /api/calltracking/dashboard/export). */
export async function exportCallLog(filter: CallLogFilter): Promise<Blob> {
  const response = await api.stream('/api/calltracking/dashboard/export', { method: 'POST', body: filter });
  return response.blob();
}

/** saveFile offers blob to the user as a download named name. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export type StoreUser = { Id: string; Name: string };

/** useStoreUsers lists the active users of a store (POST /core/users/withpermissions), who may have taken its calls. */
export function useStoreUsers(storeId: number, enabled = true) {
  return useQuery({
    queryKey: [...callLogKeys.all(), 'users', storeId] as const,
    queryFn: async () => (await api.post<StoreUser[] | null>(`/core/users/withpermissions?accountPlatformId=${storeId}&status=1`)) ?? [],
    enabled: enabled && storeId > 0,
    staleTime: 5 * 60_000,
  });
}

export type ProviderPhone = { phone: string; label: string; isDefault: boolean };

/** useProviderPhones reads the user's phones at a store (GET /api/calltracking/get_current_user_provider_phones). */
export function useProviderPhones(storeId: number) {
  return useQuery({
    queryKey: [...callLogKeys.all(), 'phones', storeId] as const,
    queryFn: async () => (await api.get<ProviderPhone[] | null>(`/api/calltracking/get_current_user_provider_phones?accountPlatformId=${storeId}`)) ?? [],
    enabled: storeId > 0,
  });
}

/** useSaveProviderPhone saves one of them (POST /api/calltracking/save_user_provider_phone). */
export function useSaveProviderPhone() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { accountPlatformId: number; phone: string; label: string; isDefault: boolean }) =>
      api.post<ProviderPhone[]>('/api/calltracking/save_user_provider_phone', body),
    onSettled: () => qc.invalidateQueries({ queryKey: callLogKeys.all() }),
  });
}
