import { MantineProvider, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { notify, TOAST_CLOSE_MS, TOAST_LIMIT } from '../lib/notify';
import { NotificationsContainer } from './notifications-container';

/** A form field whose error the test sets, as a form does after a refused save. */
function Field() {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <TextInput label="Email" error={error} />
      <button type="button" onClick={() => setError('Invalid email. Please enter a valid email address.')}>
        Save
      </button>
    </>
  );
}

function renderToasts() {
  return render(
    <MantineProvider>
      <NotificationsContainer />
      <Field />
    </MantineProvider>,
  );
}

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('close by themselves', async () => {
    vi.useFakeTimers();
    renderToasts();
    act(() => notify('success', 'The call was logged.'));
    expect(await vi.waitFor(() => screen.getByText('The call was logged.'))).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TOAST_CLOSE_MS.success + 1000));
    await vi.waitFor(() => expect(screen.queryByText('The call was logged.')).not.toBeInTheDocument());
  });

  it(`show at most ${TOAST_LIMIT} at once`, async () => {
    renderToasts();
    act(() => {
      for (let i = 1; i <= 5; i++) notify('success', `Saved ${i}.`);
    });
    await screen.findByText('Saved 1.');
    expect(screen.getAllByText(/^Saved \d\.$/)).toHaveLength(TOAST_LIMIT);
  });

  it('close when a field is marked invalid, so none covers it', async () => {
    renderToasts();
    act(() => {
      notify('success', 'The customer was saved.');
      notify('success', 'The call was logged.');
    });
    await screen.findByText('The call was logged.');
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => {
      expect(screen.queryByText('The customer was saved.')).not.toBeInTheDocument();
      expect(screen.queryByText('The call was logged.')).not.toBeInTheDocument();
    });
  });
});
