/**
 * Starts the Worker under `wrangler dev` on 127.0.0.1 (what `npm start` runs) on a free port, and
 * stops it with its whole process group, even when the run fails or is interrupted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningWorker {
  url: string;
  /** The process group of wrangler and its workerd children. */
  processGroup: number;
  /** What wrangler and the Worker printed, for diagnosing a failure. */
  log(): string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
const stops = new Set<() => Promise<void>>();

/** Stops every Worker this process started, ready or not. */
export async function stopAllWorkers(): Promise<void> {
  await Promise.all([...stops].map((stop) => stop()));
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // Negative pid: the group wrangler and its workerd child share, and nothing else.
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

process.on('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Only loopback, no metrics, no `Request.cf` download: the run needs no network. */
const OFFLINE_ENV = { CI: 'true', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1' };

export async function startWorker(
  options: {
    vars?: Record<string, string>;
    timeoutMs?: number /** A Worker entry other than wrangler.toml's `main`. */;
    entry?: string;
    /**
     * Open the Worker on purpose (`ISOMER_AUTH=none`, as `npm start` does) when `vars` configure no
     * sign-in. Default `true`; `false` starts it as `wrangler deploy` would see it: closed.
     */
    open?: boolean;
    /** Count the rate limits (`wrangler.toml`'s bindings). Default `true`; `false` sets `ISOMER_RATE_LIMITS=off`. */
    limits?: boolean;
    /** How much of wrangler's output to keep for `log()`. Default 64 KiB. */
    logBytes?: number;
  } = {},
): Promise<RunningWorker> {
  const port = await freePort();
  const signIn = options.vars?.ISOMER_TOKENS !== undefined || options.vars?.ISOMER_OAUTH_ISSUER !== undefined;
  options = {
    ...options,
    vars: {
      ...((options.open ?? true) && !signIn ? { ISOMER_AUTH: 'none' } : {}),
      ...(options.limits === false ? { ISOMER_RATE_LIMITS: 'off' } : {}),
      ...options.vars,
    },
  };
  const logBytes = options.logBytes ?? 64 * 1024;
  // Each instance gets its own inspector port: two dev servers would otherwise collide on 9229.
  const inspectorPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const vars = Object.entries(options.vars ?? {}).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
  const wrangler = join(process.cwd(), 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  // Each instance keeps its local state apart: two dev servers sharing `.wrangler/state` can
  // collide on its SQLite files (`database is locked`) while starting.
  const state = mkdtempSync(join(tmpdir(), 'isomer-e2e-'));
  const child = spawn(
    process.execPath,
    [
      wrangler,
      'dev',
      ...(options.entry ? [options.entry] : []),
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(inspectorPort),
      '--persist-to',
      state,
      '--show-interactive-dev-session=false',
      ...vars,
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...OFFLINE_ENV },
    },
  );
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-logBytes);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    running.delete(child);
    stops.delete(stop);
    rmSync(state, { recursive: true, force: true });
  };
  stops.add(stop);

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return { url, processGroup: child.pid!, log: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`wrangler dev did not become ready on ${url}:\n${output.slice(-4000)}`);
}
