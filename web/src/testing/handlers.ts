import { delay, http, HttpResponse } from 'msw';

import type {
  AdvancedSearchBody,
  AppUser,
  Contact,
  ContactPermission,
  ContactSearchResults,
  ContactSnapshot,
  ServiceTotals,
  ServiceVehicle,
  StaffUser,
  UIDealerSettings,
  UserSetting,
  ViewedContact,
} from '../lib/api/types';

/** currentUser answers GET /users/currentUser with the user, or with an error status. */
export function currentUser(
  answer: AppUser | 401 | 404 | 500,
  options: { wait?: boolean; onRequest?: () => void } = {},
) {
  return http.get('*/users/currentUser', async () => {
    options.onRequest?.();
    if (options.wait) await delay('infinite');
    if (typeof answer === 'number') {
      return HttpResponse.json({ successful: false, errorMessages: [`status ${answer}`] }, { status: answer });
    }
    return HttpResponse.json({ Success: true, Data: answer });
  });
}

export type SettingRequest = { method: 'GET' | 'PUT'; key: string; scope: string | null; body?: UserSetting };

/**
 * userSettings answers the user-settings calls from an in-memory map and records each request.
 */
export function userSettings(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const requests: SettingRequest[] = [];
  const handlers = [
    http.get('*/usersettings/key/:key', ({ params, request }) => {
      const key = String(params.key);
      requests.push({ method: 'GET', key, scope: request.headers.get('scope') });
      const value = values.get(key);
      if (value === undefined) {
        return HttpResponse.json({ successful: false, errorMessages: ['Setting not found.'] }, { status: 404 });
      }
      return HttpResponse.json({ successful: true, data: { key, value } });
    }),
    http.put('*/usersettings/key/:key', async ({ params, request }) => {
      const key = String(params.key);
      const body = (await request.json()) as UserSetting;
      requests.push({ method: 'PUT', key, scope: request.headers.get('scope'), body });
      values.set(key, body.value);
      return HttpResponse.json({ successful: true, data: body });
    }),
  ];
  return { handlers, requests, values };
}

/** uiDealerSettings answers POST /api/dealer_settings/UI_Dealer_settings/get. */
export function uiDealerSettings(answer: UIDealerSettings | 500, options: { wait?: boolean } = {}) {
  return http.post('*/api/dealer_settings/UI_Dealer_settings/get', async () => {
    if (options.wait) await delay('infinite');
    if (typeof answer === 'number') {
      return HttpResponse.json({ successful: false, errorMessages: ['Settings are unavailable.'] }, { status: answer });
    }
    return HttpResponse.json({ successful: true, data: answer });
  });
}

/** staffUsers answers GET /core/users with one page of users. */
export function staffUsers(users: StaffUser[]) {
  return http.get('*/core/users', () => HttpResponse.json({ Success: true, Data: users, MatchedCount: users.length }));
}

/** logout answers POST /auth/logout and records the calls. */
export function logout(status: 200 | 500 = 200) {
  const calls: { authorization: string | null }[] = [];
  const handler = http.post('*/auth/logout', ({ request }) => {
    calls.push({ authorization: request.headers.get('authorization') });
    if (status !== 200) return HttpResponse.json({ successful: false, errorMessages: ['down'] }, { status });
    return HttpResponse.json({ successful: true, data: null });
  });
  return { handler, calls };
}

export const IMPERSONATION_TOKEN = 'impersonation-token';

/**
 * impersonation plays the server's side of impersonation: the actor's profile on the user's
 * own token, the subject's (marked as impersonated) on the impersonation token, and the start
 * and end calls, recorded; profiles records whose profile each GET /users/currentUser answered.
 */
export function impersonation(actor: AppUser, subject: AppUser, options: { expiresAt?: string } = {}) {
  const requests: { call: 'start' | 'end'; authorization: string | null; body?: unknown }[] = [];
  const impersonated: AppUser = {
    ...subject,
    IsImpersonating: true,
    ImpersonatedBy: { UserId: actor.UserId, Name: actor.Name },
  };
  const profiles: ('actor' | 'subject')[] = [];
  const handlers = [
    http.get('*/users/currentUser', ({ request }) => {
      const asSubject = request.headers.get('authorization') === `Bearer ${IMPERSONATION_TOKEN}`;
      profiles.push(asSubject ? 'subject' : 'actor');
      const user = asSubject ? impersonated : actor;
      return HttpResponse.json({ Success: true, Data: user });
    }),
    http.post('*/auth/impersonation', async ({ request }) => {
      const body = await request.json();
      requests.push({ call: 'start', authorization: request.headers.get('authorization'), body });
      return HttpResponse.json({
        successful: true,
        data: {
          accessToken: IMPERSONATION_TOKEN,
          expiresAt: options.expiresAt ?? new Date(Date.now() + 3_600_000).toISOString(),
          subject: { UserId: subject.UserId, Name: subject.Name },
          actor: { UserId: actor.UserId, Name: actor.Name },
        },
      });
    }),
    http.post('*/auth/impersonation/end', ({ request }) => {
      requests.push({ call: 'end', authorization: request.headers.get('authorization') });
      return HttpResponse.json({ successful: true, data: null });
    }),
  ];
  return { handlers, requests, profiles, impersonated };
}

export type ContactSearchRequest = { term: string; pageSize?: number; cursor?: string };

/**
 * contactSearch answers POST /crm/contacts/search with answer(request) and records each request;
 * a number answers with that status.
 */
export function contactSearch(answer: (req: ContactSearchRequest) => ContactSearchResults | 500) {
  const requests: ContactSearchRequest[] = [];
  const handler = http.post('*/crm/contacts/search', async ({ request }) => {
    const body = (await request.json()) as ContactSearchRequest;
    requests.push(body);
    const result = answer(body);
    if (typeof result === 'number') {
      return HttpResponse.json({ successful: false, errorMessages: ['Search is unavailable.'] }, { status: result });
    }
    const results = result.results ?? [];
    return HttpResponse.json({
      successful: true,
      data: result,
      pageData: { pageNumber: 1, pageSize: body.pageSize ?? 25, pageTotal: result.nextCursor ? 2 : 1, totalRecords: results.length },
    });
  });
  return { handler, requests };
}

/** advancedSearch answers POST /crm/contacts/advanced_search and keeps the requests' bodies. */
export function advancedSearch(answer: (req: AdvancedSearchBody) => ContactSearchResults) {
  const requests: AdvancedSearchBody[] = [];
  const handler = http.post('*/crm/contacts/advanced_search', async ({ request }) => {
    const body = (await request.json()) as AdvancedSearchBody;
    requests.push(body);
    const result = answer(body);
    return HttpResponse.json({ successful: true, data: result });
  });
  return { handler, requests };
}

/** recentlyViewed answers POST /crm/contacts/recently_viewed_contacts with the customers given. */
export function recentlyViewed(contacts: ViewedContact[]) {
  return http.post('*/crm/contacts/recently_viewed_contacts', () => HttpResponse.json({ successful: true, data: contacts }));
}

/** contactPermission answers GET /api/contacts/{id}/user_permissions/{userId}. */
export function contactPermission(answer: Partial<ContactPermission> | 500, options: { wait?: boolean } = {}) {
  return http.get('*/api/contacts/:id/user_permissions/:userId', async ({ params }) => {
    if (options.wait) await delay('infinite');
    if (typeof answer === 'number') {
      return HttpResponse.json({ successful: false, errorMessages: ['Permissions are unavailable.'] }, { status: answer });
    }
    return HttpResponse.json({
      successful: true,
      data: { contactId: Number(params.id), userId: String(params.userId), canView: true, canEdit: true, canReactivate: false, ...answer },
    });
  });
}

/**
 * contactStore plays a customer's profile: GET /crm/contacts/{id} reads it, POST /crm/contacts
 * answers with answer(body) (by default saves it and moves the version on) and the hot mark
 * changes it; saves records what each save sent.
 */
export function contactStore(initial: Contact, options: { answer?: (body: Contact) => { status: number; body: Record<string, unknown> } | null } = {}) {
  let current = initial;
  const saves: Contact[] = [];
  const handlers = [
    http.get('*/crm/contacts/:id', () => HttpResponse.json({ successful: true, data: current })),
    http.post('*/crm/contacts', async ({ request }) => {
      const body = (await request.json()) as Contact;
      saves.push(body);
      const answer = options.answer?.(body);
      if (answer) return HttpResponse.json(answer.body, { status: answer.status });
      current = { ...body, version: (body.version ?? 0) + 1 };
      return HttpResponse.json({ successful: true, data: current });
    }),
    http.post('*/crm/contacts/actions/is_desking_enabled', () =>
      HttpResponse.json({ successful: true, data: [{ accountPlatformId: current.accountPlatformId, isDeskingEnabled: true, deskingProvider: 'Pando' }] }),
    ),
    http.post('*/crm/contacts/:id/actions/mark_as_hot', async ({ request }) => {
      const hot = (await request.text()) === 'true';
      current = { ...current, isMarkedHot: hot, version: (current.version ?? 0) + 1 };
      return HttpResponse.json({ successful: true, data: { contactId: current.id, isMarkedHot: hot, version: current.version } });
    }),
  ];
  return { handlers, saves, current: () => current };
}

/** An empty snapshot: no open tasks, nothing logged, no service visits. */
export const emptySnapshot: ContactSnapshot = {
  activeLeadTasks: 0,
  activeProcesses: 0,
  lastContact: null,
  nextScheduledActivity: null,
  lastServiceVisit: null,
  lastCustomerEngagement: null,
};

/**
 * contactSummaries answers a customer's snapshot, service summary, service vehicles and licence
 * images (each image kind maps to its bytes, or is absent for 404).
 */
export function contactSummaries(
  options: {
    snapshot?: ContactSnapshot;
    totals?: ServiceTotals;
    vehicles?: ServiceVehicle[];
    images?: Partial<Record<string, Uint8Array>>;
  } = {},
) {
  const uploads: { kind: string; body: { contentType: string; data: string } }[] = [];
  const images = { ...options.images };
  const handlers = [
    http.post('*/crm/contacts/:id/snapshot', () => HttpResponse.json({ successful: true, data: options.snapshot ?? emptySnapshot })),
    http.get('*/crm/contacts/:id/service', () =>
      HttpResponse.json({
        successful: true,
        data: options.totals ?? { roCount: 0, customerPayTotal: 0, warrantyPayTotal: 0, dealerPaidTotal: 0, totalServiceValue: 0 },
      }),
    ),
    http.get('*/crm/contacts/:id/service/vehicle', () => HttpResponse.json({ successful: true, data: { data: options.vehicles ?? [] } })),
    http.get('*/crm/contacts/:id/:kind', ({ params }) => {
      const kind = String(params.kind);
      if (!kind.startsWith('driver_license_')) return undefined;
      const bytes = images[kind];
      if (!bytes) return HttpResponse.json({ successful: false, errorMessages: ['No image.'] }, { status: 404 });
      return new HttpResponse(bytes, { headers: { 'Content-Type': 'image/png' } });
    }),
    http.put('*/crm/contacts/:id/:kind', async ({ params, request }) => {
      const kind = String(params.kind);
      const body = (await request.json()) as { contentType: string; data: string };
      uploads.push({ kind, body });
      images[kind] = Uint8Array.from(atob(body.data), (c) => c.charCodeAt(0));
      return HttpResponse.json({ successful: true, data: { contactId: Number(params.id), kind, contentType: body.contentType, size: images[kind]!.length } });
    }),
  ];
  return { handlers, uploads };
}
