import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

import { dashboardDefaults } from './dashboard-handlers';
import { fullStoreSettings } from './fixtures';
import { recentlyViewed, uiDealerSettings } from './handlers';
import { relationsDefaults } from './relations-handlers';

/**
 * Calls every signed-in screen makes, answered unless a test says otherwise: the selected
 * stores have every feature, the logout notification is accepted, the user has viewed no
 * customer yet, has no merge session, has no notifications, and customers have no recorded
 * changes, household, links, assignments, tasks or processes, the stores have no processes or visits,
 * and the dashboards count nothing.
 */
const defaultHandlers = [
  uiDealerSettings(fullStoreSettings),
  http.post('*/auth/logout', () => HttpResponse.json({ successful: true, data: null })),
  recentlyViewed([]),
  http.post('*/api/contact/merge/get_current_session', () =>
    HttpResponse.json({ successful: false, errorMessages: ['There is no contact merge session in progress.'] }, { status: 404 }),
  ),
  http.post('*/crm/contacts/:id/change_log', () =>
    HttpResponse.json({ successful: true, data: [], pageData: { pageTotal: 0, pageNumber: 1, pageSize: 25, totalRecords: 0 } }),
  ),
  ...relationsDefaults,
  ...dashboardDefaults,
  http.post('*/crm/contacts/:id/task/search', () => HttpResponse.json({ successful: true, data: [] })),
  http.post('*/pando/calendarevent', () =>
    HttpResponse.json({ successful: true, data: { events: [], windowStartUtc: '2026-11-20T08:00:00Z', windowEndUtc: '2027-11-20T08:00:00Z', from: 0, size: 100, hasMore: false } }),
  ),
  http.post('*/api/workflows/', () => HttpResponse.json({ successful: true, data: [] })),
  http.post('*/pando/workflow/dashboardCounts', () =>
    HttpResponse.json({ successful: true, data: { InProgress: 0, Overdue: 0, Completed: 0, Cancelled: 0, Total: 0 } }),
  ),
  http.post('*/pando/workflow/processDashboard', () =>
    HttpResponse.json({ successful: true, data: [], pageData: { pageTotal: 0, pageNumber: 1, pageSize: 10, totalRecords: 0 } }),
  ),
  http.post('*/api/touchpoint/activity/detail/in_showroom', () => HttpResponse.json({ successful: true, data: [] })),
  http.post('*/api/touchpoint/activity/:list', () =>
    HttpResponse.json({ successful: true, data: [], pageData: { pageTotal: 0, pageNumber: 1, pageSize: 25, totalRecords: 0 } }),
  ),
  http.post('*/api/touchpoint/activity/summary', () => HttpResponse.json({ successful: true, data: { from: '', to: '', touchpoints: [], people: [] } })),
  http.post('*/api/touchpoint/activity/touchpoint_item_filters', () =>
    HttpResponse.json({ successful: true, data: { touchpoints: [], statuses: [], itemStatuses: [], users: [], results: [] } }),
  ),
  http.post('*/api/touchpoint/activity/:slug/results', () => HttpResponse.json({ successful: true, data: { touchpointSlug: '', visits: 0, sold: 0, steps: [], results: [] } })),
  http.get('*/users/notifications/unread_count', () => HttpResponse.json({ successful: true, data: { count: 0 } })),
  http.get('*/users/notifications', () => HttpResponse.json({ successful: true, data: { notifications: [], nextCursor: '' } })),
];

/** server answers component tests' requests; each test adds the handlers it needs. */
export const server = setupServer(...defaultHandlers);
