import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { LINK_MESSAGES, useOpenInternalLink } from './verify-internal-link';

function Harness({ onReady }: { onReady: (open: ReturnType<typeof useOpenInternalLink>['open']) => void }) {
  onReady(useOpenInternalLink().open);
  return null;
}

describe('useOpenInternalLink', () => {
  afterEach(() => vi.restoreAllMocks());

  const setup = () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const openSpy = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let open: ReturnType<typeof useOpenInternalLink>['open'] = () => {};
    renderWithProviders(<Harness onReady={(o) => (open = o)} />);
    return { tab, openSpy, open: (url: string, store: number) => open(url, store) };
  };

  it('verifies the link for the store and opens the signed link in a new tab', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/internalLinkVerification', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ successful: true, data: { url: '/app/dashboards?cxmLinkToken=abc', expiresAt: 1 } });
      }),
    );
    const { tab, openSpy, open } = setup();
    await open('/app/dashboards', 2001);
    expect(await screen.findByText(LINK_MESSAGES.verifying)).toBeInTheDocument();
    await waitFor(() => expect(tab.location.href).toBe('/app/dashboards?cxmLinkToken=abc'));
    expect(bodies).toEqual([{ url: '/app/dashboards', dealerId: 2001 }]);
    expect(openSpy).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
  });

  it('closes the tab and says so when the server refuses the link', async () => {
    server.use(
      http.post('*/internalLinkVerification', () =>
        HttpResponse.json({ successful: false, errorMessages: ['The link is not a page of CXM.'], fieldErrors: { url: 'x' } }, { status: 400 }),
      ),
    );
    const { tab, open } = setup();
    await open('https://evil.example/', 2001);
    expect(await screen.findByText(LINK_MESSAGES.failed)).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  it('opens nothing for an empty link', async () => {
    const { openSpy, open } = setup();
    await open('  ', 2001);
    expect(await screen.findByText(LINK_MESSAGES.empty)).toBeInTheDocument();
    expect(openSpy).not.toHaveBeenCalled();
  });
});
