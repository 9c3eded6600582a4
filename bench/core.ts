/**
 * Per-operation times of the composition core on V8 (Node 22, the same engine workerd runs):
 * parse, validate, and each surface on a representative composition.
 */
import * as z from 'zod';
import { createIsomerRuntime } from '../src/index.ts';
import { cardFrame, notesPack } from '../test/support/notes-pack.ts';
import { formatRow, measure, type Measurement } from './measure.ts';

// workerd refuses code generation, so Zod runs without its JIT there: measure that path.
z.config({ jitless: true });

const runtime = createIsomerRuntime({ packs: [notesPack], frames: { card: cardFrame } });

/** About the size of one content slide: a heading-like note, a list of items, a table, links. */
const composition = JSON.parse(
  JSON.stringify({
    type: 'view',
    title: 'Checkout latency doubled after Tuesday’s deploy',
    subtitle: 'p95 by region, last 7 days',
    body: [
      { type: 'note', text: 'The **connection pool** change in `v2.14` halved available sockets under load.' },
      { type: 'stack', items: Array.from({ length: 5 }, (_, i) => ({ type: 'note', text: `Finding ${i + 1}: latency rose in region ${i + 1} within minutes of rollout.` })) },
      { type: 'split', panes: [{ label: 'Before', items: [{ type: 'note', text: 'p95 180 ms' }] }, { label: 'After', items: [{ type: 'note', text: 'p95 410 ms' }] }] },
      { type: 'table', columns: ['Region', 'Before', 'After'], rows: [['eu-west', '170 ms', '390 ms'], ['us-east', '185 ms', '420 ms'], ['ap-south', '210 ms', '455 ms']] },
      { type: 'link', label: 'Incident runbook', href: 'https://example.com/runbook' },
    ],
  }),
);

export function benchCore(): Measurement[] {
  const { text, markdown, html, slack, snapshot } = runtime.surfaces;
  return [
    measure('parse', () => runtime.parse(composition)),
    measure('validate', () => runtime.validate(composition)),
    measure('text (validate + render)', () => text.render(composition)),
    measure('markdown (validate + render)', () => markdown.render(composition)),
    measure('html (validate + render)', () => html.render(composition)),
    measure('slack (validate + render)', () => slack.render(composition)),
    measure('snapshot (validate + render)', () => snapshot!.render(composition)),
  ];
}

if (import.meta.main) {
  console.log('| operation | median | ops/s |\n| --- | --- | --- |');
  for (const row of benchCore()) console.log(formatRow(row));
}
