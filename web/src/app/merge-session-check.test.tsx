import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { salesUser } from '../testing/fixtures';
import { currentUser, userSettings } from '../testing/handlers';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import { mergeSessionRequest } from './merge-session-check';

afterEach(() => {
  vi.useRealTimers();
});

describe('contact-merge check', () => {
  it('runs about 2 seconds after start-up and says contact merge is not available yet', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    server.use(currentUser(salesUser), ...userSettings().handlers);

    renderApp('/app/contactsearch?openMergeSession=true&platformId=101&contactId=55');
    await screen.findByRole('textbox', { name: 'Search customers' });

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByText(/Contact merge is not available yet/)).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1_100));

    expect(
      await screen.findByText(
        'Contact merge is not available yet. The merge of contact 55 at store 101 will open here when it is.',
      ),
    ).toBeInTheDocument();
  });
});

describe('mergeSessionRequest', () => {
  it.each([
    ['?openMergeSession=true&platformId=101&contactId=55', { platformId: '101', contactId: '55' }],
    ['?openMergeSession=false&platformId=101&contactId=55', null],
    ['?openMergeSession=true&contactId=55', null],
    ['?openMergeSession=true&platformId=101', null],
    ['', null],
  ])('%s → %j', (search, want) => {
    expect(mergeSessionRequest(search)).toEqual(want);
  });
});
