import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The gateway's origin, serving the built web app and the API. */
    baseUrl: string;
    /** The local SES stand-in's origin: GET /store answers the e-mail sent. */
    sesUrl: string;
  }
}

const webDir = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const artifactsDir = join(webDir, 'e2e', 'artifacts');
const gatewayBin = resolve(webDir, '..', 'bin', 'gateway');
const startTimeoutMs = 180_000;
const stopTimeoutMs = 30_000;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('no port assigned'));
      });
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

async function waitForHealthy(baseUrl: string, child: ChildProcess, logPath: string): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  let exitedEarly = false;
  void exited(child).then(() => (exitedEarly = true));
  while (Date.now() < deadline) {
    if (exitedEarly) {
      throw new Error(`bin/gateway exited with ${child.exitCode ?? child.signalCode} before it was healthy; see ${logPath}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await pause(250);
  }
  throw new Error(`bin/gateway was not healthy within ${startTimeoutMs / 1000} s; see ${logPath}`);
}

/** setup starts the local stack on free loopback ports with a fresh data folder and seed. */
export default async function setup(project: TestProject) {
  if (!existsSync(gatewayBin)) {
    throw new Error(`${gatewayBin} is missing: build it first (make gateway)`);
  }
  if (!existsSync(join(webDir, 'dist', 'index.html'))) {
    throw new Error('dist/index.html is missing: build the web app first (npm run build)');
  }
  mkdirSync(artifactsDir, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), 'cxm-e2e-'));
  const [port, dynamoPort, cognitoPort, s3Port, sesPort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${port}`;
  const logPath = join(artifactsDir, 'gateway.log');
  const log = createWriteStream(logPath);

  const child = spawn(
    gatewayBin,
    [
      '-addr', `127.0.0.1:${port}`,
      '-data', dataDir,
      '-dynamodb-port', String(dynamoPort),
      '-cognito-port', String(cognitoPort),
      '-s3-port', String(s3Port),
      '-ses-port', String(sesPort),
      '-web', 'dist',
      '-seed',
    ],
    // Its own process group, so teardown stops DynamoDB Local, cognito-local and the S3 and SES stand-ins with it.
    { cwd: webDir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });

  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const stopped = await Promise.race([exited(child).then(() => true), pause(stopTimeoutMs).then(() => false)]);
      if (!stopped) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
        await exited(child);
      }
    }
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealthy(baseUrl, child, logPath);
  } catch (err) {
    await stop();
    throw err;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('sesUrl', `http://127.0.0.1:${sesPort}`);
  return stop;
}
