import { describe, expect, it } from 'vitest';

import { ApiError } from '../../lib/api/api-error';
import { startUpErrorCode } from './start-up-error';

describe('startUpErrorCode', () => {
  const cases: { name: string; error: unknown; want: string }[] = [
    { name: 'no profile (404)', error: new ApiError(404, []), want: '0x303030' },
    { name: 'no auth or expired token (401)', error: new ApiError(401, []), want: '0x101010' },
    { name: 'server failure', error: new ApiError(500, ['boom']), want: '0x808080' },
    { name: 'unreachable', error: new ApiError(0, []), want: '0x808080' },
    { name: 'not an API error', error: new Error('x'), want: '0x808080' },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      expect(startUpErrorCode(tc.error)).toBe(tc.want);
    });
  }
});
