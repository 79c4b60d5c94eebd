import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ApiError } from './api/api-error';
import type { TaskAssignees } from './api/types';
import { useScheduleForm } from './schedule-form';

const assignees: TaskAssignees = {
  accountPlatformId: 2001,
  storeName: 'Northwind Toyota',
  timeZone: 'America/Los_Angeles',
  users: [
    { userId: 'u-1', name: 'Sam Sales', roles: [] },
    { userId: 'u-2', name: 'Bea Bdc', roles: [] },
  ],
};

describe('useScheduleForm', () => {
  it('starts with no time, the signed-in user and the store’s users, the signed-in one marked', () => {
    const { result } = renderHook(() => useScheduleForm('u-2', assignees, null));
    expect(result.current.when).toBe('');
    expect(result.current.assignee).toBe('u-2');
    expect(result.current.timeZone).toBe('America/Los_Angeles');
    expect(result.current.userOptions).toEqual([
      { value: 'u-1', label: 'Sam Sales' },
      { value: 'u-2', label: 'Bea Bdc (me)' },
    ]);
  });

  it.each<{ name: string; problems: Record<string, string>; want: boolean; fields: Record<string, string> }>([
    { name: 'no problems', problems: {}, want: true, fields: { note: 'Too long.' } },
    { name: 'a problem shows over the server’s error', problems: { note: 'Enter a note.' }, want: false, fields: { note: 'Enter a note.' } },
    { name: 'problems of other fields join the server’s', problems: { localDueDt: 'Enter the due date and time.' }, want: false, fields: { note: 'Too long.', localDueDt: 'Enter the due date and time.' } },
  ])('$name', ({ problems, want, fields }) => {
    const refused = new ApiError(400, ['Not valid'], { note: ['Too long.'] });
    const { result } = renderHook(() => useScheduleForm('u-1', undefined, refused));
    expect(result.current.timeZone).toBe('');
    let ok = false;
    act(() => {
      ok = result.current.check(problems);
    });
    expect(ok).toBe(want);
    expect(result.current.fields).toEqual(fields);
  });
});
