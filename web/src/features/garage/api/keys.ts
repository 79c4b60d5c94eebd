/**
 * garageKeys are the query keys of the garage: a customer's garage, a vehicle's trade value and
 * VIN decodings, a vehicle's recalls, appraisals, history report and manufacturer tag details.
 */
export const garageKeys = {
  all: () => ['garage'] as const,
  garages: () => ['garage', 'contact'] as const,
  garage: (contactId: number) => [...garageKeys.garages(), contactId] as const,
  tradeValue: (entityId: number) => ['garage', 'trade-value', entityId] as const,
  vin: (vin: string) => ['garage', 'vin', vin] as const,
  recalls: (entityId: number) => ['garage', 'recalls', entityId] as const,
  appraisers: (storeId: number) => ['garage', 'appraisers', storeId] as const,
  latestAppraisal: (entityId: number) => ['garage', 'appraisal', entityId] as const,
  history: (entityId: number) => ['garage', 'history', entityId] as const,
  manufacturerTag: (entityId: number) => ['garage', 'manufacturer-tag', entityId] as const,
};
