import { api } from '../../../lib/api/client';
import type { RevealedSensitive } from '../../../lib/api/types';

/**
 * SensitiveField names a sensitive field of a customer as the reveal call takes it: the SSN,
 * the driver licence number, or a bank's account or routing number (banks counted from 0).
 */
export type SensitiveField =
  | 'ssn'
  | 'driverLicense.number'
  | `banks[${number}].accountNumber`
  | `banks[${number}].routingNumber`;

/**
 * revealSensitive reads the whole value of one sensitive field of a customer
 * (POST /crm/contacts/{id}/sensitive/reveal). The server records the reveal in the audit log and
 * answers with Cache-Control: no-store. The value is deliberately not a query: it is kept only
 * in the state of the component that asked for it, never in the query cache.
 */
export function revealSensitive(contactId: number, field: SensitiveField): Promise<RevealedSensitive> {
  return api.post<RevealedSensitive>(`/crm/contacts/${contactId}/sensitive/reveal`, { field });
}
