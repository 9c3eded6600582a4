/**
 * `npm run build`: the publishable package in `dist/` — ESM, `.d.ts`, source maps (tsc with
 * `tsconfig.build.json`) — plus what tsc cannot do: the bundled faces (TrueType) copied beside the
 * Worker loader as `.bin` (Data modules under wrangler's default rules, so a consumer's `wrangler.toml` needs no
 * rule), and `dist/package.json`, which points `#images/assets` at the built loaders (the root
 * one points at the sources, for this repository's own tools).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { BUNDLED_COVERAGE } from '../src/images/fonts/bundled-coverage.ts';
import { decodeRanges } from '../src/images/fonts/script-fonts.ts';
import { writeScriptFonts } from './font-files.ts';
import { buildMcpApp } from './build-mcp-app.ts';
import { ENGINE_FONTS, fontsourcePackage, writeEngineFonts } from './engine-fonts.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
const require = createRequire(join(ROOT, 'package.json'));

mkdirSync(DIST, { recursive: true });
// Only what this build writes: dist/ also holds other tools' output (bench bundles).
for (const entry of readdirSync(join(ROOT, 'src'), { withFileTypes: true })) {
  const name = entry.isDirectory() ? entry.name : entry.name.replace(/\.ts$/, '');
  for (const output of readdirSync(DIST, { withFileTypes: true })
    .map((e) => e.name)
    .filter(Boolean))
    if (output === name || output.startsWith(`${name}.`)) rmSync(join(DIST, output), { recursive: true, force: true });
}
rmSync(join(DIST, 'package.json'), { force: true });

execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')], {
  stdio: 'inherit',
});

// The Worker loader imports the faces the build made as TrueType; ship copies as .bin and import those.
const loaderPath = join(DIST, 'images', 'engine', 'assets.js');
const fontDir = join(DIST, 'images', 'engine', 'fonts');
mkdirSync(fontDir, { recursive: true });
await writeEngineFonts();
const licenses = new Set<string>();
let fonts = 0;
const loader = readFileSync(loaderPath, 'utf8').replace(
  /'(?:\.\.\/)+build\/engine-fonts\/([a-z0-9-]+)\.ttf'/g,
  (_match, file: string) => {
    copyFileSync(join(ENGINE_FONTS, `${file}.ttf`), join(fontDir, `${file}.ttf.bin`));
    licenses.add(fontsourcePackage(file));
    fonts += 1;
    return `'./fonts/${file}.ttf.bin'`;
  },
);
if (fonts === 0) throw new Error(`build: no font imports found in ${loaderPath}`);
writeFileSync(loaderPath, loader);
// The fonts are under the SIL Open Font License, which travels with every copy.
for (const pkg of licenses)
  copyFileSync(require.resolve(`@fontsource/${pkg}/LICENSE`), join(fontDir, `${pkg}.LICENSE`));

// The script fonts (CJK, Arabic, Hebrew, Indic, Thai, emoji) and their manifest: read from here under
// Node, and what a consumer Worker serves from its static assets as /fonts/.
const scriptFonts = writeScriptFonts(join(DIST, 'fonts'), decodeRanges(BUNDLED_COVERAGE)).faces.length;
// The MCP Apps page both loaders import: built now, shipped beside them, the path rewritten.
await buildMcpApp({ quiet: true });
const APP_SOURCE_PATH = "'../../build/mcp-app/show.html'";
for (const loader of ['show-app-html.js', 'show-app-html.node.js']) {
  const path = join(DIST, 'worker', loader);
  const text = readFileSync(path, 'utf8');
  if (!text.includes(APP_SOURCE_PATH)) throw new Error(`build: no app import found in ${path}`);
  writeFileSync(path, text.replace(APP_SOURCE_PATH, "'./show-app.html'"));
}
copyFileSync(join(ROOT, 'build', 'mcp-app', 'show.html'), join(DIST, 'worker', 'show-app.html'));

// dist/package.json: the root's `#images/assets` map, with each source path turned into its output.
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  imports: Record<string, Record<string, string>>;
};
const imports = Object.fromEntries(
  Object.entries(manifest.imports).map(([specifier, targets]) => [
    specifier,
    Object.fromEntries(
      Object.entries(targets).map(([condition, target]) => [
        condition,
        target.replace(/^\.\/src\/(.*)\.ts$/, './$1.js'),
      ]),
    ),
  ]),
);
writeFileSync(
  join(DIST, 'package.json'),
  `${JSON.stringify({ type: 'module', sideEffects: false, imports }, null, 2)}\n`,
);
console.log(`build: dist/ written (${fonts} font files in ${basename(fontDir)}/, ${scriptFonts} in fonts/)`);
