/**
 * garageKeys are the query keys of the garage: a customer's garage, a vehicle's trade value and
 * VIN decodings.
 */
export const garageKeys = {
  all: () => ['garage'] as const,
  garages: () => ['garage', 'contact'] as const,
  garage: (contactId: number) => [...garageKeys.garages(), contactId] as const,
  tradeValue: (entityId: number) => ['garage', 'trade-value', entityId] as const,
  vin: (vin: string) => ['garage', 'vin', vin] as const,
  recalls: (entityId: number) => ['garage', 'recalls', entityId] as const,
};
