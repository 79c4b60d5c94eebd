import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { LoadingScreen } from './loading-screen';

describe('LoadingScreen', () => {
  it('says the user profile is loading', () => {
    renderWithProviders(<LoadingScreen />);

    expect(screen.getByRole('heading', { name: 'Loading user profile' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading user profile');
  });

  it('offers a reload link that reloads the page', async () => {
    const user = userEvent.setup();
    const onReload = vi.fn();
    renderWithProviders(<LoadingScreen onReload={onReload} />);

    const link = screen.getByRole('link', { name: 'Reload' });
    await user.click(link);

    expect(onReload).toHaveBeenCalledOnce();
  });

  it('reaches the reload link from the keyboard', async () => {
    const user = userEvent.setup();
    const onReload = vi.fn();
    renderWithProviders(<LoadingScreen onReload={onReload} />);

    await user.tab();
    expect(screen.getByRole('link', { name: 'Reload' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(onReload).toHaveBeenCalledOnce();
  });
});
