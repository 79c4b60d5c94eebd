import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { MergeSession } from '../lib/api/types';

import { salesUser } from '../testing/fixtures';
import { currentUser, userSettings } from '../testing/handlers';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import { mergeSessionRequest } from './merge-session-request';

afterEach(() => {
  vi.useRealTimers();
});

describe('contact-merge check', () => {
  it("adds the link's customer to the merge session about 2 seconds after start-up, once", async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const ops: { op: string; body: unknown }[] = [];
    let session: MergeSession | null = null;
    server.use(
      currentUser(salesUser),
      ...userSettings().handlers,
      http.post('*/api/contact/merge/:op', async ({ params, request }) => {
        const op = String(params.op);
        const text = await request.text();
        ops.push({ op, body: text ? JSON.parse(text) : null });
        if (op === 'get_current_session') {
          return session
            ? HttpResponse.json({ successful: true, data: session })
            : HttpResponse.json({ successful: false, errorMessages: ['There is no contact merge session in progress.'] }, { status: 404 });
        }
        const body = JSON.parse(text) as { contactId: number; accountPlatformId: number };
        session = {
          id: 's1', userId: 'u-sales', accountPlatformId: body.accountPlatformId, created: '2026-11-20T16:00:00Z', updated: '2026-11-20T16:00:00Z',
          contacts: [{ contactId: body.contactId, added: '2026-11-20T16:00:00Z', details: null }],
        };
        return HttpResponse.json({ successful: true, data: session });
      }),
    );

    renderApp('/app/contactsearch?openMergeSession=true&platformId=101&contactId=55');
    await screen.findByRole('textbox', { name: 'Search customers' });

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(ops.filter((o) => o.op !== 'get_current_session')).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(1_100));

    expect(await screen.findByText('The customer was added to the merge session.')).toBeInTheDocument();
    expect(ops.filter((o) => o.op !== 'get_current_session')).toEqual([{ op: 'create_session', body: { contactId: 55, accountPlatformId: 101 } }]);
    expect(await screen.findByRole('region', { name: 'Customer merge' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(ops.filter((o) => o.op !== 'get_current_session')).toHaveLength(1);
  });
});

describe('mergeSessionRequest', () => {
  it.each([
    ['?openMergeSession=true&platformId=101&contactId=55', { platformId: '101', contactId: '55' }],
    ['?openMergeSession=false&platformId=101&contactId=55', null],
    ['?openMergeSession=true&contactId=55', null],
    ['?openMergeSession=true&platformId=101', null],
    ['?openMergeSession=true&platformId=101&contactId=5e3', null],
    ['', null],
  ])('%s → %j', (search, want) => {
    expect(mergeSessionRequest(search)).toEqual(want);
  });
});
