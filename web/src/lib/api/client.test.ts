import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '../../testing/server';
import { ApiError, isApiError } from './api-error';
import { createApiClient, extractErrorMessages, unwrapResponse } from './client';

function client(scope?: readonly number[], token: string | null = 'token-123') {
  return createApiClient({ getAccessToken: async () => token ?? undefined, getScope: () => scope });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (isApiError(err)) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('extractErrorMessages', () => {
  const cases: { name: string; body: unknown; want: string[] }[] = [
    { name: 'errorMessages list', body: { errorMessages: ['a', 'b'] }, want: ['a', 'b'] },
    { name: 'errorMessages string is wrapped', body: { errorMessages: 'only' }, want: ['only'] },
    { name: 'messages list', body: { messages: ['m'] }, want: ['m'] },
    { name: 'Message string is wrapped', body: { Message: 'M' }, want: ['M'] },
    { name: 'errorMessages wins over Message', body: { errorMessages: ['first'], Message: 'second' }, want: ['first'] },
    { name: 'empty errorMessages falls through', body: { errorMessages: [], Message: 'fallback' }, want: ['fallback'] },
    { name: 'non-strings are dropped', body: { errorMessages: ['ok', 3, null] }, want: ['ok'] },
    { name: 'no message fields', body: { successful: false }, want: [] },
    { name: 'plain text body', body: 'Bad gateway', want: ['Bad gateway'] },
    { name: 'no body', body: undefined, want: [] },
  ];
  for (const tc of cases) {
    it(tc.name, () => {
      expect(extractErrorMessages(tc.body)).toEqual(tc.want);
    });
  }
});

describe('unwrapResponse', () => {
  it('unwraps {successful, data, pageData}', () => {
    const pageData = { pageTotal: 3, pageNumber: 1, pageSize: 25, totalRecords: 60 };
    expect(unwrapResponse(200, { successful: true, data: [1, 2], pageData })).toEqual({ data: [1, 2], pageData });
  });

  it('unwraps {Success, Data}', () => {
    expect(unwrapResponse(200, { Success: true, Data: { Id: 'x' } })).toEqual({ data: { Id: 'x' } });
  });

  it('passes a body without an envelope through', () => {
    expect(unwrapResponse(200, [1, 2, 3])).toEqual({ data: [1, 2, 3] });
  });

  it('rejects an unsuccessful envelope sent with 200', () => {
    expect(() => unwrapResponse(200, { successful: false, errorMessages: ['No way'] })).toThrow(ApiError);
    expect(() => unwrapResponse(200, { Success: false, Message: 'Nope' })).toThrow('Nope');
  });
  it.each([
    { name: "API Gateway's authorizer refusing a token", status: 403, body: { message: 'Forbidden' }, want: 401 },
    { name: 'a refused operation', status: 403, body: { successful: false, errorMessages: ['No.'] }, want: 403 },
    { name: 'a missing token', status: 401, body: { successful: false, errorMessages: ['Unauthorized'] }, want: 401 },
  ])('reads the status of $name as $want', ({ status, body, want }) => {
    let caught: unknown;
    try {
      unwrapResponse(status, body);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).status).toBe(want);
  });
});

describe('createApiClient', () => {
  it('sends the bearer token and the Scope header and returns the data', async () => {
    let seen: Headers | undefined;
    server.use(
      http.get('*/users/currentUser', ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ Success: true, Data: { UserId: 'u1' } });
      }),
    );

    const data = await client([101, 102]).get<{ UserId: string }>('/users/currentUser');

    expect(data).toEqual({ UserId: 'u1' });
    expect(seen?.get('authorization')).toBe('Bearer token-123');
    expect(seen?.get('scope')).toBe('101,102');
  });

  it('sends no Scope header before the stores are known, or when the call opts out', async () => {
    const scopes: (string | null)[] = [];
    server.use(
      http.get('*/usersettings/key/:key', ({ request }) => {
        scopes.push(request.headers.get('scope'));
        return HttpResponse.json({ successful: true, data: { key: 'k', value: 'v' } });
      }),
    );

    await client(undefined).get('/usersettings/key/k');
    await client([7]).get('/usersettings/key/k', { scope: null });
    await client([7]).get('/usersettings/key/k', { scope: [8, 9] });

    expect(scopes).toEqual([null, null, '8,9']);
  });

  it('sends no Authorization header without a session', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.get('*/users/currentUser', ({ request }) => {
        auth = request.headers.get('authorization');
        return new HttpResponse(null, { status: 401 });
      }),
    );

    const err = await rejection(client(undefined, null).get('/users/currentUser'));

    expect(auth).toBeNull();
    expect(err.status).toBe(401);
    expect(err.messages).toEqual([]);
  });

  it("sends the call's own bearer token, or none, when the call says so", async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.post('*/auth/impersonation/end', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ successful: true, data: null });
      }),
    );

    await client([1]).post('/auth/impersonation/end', undefined, { accessToken: 'impersonation-token' });
    await client([1]).post('/auth/impersonation/end', undefined, { accessToken: null });

    expect(seen).toEqual(['Bearer impersonation-token', null]);
  });

  it('sends a JSON body with PUT and unwraps {successful, data}', async () => {
    let body: unknown;
    server.use(
      http.put('*/usersettings/key/lastViewedPage', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ successful: true, data: body });
      }),
    );

    const saved = await client([1]).put('/usersettings/key/lastViewedPage', { key: 'lastViewedPage', value: 'x' });

    expect(body).toEqual({ key: 'lastViewedPage', value: 'x' });
    expect(saved).toEqual({ key: 'lastViewedPage', value: 'x' });
  });

  it('sends a plain-text body as text/plain', async () => {
    let sent: { type: string | null; text: string } | undefined;
    server.use(
      http.post('*/crm/contacts/7/actions/mark_as_hot', async ({ request }) => {
        sent = { type: request.headers.get('content-type'), text: await request.text() };
        return HttpResponse.json({ successful: true, data: { contactId: 7, isMarkedHot: true, version: 2 } });
      }),
    );

    const { data } = await client([1]).request('/crm/contacts/7/actions/mark_as_hot', { method: 'POST', text: 'true' });

    expect(sent).toEqual({ type: 'text/plain', text: 'true' });
    expect(data).toEqual({ contactId: 7, isMarkedHot: true, version: 2 });
  });

  it('turns an error body into ApiError with status, messages and field errors', async () => {
    server.use(
      http.put('*/usersettings/key/a', () =>
        HttpResponse.json(
          {
            successful: false,
            errorMessages: ['The key in the body must match the path.'],
            fieldErrors: { key: ['must equal a'], value: 'is required' },
          },
          { status: 400 },
        ),
      ),
    );

    const err = await rejection(client().put('/usersettings/key/a', { key: 'b', value: '' }));

    expect(err.status).toBe(400);
    expect(err.messages).toEqual(['The key in the body must match the path.']);
    expect(err.fieldErrors).toEqual({ key: ['must equal a'], value: ['is required'] });
    expect(err.message).toBe('The key in the body must match the path.');
  });

  it('reads messages and Message from error bodies too', async () => {
    server.use(
      http.get('*/a', () => HttpResponse.json({ messages: ['from messages'] }, { status: 409 })),
      http.get('*/b', () => HttpResponse.json({ Success: false, Message: 'from Message' }, { status: 500 })),
    );

    expect((await rejection(client().get('/a'))).messages).toEqual(['from messages']);
    const b = await rejection(client().get('/b'));
    expect(b.status).toBe(500);
    expect(b.messages).toEqual(['from Message']);
  });

  it('rejects an unsuccessful envelope that came with status 200', async () => {
    server.use(http.get('*/c', () => HttpResponse.json({ successful: false, errorMessages: ['Not allowed'] })));

    const err = await rejection(client().get('/c'));

    expect(err.status).toBe(200);
    expect(err.messages).toEqual(['Not allowed']);
  });

  it('reports a 404 with no body as ApiError 404', async () => {
    server.use(http.get('*/usersettings/key/never', () => new HttpResponse(null, { status: 404 })));

    const err = await rejection(client().get('/usersettings/key/never'));

    expect(err.status).toBe(404);
  });

  it('reports a network failure as ApiError with status 0', async () => {
    server.use(http.get('*/down', () => HttpResponse.error()));

    const err = await rejection(client().get('/down'));

    expect(err.status).toBe(0);
    expect(err.messages[0]).toMatch(/could not be reached/);
  });

  it('prefixes the configured base URL', async () => {
    let url = '';
    server.use(
      http.get('https://api.example.test/prod/users/currentUser', ({ request }) => {
        url = request.url;
        return HttpResponse.json({ Success: true, Data: {} });
      }),
    );
    const prefixed = createApiClient({
      baseUrl: () => 'https://api.example.test/prod/',
      getAccessToken: async () => undefined,
      getScope: () => undefined,
    });

    await prefixed.get('/users/currentUser');

    expect(url).toBe('https://api.example.test/prod/users/currentUser');
  });
});
