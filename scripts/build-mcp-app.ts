/**
 * The MCP Apps page `ui://isomer/show` as one self-contained document, `build/mcp-app/show.html`: the
 * client TypeScript in `mcp-app/src/` bundled by esbuild (the official `App` class included) and put
 * inline with the stylesheet, so the page loads nothing from anywhere under the spec's default CSP.
 * The Worker imports the file as text (`src/worker/show-app-html.ts`); `build:playground` runs this.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE = join(ROOT, 'mcp-app');
export const APP_OUT = join(ROOT, 'build', 'mcp-app');
export const APP_FILE = join(APP_OUT, 'show.html');

export async function buildMcpApp(options: { quiet?: boolean } = {}): Promise<string> {
  const bundled = await build({
    entryPoints: [join(SOURCE, 'src', 'main.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: options.quiet ? 'warning' : 'info',
    tsconfig: join(SOURCE, 'tsconfig.json'),
  });
  // Inline text may not close the element it sits in.
  const js = bundled.outputFiles[0]!.text.replace(/<\/(script)/gi, '<\\/$1');
  const css = readFileSync(join(SOURCE, 'show.css'), 'utf8').replace(/<\/(style)/gi, '<\\/$1');
  const page = readFileSync(join(SOURCE, 'show.html'), 'utf8')
    .replace('/*APP_CSS*/', () => css)
    .replace('/*APP_JS*/', () => js);
  mkdirSync(APP_OUT, { recursive: true });
  writeFileSync(APP_FILE, page);
  if (!options.quiet) console.log(`build: ${APP_FILE} (${(page.length / 1024).toFixed(1)} KB)`);
  return page;
}

if (import.meta.filename === process.argv[1]) await buildMcpApp();
