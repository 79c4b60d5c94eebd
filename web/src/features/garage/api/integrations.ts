import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api/client';
import type { AppraisalResult, Appraiser, LatestAppraisal, ManufacturerTagDetails, VehicleHistoryReport } from '../../../lib/api/types';
import { garageKeys } from './keys';
import { useInvalidateGarage } from './save-vehicle';

/** useAppraisers reads a store's appraisers (GET /api/VAuto/appraisal/GetUsers). */
export function useAppraisers(storeId: number) {
  return useQuery({
    queryKey: garageKeys.appraisers(storeId),
    queryFn: () => api.get<Appraiser[]>(`/api/VAuto/appraisal/GetUsers?dealerId=${storeId}`),
    staleTime: 10 * 60_000,
  });
}

/** useLatestAppraisal reads a garage vehicle's newest appraisal (POST /api/VAuto/appraisal/get_latest_by_vin). */
export function useLatestAppraisal(entityId: number) {
  return useQuery({
    queryKey: garageKeys.latestAppraisal(entityId),
    queryFn: () => api.post<LatestAppraisal>('/api/VAuto/appraisal/get_latest_by_vin', { entityId }),
  });
}

/** AppraisalParams is a new appraisal of a garage vehicle at the version the user saw. */
export type AppraisalParams = {
  contactId: number;
  entityId: number;
  version: number;
  odometer: number;
  condition: string;
  appraiserId: string;
  notes?: string;
};

/** useCreateAppraisal appraises a garage vehicle; its value becomes the trade value (POST /api/VAuto/appraisal/create). */
export function useCreateAppraisal() {
  const invalidate = useInvalidateGarage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId: _contactId, ...body }: AppraisalParams) => api.post<AppraisalResult>('/api/VAuto/appraisal/create', body),
    onSuccess: (_r, { contactId, entityId }) => {
      invalidate(contactId);
      void queryClient.invalidateQueries({ queryKey: garageKeys.latestAppraisal(entityId) });
    },
  });
}

/** useHistoryReport reads a garage vehicle's history report (POST /api/dealsheet/integrations/CarProof). */
export function useHistoryReport(entityId: number) {
  return useQuery({
    queryKey: garageKeys.history(entityId),
    queryFn: () => api.post<VehicleHistoryReport>('/api/dealsheet/integrations/CarProof', { entityId }),
    staleTime: 30 * 60_000,
    retry: false,
  });
}

/** useManufacturerTag reads a garage vehicle's manufacturer tag details (POST /api/dealsheet/integrations/submit_oasis). */
export function useManufacturerTag(entityId: number) {
  return useQuery({
    queryKey: garageKeys.manufacturerTag(entityId),
    queryFn: () => api.post<ManufacturerTagDetails>('/api/dealsheet/integrations/submit_oasis', { entityId }),
    staleTime: 30 * 60_000,
    retry: false,
  });
}
