import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { VisitView } from '../../../lib/api/types';
import { salesUser } from '../../../testing/fixtures';
import { currentUser, userSettings } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

const SLOW = 30_000;

function visit(extra: Partial<VisitView> = {}): VisitView {
  const started = new Date(Date.now() - 25 * 60_000).toISOString();
  return {
    touchpointInstanceId: 'V-1', contactId: 5001, accountPlatformId: 101, touchpointSlug: 'showroom', status: 1, userId: 'u-sales', startedAt: started,
    sold: false, items: [
      { itemSlug: 'greet', name: 'Greet', status: 3, completedAt: started },
      { itemSlug: 'test-drive', name: 'Test drive', status: 0 },
    ],
    createdAt: started, version: 2, contactName: 'Dana Walker', userName: 'Sam Ortega', storeName: 'Northwind Ford', timeZone: 'America/New_York',
    durationSeconds: 1500, statusName: 'Started', stepsDone: 1, ...extra,
  } as VisitView;
}

/** visitServer plays the touchpoint calls over one visit, refusing what the server refuses. */
function visitServer(initial: VisitView) {
  let v = { ...initial };
  const calls: string[] = [];
  server.use(
    currentUser(salesUser),
    ...userSettings().handlers,
    http.post('*/api/touchpoint/activity/detail/in_showroom', () => HttpResponse.json({ successful: true, data: v.status === 1 ? [v] : [] })),
    http.post('*/api/touchpoint/activity/get_showroom_touchpoint_item_activity', () =>
      HttpResponse.json({ successful: true, data: [v], pageData: { pageTotal: 1, pageNumber: 1, pageSize: 25, totalRecords: 1 } }),
    ),
    http.post('*/api/contact_touchpoint/showroom/items/:item/:request', async ({ params, request }) => {
      const body = (await request.json()) as { version: number };
      calls.push(`${params.request} ${params.item} v${body.version}`);
      if (body.version !== v.version) return HttpResponse.json({ successful: false, errorMessages: ['The visit was changed by someone else. Reload it and try again.'] }, { status: 409 });
      v = { ...v, version: v.version + 1, stepsDone: v.stepsDone + 1, items: v.items!.map((it) => (it.itemSlug === params.item ? { ...it, status: 3 } : it)) };
      return HttpResponse.json({ successful: true, data: v });
    }),
    http.post('*/api/contact_touchpoint/showroom/complete', async ({ request }) => {
      const body = (await request.json()) as { version: number; sold: boolean; result: string };
      calls.push(`complete ${body.result} v${body.version}`);
      v = { ...v, version: v.version + 1, status: 3, sold: body.sold, endedAt: new Date().toISOString() };
      return HttpResponse.json({ successful: true, data: v });
    }),
  );
  return { calls };
}

describe('Showroom Log', () => {
  it(
    'shows who is in the showroom and for how long, walks a step and ends the visit sold',
    async () => {
      const user = userEvent.setup();
      const { calls } = visitServer(visit());
      renderApp('/app/showroomdashboard');

      expect(await screen.findByRole('heading', { level: 1, name: 'Showroom Log' })).toBeInTheDocument();
      const now = await screen.findByRole('table', { name: 'In the showroom now' });
      const row = within(now).getByRole('row', { name: 'Dana Walker in the store' });
      expect(within(row).getByText('25 min')).toBeInTheDocument();
      expect(within(row).getByText('1 of 2')).toBeInTheDocument();

      await user.click(within(row).getByRole('button', { name: 'Steps of Dana Walker' }));
      const steps = await screen.findByRole('dialog', { name: 'Visit steps' });
      await user.click(within(steps).getByRole('button', { name: 'Complete Test drive' }));
      await waitFor(() => expect(within(within(steps).getByRole('row', { name: 'Step Test drive' })).getByText('Completed')).toBeInTheDocument());
      expect(calls).toEqual(['complete test-drive v2']);
      await user.click(within(steps).getByRole('button', { name: 'Close' }));

      await user.click(await within(await screen.findByRole('row', { name: 'Dana Walker in the store' })).findByRole('button', { name: "End Dana Walker's visit" }));
      const end = await screen.findByRole('dialog', { name: 'End visit' });
      await user.click(within(end).getByRole('radio', { name: 'Sold' }));
      await user.click(within(end).getByRole('button', { name: 'End visit' }));
      await waitFor(() => expect(calls).toContain('complete sold v3'));
      expect(await screen.findByText('Nobody right now.')).toBeInTheDocument();
    },
    SLOW,
  );

  it(
    'says why a stale step change is refused',
    async () => {
      const user = userEvent.setup();
      visitServer(visit({ version: 1 }));
      const { calls } = { calls: [] as string[] };
      renderApp('/app/showroomdashboard');
      const row = await screen.findByRole('row', { name: 'Dana Walker in the store' });
      server.use(
        http.post('*/api/contact_touchpoint/showroom/items/:item/:request', () => {
          calls.push('refused');
          return HttpResponse.json({ successful: false, errorMessages: ['The visit was changed by someone else. Reload it and try again.'] }, { status: 409 });
        }),
      );
      await user.click(within(row).getByRole('button', { name: 'Steps of Dana Walker' }));
      const steps = await screen.findByRole('dialog', { name: 'Visit steps' });
      await user.click(within(steps).getByRole('button', { name: 'Start Test drive' }));
      expect(await within(steps).findByRole('alert')).toHaveTextContent('changed by someone else');
      expect(calls).toEqual(['refused']);
    },
    SLOW,
  );
});
