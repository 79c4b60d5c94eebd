import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { DealsheetView } from '../../../lib/api/types';
import { dealsheetKeys } from './keys';

/** DealsheetList is the deal sheets of a customer or a lead's customer. */
export type DealsheetList = { contactId: number; items: DealsheetView[] | null };

/** useLeadDealsheets reads the deal sheets of a lead's customer (GET /api/Dealsheet/lead/{id}). */
export function useLeadDealsheets(leadId: number) {
  return useQuery({ queryKey: dealsheetKeys.lead(leadId), queryFn: () => api.get<DealsheetList>(`/api/Dealsheet/lead/${leadId}`), enabled: leadId > 0 });
}

/** useCustomerDealsheets reads the deal sheets of a customer (GET /api/Dealsheet/customer/{id}). */
export function useCustomerDealsheets(contactId: number) {
  return useQuery({ queryKey: dealsheetKeys.customer(contactId), queryFn: () => api.get<DealsheetList>(`/api/Dealsheet/customer/${contactId}`), enabled: contactId > 0 });
}
