import { http, HttpResponse } from 'msw';

import type { BulkJob, ContactAssignments, HouseholdMember, NewHouseholdMember, RoleChange } from '../lib/api/types';

/** The assignable roles, as the server lists them. */
export const ASSIGNABLE_ROLES = [
  { role: 'SalesPerson', roleName: 'Sales Person' },
  { role: 'BDCAgent', roleName: 'BDC Agent' },
  { role: 'ServiceAdvisor', roleName: 'Service Advisor' },
  { role: 'SalesManager', roleName: 'Sales Manager' },
  { role: 'FIManager', roleName: 'F&I Manager' },
];

/** noAssignments is a customer's assignments with nobody assigned. */
export function noAssignments(contactId: number, accountPlatformId: number): ContactAssignments {
  return {
    contactId,
    accountPlatformId,
    assignments: ASSIGNABLE_ROLES.map((r) => ({ ...r, userId: '', userName: '', assignedBy: '' })),
  };
}

/**
 * householdStore answers the household calls over an in-memory household of one customer:
 * members added with POST are listed by GET and removed by DELETE.
 */
export function householdStore(initial: HouseholdMember[], options: { summaries?: Record<number, HouseholdMember['contact']> } = {}) {
  let members = [...initial];
  const posted: NewHouseholdMember[][] = [];
  const handlers = [
    http.get('*/crm/contacts/:id/household', () => HttpResponse.json({ successful: true, data: members })),
    http.post('*/crm/contacts/:id/household', async ({ request }) => {
      const body = (await request.json()) as { members: NewHouseholdMember[] };
      posted.push(body.members);
      for (const m of body.members) {
        const summary = options.summaries?.[m.contactId];
        if (!summary) return HttpResponse.json({ successful: false, errorMessages: ['The customer does not exist.'] }, { status: 400 });
        members.push({
          memberId: m.contactId,
          isCoBuyer: Boolean(m.isCoBuyer),
          relationship: m.relationship ?? '',
          addedAt: '2026-01-01T00:00:00Z',
          addedBy: 'u-sales',
          contact: summary,
        });
      }
      return HttpResponse.json({ successful: true, data: members });
    }),
    http.delete('*/crm/contacts/:id/household/:memberId', ({ params }) => {
      members = members.filter((m) => m.memberId !== Number(params.memberId));
      return HttpResponse.json({ successful: true, data: members });
    }),
  ];
  return { handlers, posted, members: () => members };
}

/** assignmentsStore answers GET and PUT /api/contacts/{id}/assignments over one customer's assignments. */
export function assignmentsStore(initial: ContactAssignments, names: Record<string, string> = {}) {
  let current = initial;
  const puts: RoleChange[][] = [];
  const handlers = [
    http.get('*/api/contacts/:id/assignments', () => HttpResponse.json({ successful: true, data: current })),
    http.put('*/api/contacts/:id/assignments', async ({ request }) => {
      const body = (await request.json()) as { assignments: RoleChange[] };
      puts.push(body.assignments);
      current = {
        ...current,
        assignments: (current.assignments ?? []).map((a) => {
          const c = body.assignments.find((x) => x.role === a.role);
          return c ? { ...a, userId: c.userId, userName: names[c.userId] ?? '' } : a;
        }),
      };
      return HttpResponse.json({ successful: true, data: current });
    }),
  ];
  return { handlers, puts };
}

/** bulkJob is a job with the given progress. */
export function bulkJob(overrides: Partial<BulkJob> = {}): BulkJob {
  return {
    id: 'job0000001',
    criteria: { role: 'SalesPerson', fromUserId: 'u-sales', toUserId: 'u-manager', accountPlatformIds: [1] },
    status: 'running',
    total: 0,
    done: 0,
    skipped: 0,
    failed: 0,
    chunks: 0,
    nextChunk: 0,
    createdAt: '2026-01-01T00:00:00Z',
    createdBy: 'u-manager',
    updatedAt: '2026-01-01T00:00:00Z',
    version: 1,
    ...overrides,
  };
}

/** Default answers for a profile's relationship calls: an empty household, no links, nobody assigned. */
export const relationsDefaults = [
  http.get('*/crm/contacts/:id/household', () => HttpResponse.json({ successful: true, data: [] })),
  http.get('*/api/contacts/:id/assignments', ({ params }) =>
    HttpResponse.json({ successful: true, data: noAssignments(Number(params.id), 0) }),
  ),
  http.get('*/core/users', () => HttpResponse.json({ Success: true, Data: [], MatchedCount: 0 })),
  http.get('*/crm/contacts/enterprise/:id/linkedcontacts', () => HttpResponse.json({ successful: true, data: [] })),
  http.get('*/crm/contacts/enterprise/:id/potentialcustomerlinks', () => HttpResponse.json({ successful: true, data: [] })),
  http.get('*/crm/contacts/enterprise/:id/lifetime_value', ({ params }) =>
    HttpResponse.json({
      successful: true,
      data: { contactId: Number(params.id), salesValue: 0, serviceValue: 0, totalValue: 0, contacts: 1 },
    }),
  ),
];
