import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { RealtimeStatus } from './realtime-status';

describe('RealtimeStatus', () => {
  it.each([
    ['connecting', 'Live updates: connecting'],
    ['connected', 'Live updates: connected'],
    ['failed', 'Live updates: failed, reconnecting every 10 seconds'],
  ] as const)('names the %s state', (state, label) => {
    renderWithProviders(<RealtimeStatus state={state} />);
    expect(screen.getByRole('status', { name: label })).toBeInTheDocument();
  });
});
