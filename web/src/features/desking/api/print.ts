import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { PrintForm, PrintPacket } from '../../../lib/api/types';
import { printKeys } from './keys';

/** usePrintForms reads the forms a store prints (POST /api/form/search). */
export function usePrintForms(storeId: number) {
  return useQuery({
    queryKey: printKeys.forms(storeId),
    queryFn: () => api.post<PrintForm[]>('/api/form/search', { dealerId: storeId }),
    enabled: storeId > 0,
    staleTime: 5 * 60_000,
  });
}

/** usePrintPackets reads the packets a store prints, each with its forms (POST /api/packet/search, by dealer). */
export function usePrintPackets(storeId: number) {
  return useQuery({
    queryKey: printKeys.packets(storeId),
    queryFn: () => api.post<PrintPacket[]>('/api/packet/search', { dealerId: storeId }),
    enabled: storeId > 0,
    staleTime: 5 * 60_000,
  });
}

/** PacketVars are a packet's name and forms; a change names the packet and the version the user saw. */
export type PacketVars = { packetId?: number; accountPlatformId: number; name: string; formIds: number[]; version?: number };

/** useSavePacket creates or changes a packet; the store's packets are read again. */
export function useSavePacket(storeId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ packetId, ...body }: PacketVars) =>
      packetId ? api.put<PrintPacket>(`/api/packet/${packetId}`, body) : api.post<PrintPacket>('/api/packet/create', body),
    meta: { silent: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: printKeys.packets(storeId) }),
  });
}

/** useDeletePacket deletes a packet at the version the user saw. */
export function useDeletePacket(storeId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ packetId, version }: { packetId: number; version: number }) => api.delete<boolean>(`/api/packet/${packetId}?version=${version}`),
    meta: { silent: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: printKeys.packets(storeId) }),
  });
}

/** RenderVars name what to print (a form, forms or a packet) and the deal that fills it: a desk, or the customer alone. */
export type RenderVars = { formId?: number; formIds?: number[]; packetId?: number; deskId?: number; contactId?: number };

/** renderForm prints a form with a deal's data and returns the PDF (POST /api/form/render). */
export async function renderForm(vars: RenderVars): Promise<Blob> {
  const response = await api.stream('/api/form/render', { method: 'POST', body: vars });
  return response.blob();
}

/** useRenderForm prints a form; the form shows a failure itself. */
export function useRenderForm() {
  return useMutation({ mutationFn: renderForm, meta: { silent: true } });
}
