/**
 * `npm run build:playground`: the playground at `/` as Workers static assets in `build/playground/`
 * (git-ignored; `[assets]` in wrangler.toml). The client TypeScript is bundled by esbuild into one
 * file per page, the HTML, CSS and `_headers` are copied, and Swagger UI comes from `swagger-ui-dist`
 * so the API page fetches nothing from elsewhere. Nothing here reads pack data: the page asks the
 * Worker it is served by. It also builds the MCP Apps page (`scripts/build-mcp-app.ts`), which the
 * Worker imports, and the bundled faces as TrueType (`scripts/engine-fonts.ts`), which the image
 * engine imports, so every step that starts the Worker has them.
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { decodeRanges } from '../src/images/fonts/script-fonts.ts';
import { BUNDLED_COVERAGE } from '../src/images/fonts/bundled-coverage.ts';
import { writeScriptFonts } from './font-files.ts';
import { buildMcpApp } from './build-mcp-app.ts';
import { writeEngineFonts } from './engine-fonts.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE = join(ROOT, 'playground');
export const PLAYGROUND_OUT = join(ROOT, 'build', 'playground');
const require = createRequire(join(ROOT, 'package.json'));

/** The Swagger UI files the API page loads (the bundle carries its own React; no preset needed). */
const SWAGGER_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css'];

export async function buildPlayground(options: { quiet?: boolean } = {}): Promise<void> {
  // Empty the directory but keep it: a running `wrangler dev` watches it and loses a removed one.
  mkdirSync(PLAYGROUND_OUT, { recursive: true });
  for (const name of readdirSync(PLAYGROUND_OUT)) rmSync(join(PLAYGROUND_OUT, name), { recursive: true, force: true });
  mkdirSync(join(PLAYGROUND_OUT, 'swagger'));
  await build({
    // `early` starts the first requests while `playground` downloads; the editor is a chunk of its own.
    entryPoints: {
      early: join(SOURCE, 'src', 'early.ts'),
      playground: join(SOURCE, 'src', 'main.ts'),
      api: join(SOURCE, 'src', 'api-page.ts'),
    },
    outdir: PLAYGROUND_OUT,
    bundle: true,
    // The Teams renderer (`adaptivecards`) is loaded on demand: its own chunk, under chunks/.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: options.quiet ? 'warning' : 'info',
    tsconfig: join(SOURCE, 'tsconfig.json'),
  });
  for (const name of readdirSync(SOURCE)) {
    if (/\.(html|css|svg)$/.test(name) || name === '_headers')
      copyFileSync(join(SOURCE, name), join(PLAYGROUND_OUT, name));
  }
  const swagger = dirname(require.resolve('swagger-ui-dist/package.json'));
  for (const name of [...SWAGGER_FILES, 'LICENSE'])
    copyFileSync(join(swagger, name), join(PLAYGROUND_OUT, 'swagger', name));
  // The script fonts the image engine fetches on demand (`env.ASSETS`, under /fonts/).
  writeScriptFonts(join(PLAYGROUND_OUT, 'fonts'), decodeRanges(BUNDLED_COVERAGE));
  // The MCP Apps page the Worker bundles (build/mcp-app, beside the assets, not served as one).
  await buildMcpApp(options);
  // The bundled faces the image engine imports (build/engine-fonts, bundled into the Worker).
  await writeEngineFonts();
}

if (import.meta.filename === process.argv[1]) await buildPlayground();
