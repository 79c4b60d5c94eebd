import { isApiError } from '../../lib/api/api-error';
import type { LeadsLogRow, LeadTradeIn, LeadVehicleOfInterest, LeadView } from '../../lib/api/types';
import { errorMessage } from '../../lib/notify';

/**
 * LeadRef is what the lead modals need of a lead; the Leads Log's rows and the customer's
 * leads both have it.
 */
export type LeadRef = Pick<
  LeadView,
  'crmLeadId' | 'version' | 'comments' | 'accountPlatformId' | 'leadStatusId' | 'displayStatusId' | 'leadTypeId' | 'leadSourceId' | 'salesPersonId' | 'bdcAgentId' | 'vehiclesOfInterest' | 'tradeIns'
> & { contactName?: string };

/** vehicleLabel names a vehicle by year, make, model and trim, else by VIN or stock number. */
export function vehicleLabel(v: LeadVehicleOfInterest | LeadTradeIn): string {
  const name = [v.year ? String(v.year) : '', v.make, v.model, v.trim].filter(Boolean).join(' ');
  if (name) return name;
  if (v.vin) return `VIN ${v.vin}`;
  if (v.stockNumber) return `Stock ${v.stockNumber}`;
  return 'Vehicle';
}

/** chosenVehicle is the customer's chosen vehicle of interest (the first one when none is marked). */
export function chosenVehicle(vehicles: readonly LeadVehicleOfInterest[] | null | undefined): LeadVehicleOfInterest | undefined {
  return vehicles?.find((v) => v.isPrimary) ?? vehicles?.[0];
}

/** The message shown when a lead changed under the user (409) and the server said nothing more. */
export const LEAD_CONFLICT_MESSAGE = 'This lead was changed by someone else. Close this window, reload the lead and try again.';

/**
 * leadErrorMessage is the text a modal shows for a refused lead call: the server's messages, or
 * for a 409 without any, that someone changed the lead meanwhile.
 */
export function leadErrorMessage(err: unknown): string {
  if (isApiError(err, 409) && err.messages.length === 0) return LEAD_CONFLICT_MESSAGE;
  return errorMessage(err);
}

/** fieldErrorsOf are the first message of each field a refused call names. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isApiError(err)) return out;
  for (const [field, messages] of Object.entries(err.fieldErrors ?? {})) if (messages[0]) out[field] = messages[0];
  return out;
}

/**
 * LeadChange is what a user just did to a lead from a list: the fields the server answered
 * with and a sentence saying what happened, so the list can keep showing the lead as it now
 * is.
 */
export type LeadChange = { crmLeadId: number; changes: Partial<LeadsLogRow>; note: string };
