import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { LeadsLogRow } from '../../../lib/api/types';
import { formatSpan, leadTiming, telHref } from '../lead-timing';
import { useNow } from '../use-now';
import { LeadSpeed } from './lead-speed';

const ARRIVED = Date.UTC(2026, 10, 20, 16, 0);

type Timing = Pick<LeadsLogRow, 'createdAt' | 'leadStatusId' | 'firstResponseSeconds' | 'responseTargetMinutes'>;

function LiveSpeed({ row }: { row: Timing }) {
  return <LeadSpeed row={row} now={useNow(30_000)} />;
}

afterEach(() => vi.useRealTimers());

describe('LeadSpeed', () => {
  it('counts the age on as time passes, turning orange then red past the target', () => {
    vi.useFakeTimers();
    vi.setSystemTime(ARRIVED + 3 * 60_000);
    render(
      <MantineProvider>
        <LiveSpeed row={{ createdAt: new Date(ARRIVED).toISOString(), leadStatusId: 1, responseTargetMinutes: 10 }} />
      </MantineProvider>,
    );
    const age = () => screen.getByText(/^Waiting/);
    expect(age()).toHaveTextContent('Waiting 3 min');
    expect(age()).toHaveAttribute('data-tone', 'ok');

    act(() => vi.advanceTimersByTime(3 * 60_000));
    expect(age()).toHaveTextContent('Waiting 6 min');
    expect(age()).toHaveAttribute('data-tone', 'due');

    act(() => vi.advanceTimersByTime(5 * 60_000));
    expect(age()).toHaveTextContent('Waiting 11 min');
    expect(age()).toHaveAttribute('data-tone', 'late');
    expect(age()).toHaveAccessibleName('Waiting 11 min, past the 10 min target');
  });

  it('shows a closed lead its age without colour, and an answered one its first response', () => {
    const now = ARRIVED + 3 * 3600_000;
    const { rerender } = render(
      <MantineProvider>
        <LeadSpeed row={{ createdAt: new Date(ARRIVED).toISOString(), leadStatusId: 2, responseTargetMinutes: 15 }} now={now} />
      </MantineProvider>,
    );
    expect(screen.getByText('3 h 00 min')).toHaveAttribute('data-tone', 'none');
    expect(screen.queryByText('Not answered yet')).not.toBeInTheDocument();

    rerender(
      <MantineProvider>
        <LeadSpeed row={{ createdAt: new Date(ARRIVED).toISOString(), leadStatusId: 1, responseTargetMinutes: 15, firstResponseSeconds: 95 }} now={now} />
      </MantineProvider>,
    );
    expect(screen.getByText('3 h 00 min')).toHaveAttribute('data-tone', 'none');
    expect(screen.getByText('First response 1 min')).toHaveAttribute('data-tone', 'ok');
  });
});

describe('lead timing', () => {
  it.each([
    [0, '0 s'],
    [59, '59 s'],
    [60, '1 min'],
    [3599, '59 min'],
    [3600 + 5 * 60, '1 h 05 min'],
    [26 * 3600, '1 d 2 h'],
  ])('formatSpan(%d) = %s', (seconds, want) => {
    expect(formatSpan(seconds)).toBe(want);
  });

  it('takes the default target when the store names none', () => {
    const t = leadTiming({ createdAt: new Date(ARRIVED).toISOString(), leadStatusId: 1, responseTargetMinutes: 0 }, ARRIVED + 16 * 60_000);
    expect(t).toMatchObject({ targetMinutes: 15, ageTone: 'late', responseTone: 'none' });
  });

  it('counts the target to the due time the store\'s working hours give', () => {
    // Arrived at night: the 15 minutes run from the next opening, ten hours later.
    const due = new Date(ARRIVED + 10 * 3600_000 + 15 * 60_000).toISOString();
    const row = { createdAt: new Date(ARRIVED).toISOString(), leadStatusId: 1, responseTargetMinutes: 15, responseDueAt: due };
    expect(leadTiming(row, ARRIVED + 3 * 3600_000).ageTone).toBe('ok');
    expect(leadTiming(row, ARRIVED + 10 * 3600_000 + 8 * 60_000).ageTone).toBe('due');
    expect(leadTiming(row, ARRIVED + 10 * 3600_000 + 16 * 60_000).ageTone).toBe('late');
  });

  it('dials a displayed number', () => {
    expect(telHref('(503) 555-0134')).toBe('tel:5035550134');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(telHref('(503) 555-0178 x12')).toBe('tel:5035550178');
  });
});
