import { getAccessToken } from '../auth';
import { ApiError, type FieldErrors } from './api-error';
import { getRequestScope } from './scope';
import type { PageData } from './types';

/** ApiResult is an unwrapped successful response. */
export type ApiResult<T> = {
  data: T;
  pageData?: PageData;
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: HttpMethod;
  /** JSON body; sent as-is. */
  body?: unknown;
  /** Plain-text body, for the few calls that take one; sent instead of body. */
  text?: string;
  /** Multipart form body (a file upload); sent instead of body with the browser's boundary. */
  form?: FormData;
  /**
   * Store ids for the Scope header, overriding the selected stores; null sends no Scope header.
   */
  scope?: readonly number[] | null;
  /** Bearer token to send instead of the session's; null sends no Authorization header. */
  accessToken?: string | null;
  signal?: AbortSignal;
};

export type ApiClientOptions = {
  /** Origin or prefix the API is served from; the page's own origin when empty. */
  baseUrl?: () => string | undefined;
  getAccessToken: () => Promise<string | undefined>;
  /** The selected stores' ids, or undefined before the user is loaded. */
  getScope: () => readonly number[] | undefined;
  fetch?: typeof fetch;
};

export type ApiClient = {
  /** request sends a call and returns its unwrapped data and paging, or throws ApiError. */
  request<T>(path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** blob fetches a file (an image, a PDF) and returns it, or throws ApiError. */
  blob(path: string, options?: Omit<RequestOptions, 'method' | 'body' | 'text'>): Promise<Blob>;
  /**
   * stream sends a call whose answer is a file (an export) and returns the response for its
   * body to be read as it arrives, or throws ApiError for a refused call.
   */
  stream(path: string, options?: RequestOptions): Promise<Response>;
};

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asMessageList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) return value.filter((m): m is string => typeof m === 'string' && m !== '');
  return undefined;
}

/**
 * extractErrorMessages reads a response body's messages the way every screen does: from
 * errorMessages, messages or Message, whichever comes first, always as a list.
 */
export function extractErrorMessages(body: unknown): string[] {
  if (typeof body === 'string') return asMessageList(body.trim()) ?? [];
  if (!isObject(body)) return [];
  for (const key of ['errorMessages', 'messages', 'Message'] as const) {
    const list = asMessageList(body[key]);
    if (list !== undefined && list.length > 0) return list;
  }
  return [];
}

/** extractFieldErrors reads per-field messages, each as a list. */
export function extractFieldErrors(body: unknown): FieldErrors {
  if (!isObject(body) || !isObject(body.fieldErrors)) return {};
  const out: FieldErrors = {};
  for (const [field, value] of Object.entries(body.fieldErrors)) {
    const list = asMessageList(value);
    if (list !== undefined && list.length > 0) out[field] = list;
  }
  return out;
}

/**
 * unwrapResponse turns a response status and parsed body into the call's result: it unwraps
 * `{successful, data, pageData}` and `{Success, Data}`, passes other bodies through, and throws
 * ApiError for a failed status or an unsuccessful envelope.
 */
export function unwrapResponse<T>(status: number, body: unknown): ApiResult<T> {
  const ok = status >= 200 && status < 300;
  if (!ok) {
    throw new ApiError(authorizerStatus(status, body), extractErrorMessages(body), extractFieldErrors(body));
  }
  if (isObject(body) && typeof body.successful === 'boolean') {
    if (!body.successful) {
      throw new ApiError(status, extractErrorMessages(body), extractFieldErrors(body));
    }
    const result: ApiResult<T> = { data: body.data as T };
    if (isObject(body.pageData)) result.pageData = body.pageData as PageData;
    return result;
  }
  if (isObject(body) && typeof body.Success === 'boolean') {
    if (!body.Success) {
      throw new ApiError(status, extractErrorMessages(body), extractFieldErrors(body));
    }
    return { data: body.Data as T };
  }
  return { data: body as T };
}

/**
 * authorizerStatus reads API Gateway's own refusal of a token: its Lambda authorizer answers a
 * bad or expired token with 403 {"message":"Forbidden"}, without the API's envelope. That is a
 * sign-in problem (401), not a refused operation, which always carries the envelope.
 */
function authorizerStatus(status: number, body: unknown): number {
  if (status === 403 && isObject(body) && body.successful === undefined && body.message === 'Forbidden') {
    return 401;
  }
  return status;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^\s*[[{"]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      if (response.ok) {
        throw new ApiError(response.status, ['The server sent a response that could not be read.']);
      }
      return text;
    }
  }
  return text;
}

/** createApiClient builds the client every server call goes through. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function send(path: string, req: RequestOptions, accept: string): Promise<Response> {
    const base = (options.baseUrl?.() ?? '').replace(/\/$/, '');
    const url = new URL(`${base}${path.startsWith('/') ? path : `/${path}`}`, window.location.origin);

    const headers = new Headers({ Accept: accept });
    const token = req.accessToken === undefined ? await options.getAccessToken() : req.accessToken;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const scope = req.scope === undefined ? options.getScope() : req.scope;
    if (scope && scope.length > 0) headers.set('Scope', scope.join(','));
    let body: string | FormData | undefined;
    if (req.form !== undefined) {
      body = req.form;
    } else if (req.text !== undefined) {
      headers.set('Content-Type', 'text/plain');
      body = req.text;
    } else if (req.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(req.body);
    }

    try {
      return await doFetch(url, { method: req.method ?? 'GET', headers, body, signal: req.signal });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiError(0, ['The server could not be reached. Check your connection and try again.']);
    }
  }

  async function request<T>(path: string, req: RequestOptions = {}): Promise<ApiResult<T>> {
    const response = await send(path, req, 'application/json');
    return unwrapResponse<T>(response.status, await readBody(response));
  }

  async function blob(path: string, req: RequestOptions = {}): Promise<Blob> {
    const response = await send(path, { ...req, method: 'GET' }, '*/*');
    if (!response.ok) unwrapResponse(response.status, await readBody(response));
    return response.blob();
  }

  async function stream(path: string, req: RequestOptions = {}): Promise<Response> {
    const response = await send(path, req, '*/*');
    if (!response.ok) unwrapResponse(response.status, await readBody(response));
    return response;
  }

  async function data<T>(path: string, req: RequestOptions): Promise<T> {
    return (await request<T>(path, req)).data;
  }

  return {
    request,
    get: (path, o) => data(path, { ...o, method: 'GET' }),
    post: (path, body, o) => data(path, { ...o, method: 'POST', body }),
    put: (path, body, o) => data(path, { ...o, method: 'PUT', body }),
    delete: (path, o) => data(path, { ...o, method: 'DELETE' }),
    blob: (path, o) => blob(path, o),
    stream: (path, o) => stream(path, o),
  };
}

let apiBaseUrl: string | undefined;

/** setApiBaseUrl points the app's client at a different API origin (config.json apiBaseUrl). */
export function setApiBaseUrl(url: string | undefined): void {
  apiBaseUrl = url;
}

/** api is the app's client: the signed-in user's token and the selected stores' scope. */
export const api: ApiClient = createApiClient({
  baseUrl: () => apiBaseUrl,
  getAccessToken,
  getScope: getRequestScope,
});
