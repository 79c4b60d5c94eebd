import { useState } from 'react';

import { fieldErrorsOf } from './api/field-errors';
import type { TaskAssignees } from './api/types';

/**
 * useScheduleForm is the state a form shares that schedules something about a customer for a
 * user of a store (an appointment, a task): the time entered as the store's clocks read it, the
 * user it is for (userId, the signed-in user, at first) and the problems found before sending.
 * assignees are the store's users with its time zone; error is the send's refusal, whose field
 * errors fields holds below the problems found.
 */
export function useScheduleForm(userId: string, assignees: TaskAssignees | undefined, error: unknown) {
  const [when, setWhen] = useState('');
  const [assignee, setAssignee] = useState<string | null>(userId);
  const [checked, setChecked] = useState<Record<string, string>>({});
  return {
    when,
    setWhen,
    assignee,
    setAssignee,
    /** The store's time zone, which the time is entered in ('' until its users load). */
    timeZone: assignees?.timeZone ?? '',
    /** The store's users to choose from, the signed-in user marked "(me)". */
    userOptions: (assignees?.users ?? []).map((u) => ({ value: u.userId, label: u.userId === userId ? `${u.name} (me)` : u.name })),
    fields: { ...fieldErrorsOf(error), ...checked },
    /** check shows the problems found before sending, by field, and reports whether there are none. */
    check: (problems: Record<string, string>) => {
      setChecked(problems);
      return Object.keys(problems).length === 0;
    },
  };
}
