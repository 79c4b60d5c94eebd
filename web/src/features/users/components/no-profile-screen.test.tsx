import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { START_UP_ERROR_CODES } from '../start-up-error';
import { NO_PROFILE_MESSAGE, NoProfileScreen } from './no-profile-screen';

describe('NoProfileScreen', () => {
  it('shows the message, the error code and a Logout button', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    renderWithProviders(<NoProfileScreen code={START_UP_ERROR_CODES.noUser} embedded={false} onLogout={onLogout} />);

    expect(screen.getByRole('alert')).toHaveTextContent(
      "We're sorry, we couldn't find your user profile. Please try again later or contact support for further assistance.",
    );
    expect(screen.getByText('0x303030')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('hides the Logout button when embedded', () => {
    renderWithProviders(
      <NoProfileScreen code={START_UP_ERROR_CODES.notAuthenticated} embedded onLogout={() => {}} />,
    );

    expect(screen.getByText(NO_PROFILE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('0x101010')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });
});
