import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { ConfigError } from './app/config-error';
import { setApiBaseUrl } from './lib/api/client';
import { configureAuth } from './lib/auth';
import { loadRuntimeConfig, setRealtimeUrl } from './lib/config';

async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig();
    configureAuth(config);
    setApiBaseUrl(config.apiBaseUrl);
    setRealtimeUrl(config.realtimeUrl);
  } catch (err) {
    root.render(<ConfigError message={err instanceof Error ? err.message : String(err)} />);
    return;
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);
