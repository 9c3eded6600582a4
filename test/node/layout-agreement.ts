/**
 * Chromium against the image engine's layout check, over the overflow corpus (test/fixtures/overflow)
 * and the project's well-formed fixtures (test/fixtures/compositions): one verdict each per
 * composition (flags / doesn't), tallied and written as a Markdown report. Shared by
 * test/node/browser/layout-agreement.test.ts and `scripts/layout-agreement.ts`, so the figures in
 * docs/layout-findings.md are the ones the test holds.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { LayoutFinding } from '../../src/images/index.ts';
import type { IsomerRuntime } from '../../src/index.ts';
import { readFixtures } from '../../scripts/preview.ts';
import { type ChromiumFinding, describeFinding, overflowInChromium, slideFragment } from './chromium-overflow.ts';
import { clippingCases } from './clipping-corpus.ts';

export const OVERFLOW_DIR = fileURLToPath(new URL('../fixtures/overflow', import.meta.url));
export const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/compositions', import.meta.url));
/** One composition per kind of finding that is not about the slide's edges (issue 22). */
export const KINDS_DIR = fileURLToPath(new URL('../fixtures/layout-kinds', import.meta.url));

/** The command that reproduces docs/layout-findings.md. */
export const REPORT_COMMAND = 'node --experimental-strip-types --no-warnings scripts/layout-agreement.ts';

export type CorpusSet = 'overflow' | 'kinds' | 'containers' | 'fixture';

/** Where each set's compositions come from: a fixture folder, or the generator that writes them. */
const SET_DIR: Record<CorpusSet, string> = {
  overflow: 'overflow',
  kinds: 'layout-kinds',
  containers: 'clipping-corpus.ts',
  fixture: 'compositions',
};

export interface CorpusEntry {
  set: CorpusSet;
  name: string;
  composition: Record<string, unknown>;
}

/**
 * Every composition the agreement is measured on: the overflow corpus, the kinds, the generated
 * clipping inside containers (issue 34), then the well-formed fixtures.
 */
export function agreementCorpus(): CorpusEntry[] {
  return [
    ...readFixtures(OVERFLOW_DIR).map((entry) => ({ set: 'overflow' as const, ...entry })),
    ...readFixtures(KINDS_DIR).map((entry) => ({ set: 'kinds' as const, ...entry })),
    ...clippingCases().map((entry) => ({ set: 'containers' as const, ...entry })),
    ...readFixtures(FIXTURE_DIR).map((entry) => ({ set: 'fixture' as const, ...entry })),
  ];
}

export interface Verdicts extends CorpusEntry {
  chromium: readonly ChromiumFinding[];
  engine: readonly LayoutFinding[];
}

/** Both verdicts for one composition, in the light theme (layout does not depend on the palette). */
export async function judge(
  page: Page,
  runtime: Pick<IsomerRuntime, 'surfaces'>,
  layout: { check(composition: unknown): readonly LayoutFinding[] },
  entry: CorpusEntry,
): Promise<Verdicts> {
  const chromium = await overflowInChromium(page, slideFragment(runtime, entry.composition));
  return { ...entry, chromium, engine: layout.check(entry.composition) };
}

export interface Tally {
  both: number;
  engineOnly: number;
  chromiumOnly: number;
  neither: number;
  total: number;
  /** Share of compositions on which the two verdicts agree, 0–1. */
  agreement: number;
}

export function tally(rows: readonly Verdicts[]): Tally {
  const count = (chromium: boolean, engine: boolean) =>
    rows.filter((row) => row.chromium.length > 0 === chromium && row.engine.length > 0 === engine).length;
  const both = count(true, true);
  const neither = count(false, false);
  return {
    both,
    engineOnly: count(false, true),
    chromiumOnly: count(true, false),
    neither,
    total: rows.length,
    agreement: rows.length === 0 ? 0 : (both + neither) / rows.length,
  };
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

/** The four-cell table, one row per set and a total. */
export function agreementTable(rows: readonly Verdicts[]): string {
  const line = (label: string, t: Tally) =>
    `| ${label} | ${t.total} | ${t.both} | ${t.engineOnly} | ${t.chromiumOnly} | ${t.neither} | ${percent(t.agreement)} |`;
  return [
    '| Set | Compositions | Both flag | Only the engine | Only Chromium | Neither | Agreement |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    line('Overflow corpus (`test/fixtures/overflow`)', tally(rows.filter((row) => row.set === 'overflow'))),
    line(
      'Broken words, narrow text, clipped by a box (`test/fixtures/layout-kinds`)',
      tally(rows.filter((row) => row.set === 'kinds')),
    ),
    line(
      'Clipping inside containers and their well-drawn counterparts (`test/node/clipping-corpus.ts`)',
      tally(rows.filter((row) => row.set === 'containers')),
    ),
    line('Well-formed fixtures (`test/fixtures/compositions`)', tally(rows.filter((row) => row.set === 'fixture'))),
    line('**All**', tally(rows)),
  ].join('\n');
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The first few findings of one side, one per line in a table cell. */
function findingsCell(findings: readonly string[], limit = 3): string {
  if (findings.length === 0) return 'nothing';
  const shown = findings.slice(0, limit).map(cell).join('<br>');
  return findings.length > limit ? `${shown}<br>… and ${findings.length - limit} more` : shown;
}

const engineLine = (finding: LayoutFinding) => `\`${finding.path}\` (${finding.kind}) ${finding.message}`;

/** Compositions on which the verdicts differ, with what each side found. */
export function disagreementTable(rows: readonly Verdicts[]): string {
  const differ = rows.filter((row) => row.chromium.length > 0 !== row.engine.length > 0);
  if (differ.length === 0) return 'None: the two checks agree on every composition.';
  return [
    '| Composition | Flagged by | Chromium found | The engine found |',
    '| --- | --- | --- | --- |',
    ...differ.map(
      (row) =>
        `| \`${row.set === 'containers' ? `${SET_DIR.containers}: ${row.name}` : `${SET_DIR[row.set]}/${row.name}.json`}\` | ` +
        `${row.chromium.length > 0 ? 'only Chromium' : 'only the engine'} | ` +
        `${findingsCell(row.chromium.map(describeFinding))} | ${findingsCell(row.engine.map(engineLine))} |`,
    ),
  ].join('\n');
}

/**
 * Chromium's largest finding, preferring a box a primitive drew over the frame that clips it (a
 * slide that runs off the canvas shows first as the frame clipping its bottom).
 */
function largestChromium(findings: readonly ChromiumFinding[]): ChromiumFinding | undefined {
  const own = findings.filter((finding) => finding.node !== 'slideFrame');
  return [...(own.length > 0 ? own : findings)].sort((a, b) => b.by - a.by)[0];
}

/** Whether the two sides name a common primitive: Chromium by its boxes' anchors, the engine by `nodeType`. */
export function samePrimitive(row: Verdicts): boolean {
  const named = new Set(row.chromium.map((finding) => finding.node));
  return row.engine.some((finding) => named.has(finding.nodeType));
}

/** Each corpus composition: Chromium's largest finding beside the engine's first, and whether they name one primitive. */
export function corpusTable(rows: readonly Verdicts[]): string {
  return [
    '| Composition | Chromium (largest of its findings) | The engine (first of its findings) | Same primitive |',
    '| --- | --- | --- | --- |',
    ...rows
      // The well-drawn counterparts are in the agreement table; here only what is meant to be flagged.
      .filter((row) => row.set !== 'fixture' && !(row.set === 'containers' && row.name.startsWith('fits-')))
      .map((row) => {
        const largest = largestChromium(row.chromium);
        const chromium = largest ? `${cell(describeFinding(largest))} (${row.chromium.length} in all)` : 'nothing';
        const first = row.engine[0];
        const engine = first ? `${cell(engineLine(first))} (${row.engine.length} in all)` : 'nothing';
        const prefix = row.set === 'overflow' ? '' : row.set === 'containers' ? 'containers/' : `${SET_DIR[row.set]}/`;
        return `| \`${prefix}${row.name}\` | ${chromium} | ${engine} | ${samePrimitive(row) ? 'yes' : 'no'} |`;
      }),
  ].join('\n');
}

/** The whole report (docs/layout-findings.md). */
export function agreementReport(rows: readonly Verdicts[]): string {
  const all = tally(rows);
  const both = rows.filter((row) => row.chromium.length > 0 && row.engine.length > 0);
  return `${[
    '# Layout findings: the engine check against Chromium',
    '',
    'The image engine’s layout check (`createLayoutCheck` in `src/images/layout-check/check.ts`) is held to what a real ' +
      'browser sees. Chromium lays out each composition’s HTML at 1920×1080 with the same font files the ' +
      'images draw with, and its verdict is the reference: a slide overflows when some block box runs past the ' +
      'slide or past the content area (`.sl-frame-body`, above the footer), when a box with `overflow` other ' +
      'than visible cuts off part of its content, or when a box’s content spills sideways out of it ' +
      '(`test/node/chromium-overflow.ts`), and also when a word breaks across lines in a script that spaces ' +
      'its words, or a box sets its text under four characters a line over three lines or more. The engine’s ' +
      '`clipped` finding covers both text lines a box hides and, since issue 34, a box inside a box that hides ' +
      'its overflow (a message’s bubble, a window body’s padding) running past that box’s edge, named at the ' +
      'innermost node cut with the pixels past the edge. A composition counts as flagged by a side when that side reports ' +
      'anything at all. Both sides check the light theme (the palette does not change the layout).',
    '',
    'The compositions are the overflow corpus (`test/fixtures/overflow`, each described in its README: valid, ' +
      'yet too much for one slide), one composition per kind of finding that is not about the slide’s edges ' +
      '(`test/fixtures/layout-kinds`: a word broken across lines, text too narrow to read, a message a window ' +
      'cuts off), generated cases of content cut off inside a box that hides its overflow, each beside a ' +
      'well-drawn counterpart of the same shape (`test/node/clipping-corpus.ts`: transcripts, tables, lists ' +
      'and code in windows of every chrome, a window in a split pane, code too wide for its pane), and the ' +
      'project’s well-formed fixtures (`test/fixtures/compositions`, single ' +
      'nodes drawn inside a preview slide). `test/node/browser/layout-agreement.test.ts` asserts the agreement ' +
      'is at least 95 %, that the engine finds nothing on a well-formed fixture or counterpart, and that ' +
      'Chromium flags every corpus composition and generated clipping case and no fixture or counterpart.',
    '',
    `Reproduce with \`${REPORT_COMMAND}\` (needs Chromium: \`apt-get install chromium\`, or set \`CHROMIUM_PATH\`).`,
    '',
    '## Agreement',
    '',
    agreementTable(rows),
    '',
    `${all.both + all.neither} of ${all.total} compositions agree (${percent(all.agreement)}).`,
    '',
    '## Disagreements',
    '',
    disagreementTable(rows),
    '',
    '## The overflow corpus, the kinds and the clipping cases, composition by composition',
    '',
    'Where both flag a composition, the table shows whether they point at the same thing. Chromium names ' +
      'the primitive that drew each box it reports (`data-isomer-node`) and the box’s classes; the engine names ' +
      'a composition path. “Same primitive” is yes when some engine finding’s type is among the primitives ' +
      `Chromium names: ${both.filter(samePrimitive).length} of the ${both.length} compositions both flag.`,
    '',
    corpusTable(rows),
  ].join('\n')}\n`;
}
