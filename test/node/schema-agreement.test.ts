import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { createIsomerResources, createIsomerRuntime, createIsomerTools, exampleNodes } from '../../src/index.ts';
import type { ValidationError } from '../../src/index.ts';
import { slidesPack } from '../../src/slides.ts';
import { createRandom, HOSTILE_STRINGS, type Random } from '../support/random.ts';

/**
 * The published JSON Schema and the runtime's `validate` must agree on every composition, except
 * where a rule cannot be written in JSON Schema at all. Compositions come from each primitive's
 * examples, as written and mutated; any disagreement not listed below fails the test.
 */

const runtime = createIsomerRuntime({ packs: [slidesPack] });
const definitions = runtime.primitives;
const schemaResource = createIsomerResources({ runtime }).find((r) => r.uri === 'isomer://composition-schema')!;
const published = JSON.parse(schemaResource.read()) as Record<string, unknown>;

const ONE_LINE = /^must be one line: no tabs or line breaks/;
const COLUMNS = /^must fit in \d+ columns \(wide characters count 2\), this line takes \d+: /;
const NAVIGATION_URL = /^must be an https, http, or mailto URL, or a relative path$/;
const LONE_FRAME = /^must be the embedded body’s only node: /;
const NESTED_RENDER = /^must not be another render: /;

/**
 * Refinements: rules checked in code, across fields or by a test no JSON Schema keyword states
 * (URL policy, column width, one line). The schema restates them in descriptions; validation
 * enforces them. A disagreement is allowed only when every error validation reports is one of these.
 */
const REFINEMENTS: readonly { type: string; rule: string; message: RegExp }[] = [
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
  { type: 'slideLayers', rule: 'body or chips, not neither', message: /^must have body or chips$/ },
  { type: 'slideSplit', rule: 'a pane’s tone needs its label', message: /^is allowed only with a label$/ },
  { type: 'slideDelta', rule: 'change needs both values', message: /^needs both before\.value and after\.value$/ },
  { type: 'slideStat', rule: 'unit needs a value', message: /^needs a value: leave the unit out / },
  { type: 'slideStats', rule: 'unit needs a value', message: /^needs a value: leave the unit out / },
  { type: 'slideTree', rule: 'one level per name', message: /^must name one level only: / },
  { type: 'slideWindow', rule: 'no window inside a window', message: /^must not be inside another slideWindow$/ },
  { type: 'slideTranscript', rule: 'text not blank', message: /^must not be blank$/ },
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
  { type: 'slideSection', rule: 'href URL policy', message: NAVIGATION_URL },
  { type: 'slideClosing', rule: 'href URL policy', message: NAVIGATION_URL },
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

/** Rules of the whole composition, checked after the schema by `validate`. */
const COMPOSITION_RULES: readonly { rule: string; message: RegExp }[] = [
  { rule: 'node ids are unique across the composition', message: /^duplicates id ".*" first used at / },
];

function explained(error: ValidationError): string | undefined {
  const whole = COMPOSITION_RULES.find((entry) => entry.message.test(error.message));
  if (whole) return whole.rule;
  const refinement = REFINEMENTS.find((entry) => entry.type === error.nodeType && entry.message.test(error.message));
  return refinement && `${refinement.type}: ${refinement.rule}`;
}

type Path = (string | number)[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every path below `value`, parents before children. */
function paths(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  const keys: (string | number)[] = Array.isArray(value)
    ? value.map((_, i) => i)
    : isRecord(value)
      ? Object.keys(value)
      : [];
  for (const key of keys) {
    out.push([...at, key]);
    paths((value as Record<string | number, unknown>)[key], [...at, key], out);
  }
  return out;
}

function get(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], root);
}

function set(root: unknown, path: Path, value: unknown): void {
  const parent = get(root, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path.at(-1)!] = value;
}

function remove(root: unknown, path: Path): void {
  const parent = get(root, path.slice(0, -1));
  const key = path.at(-1)!;
  if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete (parent as Record<string, unknown>)[key];
}

/** Every length bound the schema states, so generated strings and arrays sit on both sides of one. */
function bounds(schema: unknown, keys: readonly string[], into = new Set<number>([0, 1, 2])): number[] {
  if (Array.isArray(schema)) for (const item of schema) bounds(item, keys, into);
  else if (isRecord(schema))
    for (const [key, value] of Object.entries(schema)) {
      if (keys.includes(key) && typeof value === 'number')
        into
          .add(value)
          .add(value + 1)
          .add(Math.max(0, value - 1));
      else bounds(value, keys, into);
    }
  return [...into].sort((a, b) => a - b);
}

const STRING_LENGTHS = bounds(published, ['minLength', 'maxLength']);
const ARRAY_LENGTHS = bounds(published, ['minItems', 'maxItems']).filter((n) => n <= 64);
const NUMBERS = [...new Set([-1, 0, 0.5, 1, 3, 7, 100, 1e9, 2 ** 60, ...bounds(published, ['minimum', 'maximum'])])];
const EXAMPLES = definitions.flatMap((definition) =>
  exampleNodes(definition).map((node) => ({ type: definition.type, node })),
);

const clone = <T>(value: T): T => structuredClone(value);

function otherType(random: Random, value: unknown): unknown {
  const candidates: unknown[] = ['x', 3, true, null, { type: 'x' }, ['x']];
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  return random.pick(candidates.filter((candidate) => kind(candidate) !== kind(value)));
}

function isNode(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && typeof value.type === 'string';
}

/** One mutation, somewhere in the composition: every kind a model's mistakes or an attacker's input take. */
function mutate(random: Random, composition: Record<string, unknown>): string {
  const all = paths(composition.body).map((path) => ['body', ...path]);
  const of = (test: (value: unknown, path: Path) => boolean) =>
    all.filter((path) => test(get(composition, path), path));
  const pickFrom = (candidates: Path[]) => (candidates.length > 0 ? random.pick(candidates) : undefined);
  const kind = random.pick([
    'drop',
    'wrongType',
    'extraKey',
    'stringLength',
    'arrayLength',
    'badEnum',
    'reserved',
    'badReserved',
    'swapNode',
    'number',
    'envelope',
  ] as const);
  switch (kind) {
    case 'drop': {
      const path = pickFrom(all.filter((p) => typeof p.at(-1) === 'string'));
      if (path) remove(composition, path);
      return `${kind} ${path?.join('.')}`;
    }
    case 'wrongType': {
      const path = pickFrom(all);
      if (path) set(composition, path, otherType(random, get(composition, path)));
      return `${kind} ${path?.join('.')}`;
    }
    case 'extraKey': {
      const path = pickFrom(of(isRecord));
      if (!path) return kind;
      const target = get(composition, path) as Record<string, unknown>;
      target[random.pick(['bogus', 'children', 'style', 'label2', 'Type'])] = random.pick(['x', 1, [], {}]);
      return `${kind} ${path.join('.')}`;
    }
    case 'stringLength': {
      const path = pickFrom(of((v) => typeof v === 'string'));
      if (path) set(composition, path, 'x'.repeat(random.pick(STRING_LENGTHS)));
      return `${kind} ${path?.join('.')}`;
    }
    case 'arrayLength': {
      const path = pickFrom(of(Array.isArray));
      if (!path) return kind;
      const items = get(composition, path) as unknown[];
      const length = random.pick(ARRAY_LENGTHS);
      set(
        composition,
        path,
        Array.from({ length }, (_, i) =>
          clone(items.length > 0 ? items[i % items.length] : random.pick(EXAMPLES).node),
        ),
      );
      return `${kind} ${path.join('.')} → ${length}`;
    }
    case 'badEnum': {
      const path = pickFrom(of((v) => typeof v === 'string'));
      if (!path) return kind;
      const value = get(composition, path) as string;
      set(
        composition,
        path,
        random.pick(['zzz', `${value}x`, value.toUpperCase(), value.slice(1), random.pick(HOSTILE_STRINGS)]),
      );
      return `${kind} ${path.join('.')}`;
    }
    case 'reserved': {
      const path = pickFrom(of(isNode));
      if (!path) return kind;
      const node = get(composition, path) as Record<string, unknown>;
      if (random.chance(0.7)) node.id = random.pick(['a', 'b', 'node-1']);
      if (random.chance(0.7))
        node.surfaces = random.pick([['text'], ['react', 'slack'], ['snapshot', 'markdown', 'text', 'react', 'slack']]);
      return `${kind} ${path.join('.')}`;
    }
    case 'badReserved': {
      const path = pickFrom(of(isNode));
      if (!path) return kind;
      const node = get(composition, path) as Record<string, unknown>;
      if (random.chance(0.5)) node.id = random.pick(['', 5, null, ['a']]);
      else node.surfaces = random.pick([[], ['html'], 'text', [3], ['text', 'bogus']]);
      return `${kind} ${path.join('.')}`;
    }
    case 'swapNode': {
      const path = pickFrom(of(isNode));
      if (!path) return kind;
      const replacement = random.chance(0.8) ? clone(random.pick(EXAMPLES).node) : { type: 'nope' };
      set(composition, path, replacement);
      return `${kind} ${path.join('.')}`;
    }
    case 'number': {
      const path = pickFrom(of((v) => typeof v === 'number'));
      if (path) set(composition, path, random.pick(NUMBERS));
      return `${kind} ${path?.join('.')}`;
    }
    case 'envelope': {
      const field = random.pick(['title', 'subtitle', 'theme', 'version', 'meta', 'extra', 'body'] as const);
      if (field === 'theme') composition.theme = random.pick(['dark', 'sepia', 'auto', 1]);
      else if (field === 'version') composition.version = random.pick([1, 2, '1']);
      else if (field === 'meta')
        composition.meta = random.pick([{ source: 'x' }, { bogus: 1 }, { freshness: { stale: 'no' } }]);
      else if (field === 'extra') composition.Title = 'x';
      else if (field === 'body') composition.body = random.pick([[], {}, null]);
      else composition[field] = random.pick(['T', '', 5]);
      return `${kind} ${field}`;
    }
  }
}

/** Ajv as a host would run it: defaults, draft 2020-12. `allErrors` only to print a failure in full. */
function compile(schema: Record<string, unknown>, allErrors = false) {
  return new Ajv2020({ allErrors }).compile(schema);
}

function schemaErrors(schema: Record<string, unknown>, value: unknown): string[] {
  const check = compile(schema, true);
  check(value);
  return (check.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`).slice(0, 10);
}

function compositionsFor(random: Random, count: number): { composition: Record<string, unknown>; how: string }[] {
  const out: { composition: Record<string, unknown>; how: string }[] = [];
  for (const { type, node } of EXAMPLES)
    out.push({ composition: { type: 'view', body: [clone(node)] }, how: `${type} example` });
  while (out.length < count) {
    const base = random.pick(EXAMPLES);
    const body = [clone(base.node)];
    if (random.chance(0.2)) body.push(clone(random.pick(EXAMPLES).node));
    const composition: Record<string, unknown> = { type: 'view', body };
    if (random.chance(0.3)) composition.title = 'A view';
    const steps = [mutate(random, composition)];
    while (random.chance(0.25) && steps.length < 3) steps.push(mutate(random, composition));
    out.push({ composition, how: `${base.type}: ${steps.join('; ')}` });
  }
  return out;
}

interface Disagreement {
  how: string;
  schema: boolean;
  runtime: boolean;
  errors: string[];
}

function short(errors: readonly ValidationError[]): string[] {
  return errors.map((e) => `${e.path} (${e.nodeType ?? '-'}) ${e.message}`.slice(0, 200));
}

// Generated and compiled once: every check below reads the same seeded cases.
const CASES = compositionsFor(createRandom(0x5eed16), 4000);
const check = compile(published);
/** Generous: the machine running the suite may be shared. */
const HEAVY = { timeout: 180_000 };

/** The `{ $defs }` a one-type `isomer_describe_primitives` answer prints, parsed back from its text. */
async function describedDefs(type: string): Promise<Record<string, Record<string, unknown>>> {
  const describe = createIsomerTools({ runtime }).find((tool) => tool.name === 'isomer_describe_primitives')!;
  const result = await describe.handler({ types: [type] });
  const text = (result.content[0] as { text: string }).text;
  const fence = /```json\n([\s\S]*?)\n```/.exec(text);
  return (JSON.parse(fence![1]!) as { $defs: Record<string, Record<string, unknown>> }).$defs;
}

describe('the published composition schema agrees with validate', () => {
  it('on thousands of compositions built from every primitive’s examples, valid and mutated', HEAVY, () => {
    const disagreements: Disagreement[] = [];
    let valid = 0;
    let refined = 0;
    for (const { composition, how } of CASES) {
      const bySchema = check(composition) as boolean;
      const result = runtime.validate(composition);
      if (result.valid) valid++;
      if (bySchema === result.valid) continue;
      if (bySchema && result.errors.every((error) => explained(error) !== undefined)) {
        refined++;
        continue;
      }
      disagreements.push({
        how,
        schema: bySchema,
        runtime: result.valid,
        errors: bySchema
          ? short(result.errors.filter((e) => explained(e) === undefined))
          : schemaErrors(published, composition),
      });
    }
    expect(disagreements.slice(0, 20)).toEqual([]);
    // Both sides of the line are exercised, and the listed rules are reached.
    expect(valid).toBeGreaterThan(CASES.length / 5);
    expect(CASES.length - valid).toBeGreaterThan(CASES.length / 5);
    expect(refined).toBeGreaterThan(50);
  });

  it('lists refinements only for registered primitives', () => {
    const types = new Set(definitions.map((definition) => definition.type));
    for (const entry of REFINEMENTS) expect(types.has(entry.type), entry.type).toBe(true);
  });

  it('accepts every example, and id and surfaces on any node', () => {
    for (const { type, node } of EXAMPLES) {
      const composition = { type: 'view', body: [{ ...clone(node), id: `${type}-1`, surfaces: ['text', 'slack'] }] };
      expect(runtime.validate(composition).errors, type).toEqual([]);
      expect(check(composition) || schemaErrors(published, composition), type).toBe(true);
    }
  });

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

describe('each describe answer agrees with validate for its type', () => {
  it('prints the published defs, and never refuses a node validate accepts', HEAVY, async () => {
    const publishedDefs = published.$defs as Record<string, Record<string, unknown>>;
    const refusals: Disagreement[] = [];
    for (const { type } of definitions) {
      const defs = await describedDefs(type);
      // The same defs as the published schema, but the union, which a describe answer stubs as "any primitive".
      for (const [id, def] of Object.entries(defs)) {
        if (id === 'bodyNode') expect(Object.keys(def)).toEqual(['description']);
        else expect(def, `${type}: ${id}`).toEqual(publishedDefs[id]);
      }
      const answer = { $schema: published.$schema, $ref: `#/$defs/${type}`, $defs: defs };
      const checkType = compile(answer);
      for (const { composition, how } of CASES) {
        const body = composition.body;
        if (!Array.isArray(body) || !isRecord(body[0]) || body[0].type !== type) continue;
        const node = body[0];
        const alone = { type: 'view', body: [node] };
        const result = runtime.validate(alone);
        // The stub accepts any child, so the answer may accept more than validate; never less.
        if (checkType(node) || !result.valid) continue;
        refusals.push({ how, schema: false, runtime: true, errors: schemaErrors(answer, node) });
      }
    }
    expect(refusals.slice(0, 20)).toEqual([]);
  });
});
