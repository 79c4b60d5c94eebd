import { errorMessage } from '../notify';
import { isApiError } from './api-error';

/** fieldErrorsOf are the first message of each field a refused call names. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isApiError(err)) return out;
  for (const [field, messages] of Object.entries(err.fieldErrors ?? {})) if (messages[0]) out[field] = messages[0];
  return out;
}

/** generalError is a refusal's message when it names no field, or null. */
export function generalError(err: unknown): string | null {
  if (!err) return null;
  return Object.keys(fieldErrorsOf(err)).length === 0 ? errorMessage(err) : null;
}
