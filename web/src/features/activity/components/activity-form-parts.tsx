import { Alert, Button, Group } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

import { isApiError } from '../../../lib/api/api-error';
import { errorMessage } from '../../../lib/notify';

// Pieces shared by the activity dialogs' forms.

/** newRequestId names one submission of a dialog, so a retried request has no second effect. */
export function newRequestId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** firstError returns a field's first server message. */
export function firstError(err: unknown, field: string): string | undefined {
  return isApiError(err) ? err.fieldErrors[field]?.[0] : undefined;
}

/** FormProblem shows a failure that belongs to no field of the form. */
export function FormProblem({ error, fields }: { error: unknown; fields: string[] }) {
  if (!error) return null;
  if (isApiError(error) && Object.keys(error.fieldErrors).some((f) => fields.includes(f))) return null;
  return (
    <Alert color="red" role="alert">
      {errorMessage(error)}
    </Alert>
  );
}

/** Actions are a form's Cancel and submit buttons. */
export function Actions({ onCancel, pending, children }: { onCancel: () => void; pending: boolean; children: ReactNode }) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {children}
      </Button>
    </Group>
  );
}

/** submitWith makes a form's submit handler that runs fn instead of submitting the page. */
export function submitWith(fn: () => void) {
  return (e: FormEvent) => {
    e.preventDefault();
    fn();
  };
}
