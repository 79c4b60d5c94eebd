/**
 * RuntimeConfig is the deployment's configuration, served as config.json next to index.html.
 * userPoolEndpoint is set only where a local stand-in replaces the hosted user pool;
 * apiBaseUrl only where the API is not served from the web app's own origin; realtimeUrl is the
 * WebSocket endpoint of live updates, absent where the deployment has none.
 */
export type RuntimeConfig = {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint?: string;
  apiBaseUrl?: string;
  realtimeUrl?: string;
};

const required = ['region', 'userPoolId', 'userPoolClientId'] as const;
const optional = ['userPoolEndpoint', 'apiBaseUrl', 'realtimeUrl'] as const;

/** parseRuntimeConfig checks a parsed config.json and returns it typed, or throws. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (typeof raw !== 'object' || raw === null) {
    throw new Error('config.json is not a JSON object');
  }
  const source = raw as Record<string, unknown>;
  const config: Record<string, string> = {};
  for (const key of required) {
    const value = source[key];
    if (typeof value !== 'string' || value === '') {
      throw new Error(`config.json has no ${key}`);
    }
    config[key] = value;
  }
  for (const key of optional) {
    const value = source[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') {
      throw new Error(`config.json has a ${key} that is not a string`);
    }
    config[key] = value;
  }
  return config as RuntimeConfig;
}

/** loadRuntimeConfig fetches config.json from beside the page and parses it. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const url = new URL('config.json', document.baseURI);
  const response = await fetchImpl(url, { cache: 'no-store' });
  if (!response.ok) {
    throw new Error(`config.json could not be loaded (HTTP ${response.status})`);
  }
  return parseRuntimeConfig(await response.json());
}

let realtimeUrl: string | undefined;

/** setRealtimeUrl keeps config.json's realtimeUrl for the shell's live updates. */
export function setRealtimeUrl(url: string | undefined): void {
  realtimeUrl = url;
}

/** getRealtimeUrl is the WebSocket endpoint of live updates, or undefined where there is none. */
export function getRealtimeUrl(): string | undefined {
  return realtimeUrl;
}
