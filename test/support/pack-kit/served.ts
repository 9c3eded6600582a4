/**
 * The kit's checks that need the pack served: every example on every format the Worker
 * configuration offers, hostile strings through every text format, and the layout check in the
 * frame. The format list is the configuration's own (`formatNames`), never one written here.
 */
import { createLayoutCheck } from '../../../src/images/index.ts';
import type { Composition } from '../../../src/index.ts';
import { createWorkerConfig, type WorkerConfig } from '../../../src/worker/index.ts';
import { inertnessCheck, type KitOutput } from './inert.ts';
import { KIT_HOSTILE, plant, stringLeaves } from './plant.ts';
import { kitCases, kitFrame, kitFrames, type PackKitSubject } from './subject.ts';

/** Images are drawn small: the kit asks that they draw, not how they look, and a small one is cheap. */
const IMAGE_SCALE = 0.25;

const configs = new WeakMap<PackKitSubject, Map<boolean, WorkerConfig>>();

/**
 * The Worker configuration serving the pack alone, with its frame: what a deployer of it gets.
 * `heading: false` draws the body alone (so "not empty" is the examples' own doing); `true` draws
 * the title too (a field hostile text goes into).
 */
export function kitWorker(subject: PackKitSubject, heading = false): WorkerConfig {
  const byHeading = configs.get(subject) ?? new Map<boolean, WorkerConfig>();
  configs.set(subject, byHeading);
  let config = byHeading.get(heading);
  if (!config) {
    config = createWorkerConfig({
      packs: [subject.pack],
      ...kitFrames(subject),
      ...(subject.hosts ? { hosts: subject.hosts } : {}),
      heading,
      layout: false,
      show: false,
    });
    byHeading.set(heading, config);
  }
  return config;
}

const entryOf = (config: WorkerConfig, format: string) => config.registry.find((entry) => entry.name === format);

/** Whether a format answers with pictures (the image engine's) rather than text a reader or a host parses. */
export function isPictureFormat(config: WorkerConfig, format: string): boolean {
  const entry = entryOf(config, format);
  if (entry) return entry.from === 'snapshot';
  // A deployer's own format, which the registry does not declare: judged by what it answers.
  const mimeType = config.formats[format]?.mimeType ?? '';
  return mimeType.startsWith('image/') || mimeType === 'application/pdf';
}

/** The formats the configuration serves, and those of them that are text (everything but images). */
export function kitFormats(subject: PackKitSubject): { all: readonly string[]; text: readonly string[] } {
  const config = kitWorker(subject);
  return { all: config.formatNames, text: config.formatNames.filter((format) => !isPictureFormat(config, format)) };
}

const message = (error: unknown): string => String((error as Error)?.message ?? error).slice(0, 200);

function emptiness(output: Awaited<ReturnType<WorkerConfig['renderer']['render']>>): string | undefined {
  if ('bytes' in output) return output.bytes.length > 0 ? undefined : 'no bytes';
  if ('text' in output) return output.text.trim().length > 0 ? undefined : 'empty text';
  const blocks = (output.json as { blocks?: unknown[] }).blocks;
  return Array.isArray(blocks) && blocks.length === 0 ? 'no blocks' : undefined;
}

/**
 * Every example checked as a request would be, then drawn in `format`: what threw or came out
 * empty, and for a text format what its inertness check finds (a chat payload its host would
 * refuse, an empty message) even with no hostile text in it.
 */
export async function formatProblems(subject: PackKitSubject, format: string): Promise<string[]> {
  const config = kitWorker(subject);
  const { renderer } = config;
  const read = isPictureFormat(config, format) ? undefined : await inertnessCheck(format, entryOf(config, format));
  const problems: string[] = [];
  for (const { name, composition } of kitCases(subject)) {
    const check = await renderer.check(composition, { layout: false });
    if (!check.valid || !check.composition) {
      problems.push(`${name}: refused: ${check.errors[0]}`);
      continue;
    }
    try {
      const output = await renderer.render(check.composition, format, { scale: IMAGE_SCALE });
      const empty = emptiness(output);
      if (empty) problems.push(`${name} on ${format}: ${empty}`);
      if (read && !('bytes' in output))
        for (const problem of read(output as KitOutput)) problems.push(`${name} on ${format}: ${problem}`);
    } catch (error) {
      problems.push(`${name} on ${format}: threw ${message(error)}`);
    }
  }
  return problems;
}

/**
 * What the surfaces under the formats say of each example: HTML validation has nothing to report,
 * and with a frame the snapshot is drawn at the frame's canvas with a stylesheet the rasterizer
 * reads (no `light-dark()`: images have no colour scheme).
 */
export function surfaceProblems(subject: PackKitSubject): string[] {
  const { runtime } = kitWorker(subject);
  const { html, snapshot } = runtime.surfaces;
  const canvas = kitFrame(subject)?.layout;
  const problems: string[] = [];
  for (const { name, composition } of kitCases(subject)) {
    try {
      const page = html.render(composition, { heading: false });
      for (const error of page.validationErrors) problems.push(`${name} on html: ${error.path} ${error.message}`);
      if (page.body.length === 0) problems.push(`${name} on html: empty body`);
      if (!snapshot) continue;
      const image = snapshot.render(composition);
      if (canvas && (image.width !== canvas.width || image.height !== canvas.height))
        problems.push(
          `${name}: snapshot is ${image.width}×${image.height}, the frame's canvas ${canvas.width}×${canvas.height}`,
        );
      if (image.css.includes('light-dark(')) problems.push(`${name}: snapshot stylesheet uses light-dark()`);
    } catch (error) {
      problems.push(`${name}: threw ${message(error)}`);
    }
  }
  return problems;
}

export interface HostilePlan {
  /** Examples as valid compositions with hostile strings in their fields. */
  placements: { name: string; composition: Composition; kept: readonly number[] }[];
  cases: number;
  /** String fields across all examples, the heading's included. */
  fields: number;
  rounds: number;
  /** Distinct hostile strings some field kept. */
  kept: number;
  /** Distinct hostile strings planted at least once. */
  planted: number;
}

/**
 * Hostile strings in every string field of every example: each example's fields take the next
 * strings of the list, round after round, until every string has been planted at least once (one
 * round when the pack has more fields than there are strings). A sample of the cross product of
 * fields and strings, which would be too slow for a large pack.
 */
export function hostilePlan(subject: PackKitSubject): HostilePlan {
  const { runtime } = kitWorker(subject, true);
  const validate = (composition: Record<string, unknown>) => runtime.validate(composition);
  const cases = kitCases(subject).map(({ name, composition }) => {
    // The heading is a field of every case: formats draw it on their own, outside the body.
    const base = { ...composition, title: composition.title ?? 'Title', subtitle: composition.subtitle ?? 'Subtitle' };
    return { name, base, leaves: stringLeaves(base) };
  });
  const fields = cases.reduce((sum, entry) => sum + entry.leaves.length, 0);
  const rounds = Math.max(1, Math.ceil(KIT_HOSTILE.length / Math.max(1, fields)));
  const placements: HostilePlan['placements'] = [];
  let start = 0;
  for (let round = 0; round < rounds; round++) {
    for (const { name, base, leaves } of cases) {
      const placed = plant(base, leaves, KIT_HOSTILE, start, validate);
      start += leaves.length;
      const checked = placed && runtime.validate(placed.composition).composition;
      if (placed && checked)
        placements.push({ name: `${name} round ${round + 1}`, composition: checked, kept: placed.kept });
    }
  }
  return {
    placements,
    cases: cases.length,
    fields,
    rounds,
    kept: new Set(placements.flatMap((placement) => placement.kept)).size,
    planted: Math.min(KIT_HOSTILE.length, start),
  };
}

/** Every placement drawn in `format` and read by that format's inertness check. */
export async function hostileProblems(subject: PackKitSubject, format: string, plan: HostilePlan): Promise<string[]> {
  const config = kitWorker(subject, true);
  const check = await inertnessCheck(format, entryOf(config, format));
  if (!check)
    return [
      `${format}: the kit has no inertness check for this format (a host's kit.ts, or test/support/pack-kit/inert.ts)`,
    ];
  const { renderer } = config;
  const problems: string[] = [];
  for (const { name, composition } of plan.placements) {
    try {
      const output = await renderer.render(composition, format);
      if ('bytes' in output) problems.push(`${name} on ${format}: bytes, not text`);
      else for (const problem of check(output as KitOutput)) problems.push(`${name} on ${format}: ${problem}`);
    } catch (error) {
      problems.push(`${name} on ${format}: threw ${message(error)}`);
    }
  }
  return problems;
}

/** Every example in the frame, measured by the layout check: each finding is a problem. */
export function layoutProblems(subject: PackKitSubject): string[] {
  const snapshot = kitWorker(subject).runtime.surfaces.snapshot;
  if (!snapshot) return ['the pack has no frame to measure in'];
  const layout = createLayoutCheck({ snapshot });
  const problems: string[] = [];
  for (const { name, composition } of kitCases(subject)) {
    try {
      for (const finding of layout.check(composition))
        problems.push(`${name}: ${finding.path} (in ${finding.nodeType}, ${finding.kind}) ${finding.message}`);
    } catch (error) {
      problems.push(`${name}: threw ${message(error)}`);
    }
  }
  return problems;
}
