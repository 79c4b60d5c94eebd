import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../testing/render';
import { Clock, msUntilNextMinute } from './clock';

describe('Clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date(2026, 10, 21, 10, 0, 30, 0));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks on the minute boundary, not a minute after it started', () => {
    renderWithProviders(<Clock />);
    expect(screen.getByText('10:00 AM')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(29_999));
    expect(screen.getByText('10:00 AM')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('10:01 AM')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(59_999));
    expect(screen.getByText('10:01 AM')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('10:02 AM')).toBeInTheDocument();
  });
});

describe('msUntilNextMinute', () => {
  it.each([
    [0, 60_000],
    [1, 59_999],
    [59_999, 1],
    [120_000, 60_000],
  ])('%i → %i', (now, want) => {
    expect(msUntilNextMinute(now)).toBe(want);
  });
});
