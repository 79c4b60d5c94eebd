import { describe, expect, it } from 'vitest';

import { ApiError } from './api/api-error';
import { DEFAULT_FAILURE_MESSAGE, errorMessage, NOTIFICATION_BODY_MAX, truncate } from './notify';

describe('truncate', () => {
  it('keeps text within the limit', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('x'.repeat(10), 10)).toBe('x'.repeat(10));
  });

  it('cuts longer text to the limit, ending with an ellipsis', () => {
    const cut = truncate('y'.repeat(600), NOTIFICATION_BODY_MAX);
    expect(cut).toHaveLength(NOTIFICATION_BODY_MAX);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('errorMessage', () => {
  it('joins the server messages', () => {
    expect(errorMessage(new ApiError(400, ['one', 'two']))).toBe('one\ntwo');
  });

  it('falls back to the default failure message', () => {
    expect(errorMessage(new ApiError(500, []))).toBe(DEFAULT_FAILURE_MESSAGE);
    expect(errorMessage(new Error('internal detail'))).toBe(DEFAULT_FAILURE_MESSAGE);
  });
});
