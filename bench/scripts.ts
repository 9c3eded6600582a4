/**
 * What text direction and word breaks cost the surfaces: the HTML and snapshot surfaces on the
 * project's split slide (Latin: the bidi test per string is all it pays) beside the same slide with
 * its text in Arabic and Hebrew (isolates and `dir`), and in Thai (the snapshot's break opportunities).
 * Run alone: `node --experimental-strip-types --no-warnings bench/scripts.ts`.
 */
import * as z from 'zod';
import { createIsomerRuntime } from '../src/index.ts';
import { slideDeckFrame, slidesPack } from '../src/packs/slides/index.ts';
import { benchComposition } from './http.ts';
import { formatRow, measure, type Measurement } from './measure.ts';

z.config({ jitless: true });

const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
const { html, snapshot } = runtime.surfaces;

const RTL = ['مرحبا بالعالم 2024 Hello', 'שלום world 123 עולם', 'Release v2 ships مع 3 ميزات', 'תקציב 2025 אושר'];
const THAI = ['ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค', 'การตัดบรรทัดจึงต้องอาศัยพจนานุกรม', 'เพื่อหาขอบเขตของคำแต่ละคำ'];

/** Prose fields: what the translated slide rewrites (code, URLs, enums and numbers stay). */
const PROSE = new Set(['title', 'lede', 'brand', 'section', 'label', 'items']);

/** The composition with each prose string replaced by one of `lines`, in turn. */
function translated(composition: unknown, lines: readonly string[]): unknown {
  let next = 0;
  const visit = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') return PROSE.has(key) ? lines[next++ % lines.length] : value;
    if (Array.isArray(value)) return value.map((item) => visit(item, key));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, k)]));
    return value;
  };
  return visit(composition, '');
}

export function benchScripts(): { composition: string; rows: Measurement[] } {
  const { name, composition } = benchComposition();
  const rtl = translated(composition, RTL);
  const thai = translated(composition, THAI);
  for (const variant of [rtl, thai])
    if (!runtime.validate(variant).valid) throw new Error('the translated bench slide does not validate');
  return {
    composition: name,
    rows: [
      measure('html, Latin (validate + render)', () => html.render(composition, { heading: false })),
      measure('html, Arabic and Hebrew', () => html.render(rtl, { heading: false })),
      measure('html, Thai', () => html.render(thai, { heading: false })),
      measure('snapshot, Latin', () => snapshot!.render(composition)),
      measure('snapshot, Arabic and Hebrew', () => snapshot!.render(rtl)),
      measure('snapshot, Thai (word breaks)', () => snapshot!.render(thai)),
    ],
  };
}

export function printScripts(result: ReturnType<typeof benchScripts>): string {
  return [
    `## Text direction and word breaks (${result.composition}, text replaced per script)\n`,
    '| operation | median | ops/s |\n| --- | --- | --- |',
    ...result.rows.map(formatRow),
  ].join('\n');
}

if (import.meta.filename === process.argv[1]) console.log(printScripts(benchScripts()));
