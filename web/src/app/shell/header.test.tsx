import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { salesUser } from '../../testing/fixtures';
import { currentUser, userSettings } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { FOCUS_RING_ROOM } from './side-nav';

// The header's menus and the customer palette load when first wanted; these check that the
// keyboard reaches them the first time as well as later.
describe('the header from the keyboard', () => {
  it('opens the user menu with Enter the first time and gives the focus back on Escape', async () => {
    const user = userEvent.setup();
    server.use(currentUser(salesUser), ...userSettings().handlers);
    renderApp('/app/default');

    const trigger = await screen.findByRole('button', { name: 'User menu: Sam Ortega' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('menuitemcheckbox', { name: 'Horizontal menu' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitemcheckbox', { name: 'Horizontal menu' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'User menu: Sam Ortega' })).toHaveFocus());
  });

  it('opens the customer palette with Ctrl+K from a text field, and from the button with its tooltip', async () => {
    const user = userEvent.setup();
    server.use(currentUser(salesUser), ...userSettings().handlers);
    renderApp('/app/default');
    await screen.findByRole('button', { name: 'User menu: Sam Ortega' });

    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Find a customer' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Find a customer' })).not.toBeInTheDocument());
    field.remove();

    // Pointing at the button loads and shows its tooltip; pressing it opens the palette again.
    await user.hover(screen.getAllByRole('button', { name: 'Find a customer' })[0]!);
    expect(await screen.findByText('Find a customer (Ctrl+K)')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Find a customer' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Find a customer' })).toBeInTheDocument();
  });
});

describe('skipping to the content', () => {
  it('offers "Skip to content" first, and it moves the focus to the page without changing the address', async () => {
    const user = userEvent.setup();
    server.use(currentUser(salesUser), ...userSettings().handlers);
    const { router } = renderApp('/app/default');
    await screen.findByRole('heading', { name: 'Welcome, Sam' });

    document.body.focus();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();

    await user.keyboard('{Enter}');

    expect(screen.getByRole('main')).toHaveFocus();
    expect(router.state.location.pathname).toBe('/app/default');
    // The next Tab goes on from the page, not from the header.
    await user.tab();
    expect(screen.getByRole('main')).toContainElement(document.activeElement as HTMLElement);
  });

  it('leaves room around the side navigation for its focus ring', async () => {
    server.use(currentUser(salesUser), ...userSettings().handlers);
    renderApp('/app/default');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    // The ring is 2px wide, 2px outside the link: the menu's scrolling box must leave at least 4px.
    await waitFor(() => expect(nav.querySelector('a')).not.toBeNull());
    expect(FOCUS_RING_ROOM).toBeGreaterThanOrEqual(4);
    expect(nav.style.padding).toContain(`${FOCUS_RING_ROOM / 16}rem`);
  });
});
