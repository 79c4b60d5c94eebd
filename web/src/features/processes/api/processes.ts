import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type {
  FormAnswersBody,
  FormLoad,
  ProcessCounts,
  ProcessDashboardBody,
  ProcessView,
  StartList,
  StartProcessBody,
  StartResult,
} from '../../../lib/api/types';
import { activityKeys } from '../../activity';
import { contactKeys } from '../../contacts';
import { processKeys } from './keys';

/** startList reads the templates a user may start for a customer of store storeId (GET /pando/workflowtemplate/startlistcustomer). */
export function startList(storeId: number): Promise<StartList> {
  return api.get<StartList>(`/pando/workflowtemplate/startlistcustomer?accountPlatformId=${storeId}`);
}

/** useStartList reads the start-process modal's list: WorkflowTemplates and Top5Recent. */
export function useStartList(storeId: number, enabled: boolean) {
  return useQuery({ queryKey: processKeys.startList(storeId), queryFn: () => startList(storeId), enabled: enabled && storeId > 0, meta: { silent: true } });
}

/** contactProcesses lists a customer's processes, the latest started first (POST /api/workflows/). */
export async function contactProcesses(contactId: number): Promise<ProcessView[]> {
  return (await api.post<ProcessView[] | null>('/api/workflows/', { ContactId: contactId })) ?? [];
}

export function contactProcessesQueryOptions(contactId: number) {
  return queryOptions({ queryKey: processKeys.contact(contactId), queryFn: () => contactProcesses(contactId), meta: { silent: true } });
}

/** useContactProcesses reads a customer's processes. */
export function useContactProcesses(contactId: number) {
  return useQuery(contactProcessesQueryOptions(contactId));
}

/** stepForm loads a step's form with its answers (GET /pando/forms/step/{id}), or, to read, its view (GET /pando/forms/{id}/view). */
export function stepForm(stepId: string, view = false): Promise<FormLoad> {
  const id = encodeURIComponent(stepId);
  return api.get<FormLoad>(view ? `/pando/forms/${id}/view` : `/pando/forms/step/${id}`);
}

/** startForm loads a template's start form (GET /pando/formtemplate/getstartform/{templateId}). */
export function startForm(templateId: number): Promise<FormLoad> {
  return api.get<FormLoad>(`/pando/formtemplate/getstartform/${templateId}`);
}

/** FormSource is what the form taker loads: a step instance's form, or a template's start form. */
export type FormSource = { mode: 'step'; stepId: string; view?: boolean } | { mode: 'start'; templateId: number };

/** useFormLoad loads the form of source, when there is one. */
export function useFormLoad(source: FormSource | null) {
  return useQuery({
    queryKey: source?.mode === 'start' ? processKeys.startForm(source.templateId) : processKeys.form(source?.stepId ?? ''),
    queryFn: () => (source?.mode === 'start' ? startForm(source.templateId) : stepForm(source?.mode === 'step' ? source.stepId : '', source?.mode === 'step' && source.view)),
    enabled: source !== null,
    staleTime: 0,
    gcTime: 0,
    meta: { silent: true },
  });
}

/** StartRequest starts a template at a store for a customer (or a deal), with the first step's answers when the form taker starts it. */
export type StartRequest = { templateId: number; storeId: number; body: StartProcessBody };

/** startProcess starts a process (POST /pando/workflowtemplate/starttemplate/{templateId}/{platformId}). */
export function startProcess({ templateId, storeId, body }: StartRequest): Promise<StartResult> {
  return api.post<StartResult>(`/pando/workflowtemplate/starttemplate/${templateId}/${storeId}`, body);
}

/** saveForm keeps a step's answers (POST /pando/forms/save). */
export function saveForm(body: FormAnswersBody): Promise<StartResult> {
  return api.post<StartResult>('/pando/forms/save', body);
}

/** submitForm submits a step's answers (POST /pando/forms/submit). */
export function submitForm(body: FormAnswersBody): Promise<StartResult> {
  return api.post<StartResult>('/pando/forms/submit', body);
}

/** useRefreshProcesses returns what a process change makes stale: the customer's processes, the dashboard, the start list's recent templates. */
function useRefreshProcesses() {
  const client = useQueryClient();
  return (contactId: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: processKeys.contact(contactId) }),
      client.invalidateQueries({ queryKey: processKeys.dashboard() }),
      client.invalidateQueries({ queryKey: ['processes', 'start-list'] }),
      client.invalidateQueries({ queryKey: activityKeys.all(contactId) }),
      client.invalidateQueries({ queryKey: contactKeys.snapshot(contactId) }),
    ]);
}

/** useStartProcess starts a process for the customer contactId and refreshes what shows it. */
export function useStartProcess(contactId: number) {
  const refresh = useRefreshProcesses();
  return useMutation({ mutationFn: startProcess, onSettled: () => refresh(contactId), meta: { silent: true } });
}

/** useFormWrite saves or submits a step's answers for the customer contactId and refreshes what shows it. */
export function useFormWrite(contactId: number) {
  const refresh = useRefreshProcesses();
  return useMutation({
    mutationFn: ({ submit, body }: { submit: boolean; body: FormAnswersBody }) => (submit ? submitForm(body) : saveForm(body)),
    onSettled: () => refresh(contactId),
    meta: { silent: true },
  });
}

/** useProcessCounts reads the process dashboard's counts for the stores (POST /pando/workflow/dashboardCounts). */
export function useProcessCounts(stores: readonly number[]) {
  return useQuery({
    queryKey: processKeys.counts(stores),
    queryFn: () => api.post<ProcessCounts>('/pando/workflow/dashboardCounts', { AccountPlatformIds: stores }),
    enabled: stores.length > 0,
    meta: { silent: true },
  });
}

/** useProcessPage reads a page of the process dashboard's list (POST /pando/workflow/processDashboard). */
export function useProcessPage(stores: readonly number[], status: number, page: number) {
  return useQuery({
    queryKey: processKeys.page(stores, status, page),
    queryFn: async () => {
      const body: ProcessDashboardBody = { AccountPlatformIds: [...stores], Status: status, pageNumber: page, pageSize: 10 };
      const { data, pageData } = await api.request<ProcessView[] | null>('/pando/workflow/processDashboard', { method: 'POST', body });
      return { rows: data ?? [], pageData };
    },
    enabled: stores.length > 0,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
