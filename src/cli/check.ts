/**
 * `isomer-edge check`: every example of every primitive of the pack(s), checked as a request would
 * be and drawn on every format the configuration serves — text, Markdown, HTML, Slack and each chat
 * host — with each chat host's payload held to its limits by the host's checks, `--png` to draw each
 * as a picture, and the layout check in the pack's frame. A pack author's CI step: any failure exits 1.
 */
import { createChatFormats } from '../chat/index.ts';
import { BUILT_IN_HOSTS } from '../core/chat-hosts/registry.ts';
import type { HostChecks } from '../core/chat-hosts/checks.ts';
import { formatRegistry } from '../core/formats.ts';
import type { Composition } from '../core/model/composition.ts';
import { createIsomerRuntime } from '../core/runtime/runtime.ts';
import { createCompositionRenderer, type RenderedOutput } from '../core/tools/render.ts';
import type { IsomerToolsFormat } from '../core/tools/types.ts';
import { type JUnitSuite, junitXml } from '../evals/junit.ts';
import { packExamples, type PackSubject } from './packs.ts';

export interface CheckOptions {
  subjects: readonly PackSubject[];
  /** Draw each example as a PNG too. */
  png?: boolean;
  /** Run the layout check where a frame declares its geometry. Default `true`. */
  layout?: boolean;
  /** Called as each example is done (progress). */
  onExample?: (done: number, total: number) => void;
}

/** One example on one format (or the validation or layout step): passed, or what went wrong. */
export interface CheckResult {
  pack: string;
  type: string;
  example: string;
  /** A format name, or `validate` / `layout`. */
  format: string;
  problems: string[];
}

export interface CheckReport {
  packs: string[];
  formats: string[];
  examples: number;
  results: CheckResult[];
  failures: number;
}

/** Pictures are drawn small: the check asks that they draw, not how they look. */
const PNG_SCALE = 0.25;

const message = (error: unknown): string =>
  String((error as Error)?.message ?? error)
    .replace(/\s+/g, ' ')
    .slice(0, 300);

function emptiness(output: RenderedOutput): string | undefined {
  if ('bytes' in output) return output.bytes.byteLength > 0 ? undefined : 'no bytes';
  if ('text' in output) return output.text.trim() === '' ? 'empty text' : undefined;
  const blocks = (output.json as { blocks?: unknown[] }).blocks;
  return Array.isArray(blocks) && blocks.length === 0 ? 'no blocks' : undefined;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

/** What a format's output must be besides drawn and not empty. */
function outputProblems(format: string, output: RenderedOutput, hostChecks: HostChecks | undefined): string[] {
  if (format === 'png')
    return 'bytes' in output && PNG_SIGNATURE.every((byte, i) => output.bytes[i] === byte) ? [] : ['not a PNG'];
  if (!hostChecks) return [];
  const payload = 'json' in output ? output.json : 'text' in output ? JSON.parse(output.text) : undefined;
  return [...hostChecks.problems(payload), ...hostChecks.liveMentions(payload).map((ping) => `live mention ${ping}`)];
}

/** Runs the check. Never throws for a broken example: each problem is a result. */
export async function runCheck(options: CheckOptions): Promise<CheckReport> {
  const packs = options.subjects.map((subject) => subject.pack);
  const runtime = createIsomerRuntime({ packs });
  const snapshot = runtime.surfaces.snapshot;
  const hostFormats: Record<string, IsomerToolsFormat> = { ...createChatFormats({ runtime, heading: false }) };
  // The image engine is loaded only when pictures or layout are asked for.
  const wantsLayout =
    options.layout !== false && snapshot !== undefined && packs.some((pack) => pack.frame?.frame.layout);
  const images = (options.png && snapshot) || wantsLayout ? await import('../images/index.ts') : undefined;
  if (options.png && snapshot && images) hostFormats.png = images.createImageFormats({ snapshot }).png;
  const layout = wantsLayout && images && snapshot ? images.createLayoutCheck({ snapshot }) : undefined;
  const renderer = createCompositionRenderer({ runtime, frame: runtime.frames, formats: hostFormats, heading: false });
  const registry = formatRegistry(BUILT_IN_HOSTS);
  const checksOf = new Map<string, HostChecks>();
  for (const entry of registry) if (entry.host) checksOf.set(entry.name, await entry.host.checks());
  const formats = renderer.formatNames.filter((name) => name !== 'png' || options.png);

  const results: CheckResult[] = [];
  const examples = options.subjects.flatMap((subject) =>
    packExamples(subject).map((example) => ({ ...example, pack: subject.pack.id })),
  );
  let done = 0;
  for (const { pack, type, name, composition } of examples) {
    const record = (format: string, problems: string[]) =>
      results.push({ pack, type, example: `${type} ${name}`, format, problems });
    const check = await renderer.check(composition, { layout: false });
    if (!check.valid || !check.composition) {
      record('validate', check.errors.length > 0 ? check.errors : ['refused']);
      options.onExample?.(++done, examples.length);
      continue;
    }
    record('validate', []);
    const copy: Composition = check.composition;
    for (const format of formats) {
      try {
        const output = await renderer.render(copy, format, { scale: PNG_SCALE });
        const empty = emptiness(output);
        const problems = [...(empty ? [empty] : []), ...outputProblems(format, output, checksOf.get(format))];
        if (format === 'html') {
          const page = runtime.surfaces.html.render(copy, { heading: false });
          for (const error of page.validationErrors) problems.push(`${error.path} ${error.message}`);
        }
        record(format, problems);
      } catch (error) {
        record(format, [`threw ${message(error)}`]);
      }
    }
    if (layout) {
      try {
        await layout.prepare(copy);
        record(
          'layout',
          layout.check(copy).map((finding) => `${finding.path} (in ${finding.nodeType}) ${finding.message}`),
        );
      } catch (error) {
        record('layout', [`threw ${message(error)}`]);
      }
    }
    options.onExample?.(++done, examples.length);
  }
  return {
    packs: packs.map((pack) => pack.id),
    formats: [...formats, ...(layout ? ['layout'] : [])],
    examples: examples.length,
    results,
    failures: results.filter((result) => result.problems.length > 0).length,
  };
}

/** The report as JUnit: a suite per pack, a test case per example and format. */
export function checkJUnit(report: CheckReport): string {
  const suites: JUnitSuite[] = report.packs.map((pack) => ({
    name: `isomer-edge check: pack ${pack}`,
    cases: report.results
      .filter((result) => result.pack === pack)
      .map((result) => ({
        classname: `${result.pack}.${result.type}`,
        name: `${result.example} on ${result.format}`,
        ...(result.problems.length > 0
          ? { failure: { message: result.problems[0]!, detail: result.problems.join('\n') } }
          : {}),
      })),
  }));
  return junitXml(suites, 'isomer-edge check');
}

/** The report as text: a line of totals, then each failure. */
export function checkText(report: CheckReport): string {
  const failed = report.results.filter((result) => result.problems.length > 0);
  const lines = [
    `isomer-edge check: ${report.packs.map((pack) => `pack ${pack}`).join(', ')}; ${report.examples} examples on ` +
      `${report.formats.join(', ')}: ${report.results.length - failed.length} passed, ${failed.length} failed`,
  ];
  for (const result of failed)
    for (const problem of result.problems.slice(0, 5))
      lines.push(`  FAIL ${result.example} on ${result.format}: ${problem}`);
  return `${lines.join('\n')}\n`;
}
