import { http, HttpResponse } from 'msw';

import type { DashboardSummary, ServiceLead, ServiceLeadCounts, ServiceLeadDetails, SpeedToLead, TeamMember } from '../lib/api/types';

type RangeRequest = { range: string };

/** summaryOf answers a summary call with totals on the range's last day (2026-11-20) and users' counts. */
export function summaryOf(req: RangeRequest, totals: Record<string, number>, users: DashboardSummary['users'] = []): DashboardSummary {
  const n = req.range === 'today' || req.range === 'yesterday' ? 1 : Number(req.range);
  const end = Date.UTC(2026, 10, 20);
  const days: DashboardSummary['days'] = [];
  for (let i = n - 1; i >= 0; i--) days.push({ day: new Date(end - i * 86_400_000).toISOString().slice(0, 10), counts: {} });
  const last = days.at(-1);
  if (last) last.counts = { ...totals };
  return { beginDate: days[0]?.day ?? '', endDate: '2026-11-20', accountPlatformIds: [2001], counters: Object.keys(totals), totals, days, users };
}

/** dashboardCounts answers the summary calls with totals and records each request's path and body. */
export function dashboardCounts(totals: Record<string, number>, users: DashboardSummary['users'] = []) {
  const requests: { path: string; body: RangeRequest }[] = [];
  const handler = http.post('*/api/Activity/summary*', async ({ request }) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/funnel') || path.endsWith('/speed_to_lead')) return undefined;
    const body = (await request.json()) as RangeRequest;
    requests.push({ path, body });
    return HttpResponse.json({ successful: true, data: summaryOf(body, totals, users) });
  });
  return { requests, handler };
}

const noSpeed: SpeedToLead = {
  beginDate: '',
  endDate: '',
  leads: 0,
  overall: ['firstAutomatedReply', 'firstHumanResponse', 'firstTwoWayExchange'].map((clock) => ({ clock, stopped: 0, waiting: 0, medianMinutes: 0, averageMinutes: 0 })),
  byPerson: [],
  bySource: [],
  byStore: [],
  hours: [],
};

/** teamOf answers the team call with members. */
export function teamOf(members: TeamMember[]) {
  return http.post('*/api/Team/team/filtered/paged', () =>
    HttpResponse.json({ successful: true, data: members, pageData: { pageTotal: 1, pageNumber: 1, pageSize: 25, totalRecords: members.length } }),
  );
}

/** dashboardDefaults answer the dashboard's calls with no counts, leads, service leads or team. */
export const dashboardDefaults = [
  http.post('*/api/Activity/summary/funnel', () =>
    HttpResponse.json({ successful: true, data: { beginDate: '', endDate: '', steps: ['leads', 'contacted', 'appointmentSet', 'shown', 'sold'].map((stage) => ({ stage, count: 0 })) } }),
  ),
  http.post('*/api/Activity/summary/speed_to_lead', () => HttpResponse.json({ successful: true, data: noSpeed })),
  dashboardCounts({}).handler,
  teamOf([]),
  http.post('*/api/Activity/detail/sample', () => HttpResponse.json({ successful: true, data: [], pageData: { pageTotal: 0, pageNumber: 1, pageSize: 10, totalRecords: 0 } })),
  ...serviceLeads().handlers,
];

/** serviceLeads answers the service lead calls with leads and records each request's body. */
export function serviceLeads(leads: ServiceLead[] = []) {
  const requests: { path: string; body: Record<string, unknown> }[] = [];
  const of = (kind: string) => leads.filter((l) => l.Kind === kind);
  const handlers = [
    http.post('*/pando/pandoalertreporting/activitycount', async ({ request }) => {
      requests.push({ path: 'activitycount', body: (await request.json()) as Record<string, unknown> });
      const counts: ServiceLeadCounts = {
        StartReportDate: '2026-11-14',
        EndReportDate: '2026-11-20',
        AccountPlatformIDs: [2001],
        Appointments: of('Appointments').length,
        Completed: of('Completed').length,
        Working: of('Working').length,
      };
      return HttpResponse.json({ successful: true, data: counts });
    }),
    http.post('*/pando/pandoalertreporting/activitydetails', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      requests.push({ path: 'activitydetails', body });
      const kind = body.SlmActivityType as string | undefined;
      const pick = (k: string) => (kind === undefined || kind === k ? of(k) : []);
      const details: ServiceLeadDetails = {
        StartReportDate: '2026-11-14',
        EndReportDate: '2026-11-20',
        AccountPlatformIDs: [2001],
        Appointments: pick('Appointments'),
        Completed: pick('Completed'),
        Working: pick('Working'),
      };
      return HttpResponse.json({ successful: true, data: details });
    }),
  ];
  return { requests, handlers };
}
