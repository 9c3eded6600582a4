/**
 * `npm run test:package`: the package as a consumer gets it. Builds, packs the tarball outside the
 * repository, lints it (publint, attw), installs it with its peers into a scratch project in the
 * system temp directory, then: imports every entry on Node and validates and draws a composition
 * (text, Markdown, HTML, Slack, PNG); bundles a consumer Worker with its own view through
 * `wrangler deploy --dry-run`; type-checks consumer code against the published declarations.
 * Bounded in time; prints `package: N passed, N failed`.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules', '.bin');
const DEADLINE_MS = 10 * 60_000;
// As test/e2e: no account, metrics or Request.cf download for wrangler.
const QUIET_ENV = { CI: 'true', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1' };

interface Result {
  name: string;
  ok: boolean;
  detail: string;
}
const results: Result[] = [];
const work = mkdtempSync(join(tmpdir(), 'isomer-edge-package-'));

const watchdog = setTimeout(() => {
  console.error(`package: still running after ${DEADLINE_MS / 1000} s; giving up (scratch files in ${work}).`);
  process.exit(1);
}, DEADLINE_MS);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

/** Runs a command; resolves with its output, rejects with the output's last lines. */
function run(command: string, args: string[], cwd: string, timeoutMs = 4 * 60_000): Promise<string> {
  return new Promise((done, fail) => {
    execFile(
      command,
      args,
      { cwd, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...QUIET_ENV } },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`;
        if (error)
          fail(new Error(`${[command, ...args].join(' ')} failed:\n${output.split('\n').slice(-30).join('\n')}`));
        else done(output);
      },
    );
  });
}

async function step(name: string, body: () => Promise<string | undefined>): Promise<boolean> {
  const started = performance.now();
  let result: Result;
  try {
    const detail = (await body()) ?? '';
    result = { name, ok: true, detail };
  } catch (error) {
    result = { name, ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
  results.push(result);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${result.ok ? 'ok' : 'FAIL'} ${name} (${seconds} s)${result.detail ? `: ${result.detail}` : ''}`);
  return result.ok;
}

const node = (script: string, cwd: string) =>
  run(process.execPath, ['--experimental-strip-types', '--no-warnings', script], cwd);
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

try {
  let tarball = '';
  const consumer = join(work, 'consumer');
  const ready =
    (await step('build', async () => {
      await node(join(ROOT, 'scripts', 'build.ts'), ROOT);
      return undefined;
    })) &&
    (await step('npm pack', async () => {
      const output = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT);
      const [packed] = JSON.parse(output.slice(output.indexOf('['))) as { filename: string; entryCount: number }[];
      tarball = join(work, packed!.filename);
      return `${packed!.filename}: ${packed!.entryCount} files, ${(statSync(tarball).size / 1024).toFixed(0)} KiB`;
    }));
  if (ready) {
    await step('publint', async () => {
      const output = await run(process.execPath, [join(BIN, 'publint'), 'run', tarball, '--level', 'warning'], ROOT);
      // publint holds that Node ignores a nested package.json's `imports`; Node (and esbuild) use the
      // nearest one, which the Node and wrangler steps below prove. Anything else fails.
      const findings = output
        .split('\n')
        .filter((line) => /^\d+\. /.test(line))
        .filter((line) => !line.includes('./dist/package.json has an "imports" field'));
      if (/^Errors:/m.test(output) || findings.length > 0) throw new Error(output);
      return output.includes('imports" field') ? 'no errors; the known nested-imports warning' : 'no issues';
    });
    // ESM only, so the CommonJS and node10 resolutions do not apply.
    await step('attw', async () => {
      await run(process.execPath, [join(BIN, 'attw'), tarball, '--profile', 'esm-only', '--format', 'ascii'], ROOT);
      return 'no problems (esm-only profile)';
    });
    const installed = await step('install into a scratch project', async () => {
      cpSync(join(import.meta.dirname, 'consumer'), consumer, { recursive: true });
      writeFileSync(
        join(consumer, 'package.json'),
        `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`,
      );
      // The peers at the versions this repository develops against.
      const peers = Object.keys(manifest.peerDependencies).map((name) => `${name}@${manifest.devDependencies[name]}`);
      await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball, ...peers], consumer);
      return `${manifest.name} + ${peers.join(', ')}`;
    });
    if (installed) {
      await step('Node: import every entry, validate, render every surface and a PNG', async () => {
        let output: string;
        try {
          output = await run(process.execPath, ['node-check.mjs'], consumer);
        } catch (error) {
          output = error instanceof Error ? error.message : String(error);
        }
        const failedChecks = output.split('\n').filter((line) => line.startsWith('not ok'));
        const passedChecks = output.split('\n').filter((line) => line.startsWith('ok'));
        if (failedChecks.length > 0 || passedChecks.length === 0) throw new Error(output);
        return (
          `${passedChecks.length} checks on Node ${process.version}: ` +
          `${passedChecks.map((line) => line.slice(3)).join('; ')}`
        );
      });
      const out = join(work, 'worker-bundle');
      const bundled = await step('wrangler deploy --dry-run of a consumer Worker', async () => {
        await run(join(BIN, 'wrangler'), ['deploy', '--dry-run', '--outdir', out], consumer);
        const files = readdirSync(out);
        const wasm = files.filter((file) => file.endsWith('.wasm'));
        // The bundled faces, shipped as TrueType (`.ttf.bin`, Data modules under wrangler's default rules).
        const fonts = files.filter((file) => file.endsWith('.ttf.bin'));
        if (wasm.length !== 1 || fonts.length !== 21)
          throw new Error(`expected the WASM and 21 font modules beside the bundle, got ${files.join(', ')}`);
        const mib = (names: string[]) =>
          (
            names.reduce((sum, file) => sum + gzipSync(readFileSync(join(out, file))).byteLength, 0) /
            1024 /
            1024
          ).toFixed(2);
        return `gzipped: JavaScript ${mib(['worker.js'])} MiB, WASM ${mib(wasm)} MiB, fonts ${mib(fonts)} MiB`;
      });
      if (bundled)
        await step('workerd: the bundled consumer Worker serves its own view and draws it as a PNG', async () => {
          const { Miniflare } = await import('miniflare');
          const files = readdirSync(out).filter((file) => !file.endsWith('.map') && file !== 'README.md');
          const modules = Object.fromEntries(
            files.map((file) => {
              const type = file.endsWith('.js') ? 'esm' : file.endsWith('.wasm') ? 'wasm' : 'data';
              const bytes = readFileSync(join(out, file));
              return [file, { type, contents: type === 'esm' ? bytes.toString('utf8') : new Uint8Array(bytes) }];
            }),
          );
          // The options shape bench/images.ts uses with this Miniflare.
          const miniflare = new Miniflare({
            workers: [
              {
                config: {
                  name: 'consumer',
                  compatibilityDate: '2026-11-01',
                  manifest: { mainModule: 'worker.js', modulesRoot: out, modules },
                  // Opened on purpose, as `npm start` opens the local Worker: closed is the default.
                  env: { ISOMER_AUTH: { type: 'text', value: 'none' } },
                },
              },
            ],
          } as unknown as ConstructorParameters<typeof Miniflare>[0]);
          try {
            const post = (path: string, body: unknown) =>
              miniflare.dispatchFetch(`http://localhost${path}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(body),
              });
            const view = await post('/tools/isomer_request_view', {
              id: 'release-notes',
              input: { version: '1.2', notes: ['Faster renders'] },
            });
            const built = JSON.parse(((await view.json()) as { content: { text: string }[] }).content[0]!.text) as {
              valid: boolean;
              composition: unknown;
            };
            if (!built.valid)
              throw new Error(`the consumer's view built an invalid composition: ${JSON.stringify(built)}`);
            const png = await post('/render/png?scale=0.6667', built.composition);
            const bytes = new Uint8Array(await png.arrayBuffer());
            const view32 = new DataView(bytes.buffer);
            if (png.status !== 200 || view32.getUint32(0) !== 0x89504e47)
              throw new Error(`POST /render/png: ${png.status} ${png.headers.get('content-type')}`);
            return (
              `release-notes built; ` +
              `PNG ${view32.getUint32(16)}×${view32.getUint32(20)}, ` +
              `${bytes.byteLength} bytes`
            );
          } finally {
            await miniflare.dispose();
          }
        });
      await step('tsc: consumer code against the published declarations', async () => {
        // skipLibCheck off, so the package's own declarations are checked too. Other packages' are
        // not this package's to fix (they want @types/node, react, csstype), and a consumer's usual
        // skipLibCheck hides them: only errors in the consumer's files or in isomer-edge count.
        let output = '';
        try {
          await run(process.execPath, [join(BIN, 'tsc'), '-p', join(consumer, 'tsconfig.json')], consumer);
        } catch (error) {
          output = error instanceof Error ? error.message : String(error);
        }
        const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
        const ours = errors.filter(
          (line) => !line.startsWith('node_modules/') || line.startsWith(`node_modules/${manifest.name}/`),
        );
        if (ours.length > 0 || (output !== '' && errors.length === 0)) throw new Error(output);
        return errors.length > 0 ? `no errors in ours (${errors.length} in other packages' declarations)` : 'no errors';
      });
    }
  }
} catch (error) {
  results.push({ name: 'runner', ok: false, detail: error instanceof Error ? error.message : String(error) });
  console.error(`package: ${results.at(-1)!.detail}`);
} finally {
  clearTimeout(watchdog);
  const failed = results.filter((result) => !result.ok).length;
  if (failed === 0) rmSync(work, { recursive: true, force: true });
  else console.error(`package: scratch files kept in ${work}`);
  console.log(`\npackage: ${results.length - failed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
