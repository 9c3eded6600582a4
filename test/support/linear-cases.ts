/**
 * The largest compositions the input budget lets through, one per shape of worst case, for the
 * linear-time test and the `npm run bench` section. Each builds at any count up to its `max`, so
 * the work can be timed at N and 4N within one run; at `max` each stays inside every
 * `MAX_INPUT_*` limit and, wrapped as `{ "composition": … }`, inside the Worker's 1 MiB body.
 */
import { MAX_INPUT_DEPTH } from '../../src/core/model/budget.ts';

export interface LinearCase {
  name: string;
  /** The count at which the case fills the budget (values, characters or depth). */
  max: number;
  /** Whether the composition validates (invalid ones show the error path and its cap). */
  valid: boolean;
  build(count: number): Record<string, unknown>;
}

const view = (body: unknown[], extra: Record<string, unknown> = {}) => ({ type: 'view', ...extra, body });
/** Every valid case sits in one slideFrame, so the deck frame (and the snapshot surface) accept it. */
const slide = (body: unknown[]) => view([{ type: 'slideFrame', brand: 'Ledger', body }]);

/** About 100 characters with inline marks and every character an escaper or a parser cares about. */
const point = (i: number) =>
  `Point ${i}: **strong** words, \`code()\`, <tags> & "quotes" | pipes * stars _ unders [links](x) # end.`;

/** `slideStack`s nested so the innermost list's items array sits at exactly MAX_INPUT_DEPTH. */
function chain(i: number): unknown {
  // view 1, body 2, slideFrame 3, its body 4; each stack takes 2 levels, the list and its items 2.
  const stacks = (MAX_INPUT_DEPTH - 6) / 2;
  let node: unknown = { type: 'slideBulletList', items: [`Leaf ${i}`] };
  for (let level = 0; level < stacks; level++) node = { type: 'slideStack', items: [node] };
  return node;
}

/** A 200-character type no pack registers, distinct per node and close to a real name. */
const longType = (i: number) => `slideBulletList${i}`.padEnd(200, 'slideBulletList');

export const LINEAR_CASES: readonly LinearCase[] = [
  {
    name: 'deep (chains at the depth limit)',
    max: 200,
    valid: true,
    build: (count) => slide(Array.from({ length: count }, (_, i) => chain(i))),
  },
  {
    name: 'wide array (one list, every value an item)',
    max: 19_990,
    valid: false,
    build: (count) => view([{ type: 'slideBulletList', items: Array.from({ length: count }, (_, i) => `item ${i}`) }]),
  },
  {
    name: 'wide object (one node, every value an unknown key)',
    max: 19_990,
    valid: false,
    build: (count) => {
      const node: Record<string, unknown> = { type: 'slideBulletList', items: ['a'] };
      for (let i = 0; i < count; i++) node[`extraField${i}`] = i;
      return view([node]);
    },
  },
  {
    name: 'long string (a title at the character limit)',
    max: 999_000,
    valid: true,
    build: (count) => {
      const unit = point(0);
      const title = unit.repeat(Math.ceil(count / unit.length)).slice(0, count);
      return { ...slide([{ type: 'slideBulletList', items: ['a'] }]), title, subtitle: unit };
    },
  },
  {
    name: 'many nodes (valid lists with marks)',
    max: 3_900,
    valid: true,
    build: (count) =>
      slide(Array.from({ length: count }, (_, i) => ({ type: 'slideBulletList', items: [point(i), point(-i)] }))),
  },
  {
    name: 'unknown types',
    max: 9_900,
    valid: false,
    build: (count) => view(Array.from({ length: count }, (_, i) => ({ type: `chartWidget${i}` }))),
  },
  {
    name: 'misspelled types (slideBulletLsit)',
    max: 4_900,
    valid: false,
    build: (count) => view(Array.from({ length: count }, (_, i) => ({ type: 'slideBulletLsit', items: [`x${i}`] }))),
  },
  {
    name: 'every node invalid (three findings each)',
    max: 3_900,
    valid: false,
    build: (count) =>
      view(
        Array.from({ length: count }, (_, i) => ({
          type: 'slideBulletList',
          items: [],
          marker: `star${i}`,
          label: '',
        })),
      ),
  },
  {
    name: 'unknown 200-character types',
    max: 4_900,
    valid: false,
    build: (count) => view(Array.from({ length: count }, (_, i) => ({ type: longType(i) }))),
  },
];

/** The case the Worker test posts: 4,900 nodes of unknown 200-character types, about 1 MB. */
export const LONG_UNKNOWN_TYPES = LINEAR_CASES.at(-1)!;
