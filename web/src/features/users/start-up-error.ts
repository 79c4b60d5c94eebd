import { isApiError } from '../../lib/api/api-error';

/** Error codes shown on the no-profile screen. */
export const START_UP_ERROR_CODES = {
  impersonating: '0x202020',
  notAuthenticated: '0x101010',
  noUser: '0x303030',
  other: '0x808080',
} as const;

export type StartUpErrorCode = (typeof START_UP_ERROR_CODES)[keyof typeof START_UP_ERROR_CODES];

/** startUpErrorCode maps a failed profile load to the code the no-profile screen shows. */
export function startUpErrorCode(error: unknown): StartUpErrorCode {
  if (isApiError(error, 401)) return START_UP_ERROR_CODES.notAuthenticated;
  if (isApiError(error, 404)) return START_UP_ERROR_CODES.noUser;
  return START_UP_ERROR_CODES.other;
}
