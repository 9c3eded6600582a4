/**
 * Schema agreement (Node: Ajv): the authoring JSON Schema a pack publishes and the runtime's
 * `validate` must agree on every composition, except where a rule cannot be written in JSON Schema
 * at all. Compositions come from each primitive's examples, as written and mutated (seeded, so a
 * failure replays); a disagreement not explained by a listed refinement is a problem.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import { createIsomerResources, createIsomerTools, exampleNodes } from '../../../src/index.ts';
import type { ValidationError } from '../../../src/index.ts';
import { createRandom, HOSTILE_STRINGS, type Random } from '../random.ts';
import { ASSET_URL_MESSAGE, NAVIGATION_HREF_MESSAGE } from '../../../src/core/model/url.ts';
import { kitRuntime, type PackKitSubject } from './subject.ts';

/** A rule checked in code that no JSON Schema keyword states: `validate` may refuse what the schema accepts, only so. */
export interface Refinement {
  type: string;
  rule: string;
  message: RegExp;
}

const exactly = (message: string): RegExp => new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * Rules `validate` applies whatever the pack: the composition's own (unique ids) and the SDK's URL
 * fields' policy (`navigationHref`, `assetUrl`), which the schema states in prose only.
 */
const SDK_RULES: readonly { rule: string; message: RegExp }[] = [
  { rule: 'node ids are unique across the composition', message: /^duplicates id ".*" first used at / },
  { rule: 'navigation URL policy', message: exactly(NAVIGATION_HREF_MESSAGE) },
  { rule: 'asset URL policy', message: exactly(ASSET_URL_MESSAGE) },
];

export interface AgreementCase {
  composition: Record<string, unknown>;
  how: string;
}

/** What mutations draw from: the schema's own bounds on both sides, and the pack's examples. */
interface Pools {
  STRING_LENGTHS: number[];
  ARRAY_LENGTHS: number[];
  NUMBERS: number[];
  EXAMPLES: { type: string; node: unknown }[];
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
function mutate(random: Random, composition: Record<string, unknown>, pools: Pools): string {
  const { STRING_LENGTHS, ARRAY_LENGTHS, NUMBERS, EXAMPLES } = pools;
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

function compositionsFor(random: Random, count: number, pools: Pools): AgreementCase[] {
  const { EXAMPLES } = pools;
  const out: AgreementCase[] = [];
  for (const { type, node } of EXAMPLES)
    out.push({ composition: { type: 'view', body: [clone(node)] }, how: `${type} example` });
  while (out.length < count) {
    const base = random.pick(EXAMPLES);
    const body = [clone(base.node)];
    if (random.chance(0.2)) body.push(clone(random.pick(EXAMPLES).node));
    const composition: Record<string, unknown> = { type: 'view', body };
    if (random.chance(0.3)) composition.title = 'A view';
    const steps = [mutate(random, composition, pools)];
    while (random.chance(0.25) && steps.length < 3) steps.push(mutate(random, composition, pools));
    out.push({ composition, how: `${base.type}: ${steps.join('; ')}` });
  }
  return out;
}

export interface Disagreement {
  how: string;
  schema: boolean;
  runtime: boolean;
  errors: string[];
}

function short(errors: readonly ValidationError[]): string[] {
  return errors.map((e) => `${e.path} (${e.nodeType ?? '-'}) ${e.message}`.slice(0, 200));
}

export interface SchemaAgreementOptions {
  /** The pack's refinements (default none: the schema must state every rule). */
  refinements?: readonly Refinement[];
  /** Compositions to compare: every example once, then mutated copies. Default 600. */
  cases?: number;
  seed?: number;
}

export interface SchemaAgreement {
  /** The composition JSON Schema as `isomer://composition-schema` serves it. */
  published: Record<string, unknown>;
  cases: readonly AgreementCase[];
  /** Disagreements on the cases, with how many the runtime accepted and how many a refinement explained. */
  compare(): { disagreements: Disagreement[]; valid: number; refined: number };
  /** Every example accepted by both, with `id` and `surfaces` set on it. */
  exampleProblems(): string[];
  /** Types of listed refinements the pack does not define. */
  unknownRefinements(): string[];
  /** Nodes validate accepts that a one-type describe answer refuses, and describe defs differing from the published ones. */
  describeProblems(): Promise<string[]>;
}

/** The schema-agreement checks for a pack, built once: each returns what it found wrong. */
export function schemaAgreement(subject: PackKitSubject, options: SchemaAgreementOptions = {}): SchemaAgreement {
  const runtime = kitRuntime(subject);
  const definitions = runtime.primitives;
  const refinements = options.refinements ?? [];
  const resource = createIsomerResources({ runtime }).find((r) => r.uri === 'isomer://composition-schema')!;
  const published = JSON.parse(resource.read()) as Record<string, unknown>;
  const pools: Pools = {
    STRING_LENGTHS: bounds(published, ['minLength', 'maxLength']),
    ARRAY_LENGTHS: bounds(published, ['minItems', 'maxItems']).filter((n) => n <= 64),
    NUMBERS: [...new Set([-1, 0, 0.5, 1, 3, 7, 100, 1e9, 2 ** 60, ...bounds(published, ['minimum', 'maximum'])])],
    EXAMPLES: definitions.flatMap((definition) =>
      exampleNodes(definition).map((node) => ({ type: definition.type, node })),
    ),
  };
  const cases = compositionsFor(createRandom(options.seed ?? 0x5eed16), options.cases ?? 600, pools);
  const check = compile(published);

  const explained = (error: ValidationError): string | undefined => {
    const whole = SDK_RULES.find((entry) => entry.message.test(error.message));
    if (whole) return whole.rule;
    const refinement = refinements.find((entry) => entry.type === error.nodeType && entry.message.test(error.message));
    return refinement && `${refinement.type}: ${refinement.rule}`;
  };

  /** The `{ $defs }` a one-type `isomer_describe_primitives` answer prints, parsed back from its text. */
  const describe = createIsomerTools({ runtime }).find((tool) => tool.name === 'isomer_describe_primitives')!;
  const describedDefs = async (type: string): Promise<Record<string, Record<string, unknown>>> => {
    const result = await describe.handler({ types: [type] });
    const text = (result.content[0] as { text: string }).text;
    const fence = /```json\n([\s\S]*?)\n```/.exec(text);
    return (JSON.parse(fence![1]!) as { $defs: Record<string, Record<string, unknown>> }).$defs;
  };

  return {
    published,
    cases,
    compare() {
      const disagreements: Disagreement[] = [];
      let valid = 0;
      let refined = 0;
      for (const { composition, how } of cases) {
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
      return { disagreements, valid, refined };
    },
    exampleProblems() {
      const problems: string[] = [];
      for (const { type, node } of pools.EXAMPLES) {
        const composition = {
          type: 'view',
          body: [{ ...clone(node as object), id: `${type}-1`, surfaces: ['text', 'slack'] }],
        };
        for (const error of short(runtime.validate(composition).errors)) problems.push(`${type}: validate: ${error}`);
        if (!check(composition))
          for (const error of schemaErrors(published, composition)) problems.push(`${type}: schema: ${error}`);
      }
      return problems;
    },
    unknownRefinements() {
      const types = new Set(definitions.map((definition) => definition.type));
      return refinements.filter((entry) => !types.has(entry.type)).map((entry) => `${entry.type}: ${entry.rule}`);
    },
    async describeProblems() {
      const publishedDefs = published.$defs as Record<string, Record<string, unknown>>;
      const problems: string[] = [];
      for (const { type } of definitions) {
        const defs = await describedDefs(type);
        // The same defs as the published schema, but the union, which a describe answer stubs as "any primitive".
        for (const [id, def] of Object.entries(defs)) {
          const differs =
            id === 'bodyNode'
              ? JSON.stringify(Object.keys(def)) !== '["description"]'
              : JSON.stringify(def) !== JSON.stringify(publishedDefs[id]);
          if (differs) problems.push(`${type}: describe's $defs.${id} differs from the published schema`);
        }
        const answer = { $schema: published.$schema, $ref: `#/$defs/${type}`, $defs: defs };
        const checkType = compile(answer);
        for (const { composition, how } of cases) {
          const body = composition.body;
          if (!Array.isArray(body) || !isRecord(body[0]) || body[0].type !== type) continue;
          const node = body[0];
          // The stub accepts any child, so the answer may accept more than validate; never less.
          if (checkType(node) || !runtime.validate({ type: 'view', body: [node] }).valid) continue;
          problems.push(`${how}: describe refuses what validate accepts: ${schemaErrors(answer, node).join('; ')}`);
        }
      }
      return problems;
    },
  };
}
