import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { createIsomerRuntime } from '../../src/index.ts';
import { slidesPack } from '../../src/packs/slides/index.ts';
import { describePackSchemaAgreement, type Refinement, schemaAgreement } from '../support/pack-kit/node.ts';

/**
 * The slides pack through the kit's schema agreement (test/support/pack-kit/schema-agreement.ts):
 * the published JSON Schema and `validate` agree on 4,000 compositions from the examples, valid and
 * mutated, but for the refinements below; and the one check only this pack needs.
 */

const runtime = createIsomerRuntime({ packs: [slidesPack] });
const definitions = runtime.primitives;

const ONE_LINE = /^must be one line: no tabs or line breaks/;
const COLUMNS = /^must fit in \d+ columns \(wide characters count 2\), this line takes \d+: /;
const LONE_FRAME = /^must be the embedded body’s only node: /;
const NESTED_RENDER = /^must not be another render: /;

/**
 * Refinements: rules checked in code, across fields or by a test no JSON Schema keyword states
 * (column width, one line; the SDK's URL policy is the kit's own to know). The schema restates them
 * in descriptions; validation enforces them. A disagreement is allowed only when every error
 * validation reports is one of these.
 */
const REFINEMENTS: readonly Refinement[] = [
  // Slot rules (issue 22): the finding sits on the node the slot refuses, whatever its type.
  { type: 'slideFrame', rule: 'no frame inside a frame', message: /^must not be inside another slideFrame: / },
  ...definitions.flatMap(({ type }) => [
    { type, rule: 'full-width diagrams not in a pane', message: new RegExp(`^${type} needs the slide's full width`) },
    { type, rule: 'short text blocks in a title’s aside', message: new RegExp(`^${type} does not fit the aside`) },
  ]),
  { type: 'slideAgenda', rule: 'one current section', message: /^must be the only current section; / },
  { type: 'slideRoadmap', rule: 'one current column', message: /^must be the only current column$/ },
  { type: 'slideTimeline', rule: 'one current item', message: /^must be the only current item: / },
  { type: 'slideBars', rule: 'one highlighted item', message: /^must be the only highlighted item$/ },
  { type: 'slideBars', rule: 'max at least the largest value', message: /^must be at least the largest value \(/ },
  { type: 'slideCode', rule: 'lines are one line', message: ONE_LINE },
  { type: 'slideCode', rule: 'lines fit the panel’s columns', message: COLUMNS },
  { type: 'slideCode', rule: 'highlightLines within the lines', message: /^must be a line number from 1 to \d+$/ },
  { type: 'slideDiff', rule: 'lines are one line', message: ONE_LINE },
  { type: 'slideDiff', rule: 'lines fit the columns', message: COLUMNS },
  { type: 'slideCommand', rule: 'command is one line', message: ONE_LINE },
  { type: 'slideCommand', rule: 'command fits the columns', message: /^must fit on one line: at most \d+ columns / },
  { type: 'slideCommand', rule: 'highlightPrefix starts command', message: /^must be the start of `command`/ },
  { type: 'slideLayers', rule: 'body or chips, not both', message: /^must not be set together with body: / },
  { type: 'slideClosing', rule: 'a link has href or text', message: /^needs href or text: / },
  { type: 'slideSplit', rule: 'a pane’s tone needs its label', message: /^is allowed only with a label$/ },
  { type: 'slideDelta', rule: 'change needs both values', message: /^needs both before\.value and after\.value$/ },
  { type: 'slideStat', rule: 'unit needs a value', message: /^needs a value: leave the unit out / },
  { type: 'slideStats', rule: 'unit needs a value', message: /^needs a value: leave the unit out / },
  { type: 'slideTree', rule: 'one level per name', message: /^must name one level only: / },
  { type: 'slideWindow', rule: 'no window inside a window', message: /^must not be inside another slideWindow$/ },
  { type: 'slideTranscript', rule: 'text not blank', message: /^must not be blank$/ },
  { type: 'slideTranscript', rule: 'a role or a speaker', message: /^needs a role or a speaker: / },
  { type: 'slideTranscript', rule: 'not both role and speaker', message: /^must not be set together with role: / },
  { type: 'slideTranscript', rule: 'speaker within the speakers', message: /^must be a speaker index below \d+$/ },
  { type: 'slideTranscript', rule: 'speaker needs speakers', message: /^needs speakers: / },
  {
    type: 'slideLanes',
    rule: 'two notes with four lanes or more',
    message: /^must hold at most \d+ notes with \d+ or more lanes /,
  },
  { type: 'slideCommand', rule: 'output lines are one line', message: ONE_LINE },
  { type: 'slideCommand', rule: 'output fits the columns', message: COLUMNS },
  { type: 'slideChart', rule: 'a note within the categories', message: /^must be a category index below \d+$/ },
  { type: 'slideChart', rule: 'one note a category', message: /^must name a category no other note names: / },
  { type: 'slideFrame', rule: 'logo URL absolute', message: /^must be an absolute https or http URL$/ },
  {
    type: 'slideColumns',
    rule: 'highlight within the items',
    message: /^must be less than the number of items \(\d+\)$/,
  },
  { type: 'slideMatrix', rule: 'one mark per column', message: /^must have \d+ marks, one per column / },
  { type: 'slideChart', rule: 'one value per category', message: /^must have \d+ values, one per category / },
  { type: 'slideChart', rule: 'highlight within the categories', message: /^must be a category index below \d+$/ },
  {
    type: 'slideTimeline',
    rule: 'a heading or a body',
    message: /^needs a heading \(what people said\) or a body \(what happened\), or both$/,
  },
  { type: 'slideOrgChart', rule: 'twelve people in all', message: /^must hold at most 12 people or teams in all, / },
  { type: 'slideMatrix', rule: 'highlight within the columns', message: /^must be a column index below \d+$/ },
  { type: 'slideRender', rule: 'slide or body', message: /^is required unless `slide` names a slide / },
  { type: 'slideRender', rule: 'a frame is an embedded body’s only node', message: LONE_FRAME },
  { type: 'slideRender', rule: 'no render in an embedded body', message: NESTED_RENDER },
  { type: 'slideAnnotatedRender', rule: 'slide or body', message: /^is required unless `slide` names a slide / },
  { type: 'slideAnnotatedRender', rule: 'a frame is an embedded body’s only node', message: LONE_FRAME },
  { type: 'slideAnnotatedRender', rule: 'no render in an embedded body', message: NESTED_RENDER },
  { type: 'slideRenderGrid', rule: 'a frame is an embedded body’s only node', message: LONE_FRAME },
  { type: 'slideRenderGrid', rule: 'no render in an embedded body', message: NESTED_RENDER },
  { type: 'slideRenderGrid', rule: 'each surface once', message: /^must not repeat a surface: / },
  { type: 'slideTable', rule: 'one cell per column', message: /^must have \d+ cells, one per column; / },
  { type: 'slideTable', rule: 'rows or groups', message: /^needs rows or groups$/ },
  { type: 'slideTable', rule: 'not rows and groups', message: /^cannot be given together with rows: / },
  { type: 'slideTable', rule: 'twelve rows across groups', message: /^must hold at most \d+ rows in all / },
  { type: 'slideSection', rule: 'one href per contents item', message: /^must have exactly one href per contents / },
  { type: 'slideSequence', rule: 'actor ids unique', message: /^duplicates actors\[\d+\]\.id / },
  { type: 'slideSequence', rule: 'from/to name actors', message: /^names no actor: / },
  { type: 'slideSequence', rule: 'from and to differ', message: /^must differ from from / },
  { type: 'slideSequence', rule: 'every actor used', message: /^is never used: / },
  { type: 'slideGraph', rule: 'node ids unique', message: /^duplicates nodes\[\d+\]\.id / },
  { type: 'slideGraph', rule: 'one emphasised node', message: /^must be set on one node at most: / },
  { type: 'slideGraph', rule: 'one node per placement', message: /^only one node may be placed / },
  { type: 'slideGraph', rule: 'main-row size', message: /^(needs 2–\d+|has \d+) main-row nodes / },
  { type: 'slideGraph', rule: 'edges name nodes', message: /^names no node: / },
  { type: 'slideGraph', rule: 'edges not repeated', message: /^repeats edges\[\d+\]$/ },
  { type: 'slideGraph', rule: 'no self edge', message: /^links ".*" to itself; / },
  {
    type: 'slideGraph',
    rule: 'main-row edges chain left to right',
    message: /^(points right to left; |must link main-row neighbours |must include \[)/,
  },
  {
    type: 'slideGraph',
    rule: 'a placed node has exactly one edge to the main row',
    message: /^(links two placed nodes; |is a second edge for |is placed \w+ but has no edge; )/,
  },
  { type: 'slidePipeline', rule: 'spans mode draws chips only', message: /^must be left out when spans are given / },
  {
    type: 'slidePipeline',
    rule: 'spans within the steps',
    message: /^must be (a step index from 0 to \d+|at least from \(\d+\))$/,
  },
  { type: 'slidePipeline', rule: 'spans do not overlap', message: /^overlaps spans\[\d+\] / },
];

describePackSchemaAgreement({ pack: slidesPack }, { refinements: REFINEMENTS, cases: 4000, minRefined: 50 });

describe('the slides schema and validate', () => {
  const { published } = schemaAgreement({ pack: slidesPack }, { cases: 0 });
  const check = new Ajv2020().compile(published);

  it('counts string length in code points on both sides', () => {
    // JSON Schema measures length in code points, and so does Zod: an astral character is one, not two.
    const defs = published.$defs as Record<string, { properties: Record<string, { maxLength: number }> }>;
    const max = defs.slideHeading!.properties.title!.maxLength;
    const at = { type: 'view', body: [{ type: 'slideHeading', title: '😀'.repeat(max) }] };
    const over = { type: 'view', body: [{ type: 'slideHeading', title: '😀'.repeat(max + 1) }] };
    expect([check(at), runtime.validate(at).valid]).toEqual([true, true]);
    expect([check(over), runtime.validate(over).valid]).toEqual([false, false]);
  });
});
