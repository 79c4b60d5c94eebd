/** Per-field messages from a rejected request, keyed by field name. */
export type FieldErrors = Record<string, string[]>;

/**
 * ApiError is the one error type the API client throws: an HTTP failure, an unsuccessful
 * envelope or a response the client could not read. `status` is 0 when no response arrived.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];
  readonly fieldErrors: FieldErrors;

  constructor(status: number, messages: string[], fieldErrors: FieldErrors = {}) {
    super(messages[0] ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.messages = messages;
    this.fieldErrors = fieldErrors;
  }
}

/** isApiError reports whether err is an ApiError, optionally with the given status. */
export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}
