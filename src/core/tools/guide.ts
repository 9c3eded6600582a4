/**
 * The texts the authoring tools return: the guide of `isomer_authoring_guide` (the packs' or the
 * host's prose and rules, registered views, an index of primitives by group, examples) and the full
 * catalog entries and JSON Schema of `isomer_describe_primitives`, given per type so the guide
 * stays small as packs grow.
 */
import type { PrimitiveCatalogEntry } from '../model/primitive.ts';
import { compactJson } from '../model/compact-json.ts';
import { codeFence, codeSpan, keySpan, oneLine } from './prompt-text.ts';
import { MAX_DECK_SLIDES } from '../model/deck.ts';
import type { AuthoringProfileId, IsomerGuideOptions } from './types.ts';

/** What the guide says when the host gives none. */
export const DEFAULT_GUIDE = [
  'Answer with one composition built only from the primitives indexed below.',
  'Prefer one primitive that carries the whole message over several that each carry part of it.',
  'When `isomer_list_views` is offered and a registered view ' +
    'answers the question, request that view instead of composing.',
  'Check every composition with `isomer_validate` and repair each error before you render it.',
].join(' ');

const PROFILES: Record<AuthoringProfileId, { intro: string; examples: number }> = {
  general: {
    intro:
      'You write compact, portable views as one JSON object. When a registered view ' +
      'answers the question, request it; otherwise compose one from the primitive catalog.',
    examples: 1,
  },
  'registered-view-router': {
    intro:
      'You route questions to registered views. Prefer the view whose answers match the question and ' +
      'request it by id with its input; compose from the primitive catalog only when no view fits.',
    examples: 0,
  },
  'compose-from-primitives': {
    intro: 'You compose a view from scratch as one JSON object, using only primitives from the catalog.',
    examples: 1,
  },
};

const CATALOG_INTRO =
  'Each primitive is listed by type and purpose. Look up a primitive’s full entry and JSON ' +
  'Schema by its type before you use it, and compose only from primitives whose details you have.';

const BEFORE_YOU_WRITE =
  'Call `isomer_describe_primitives` with every type you plan to use, containers ' +
  'included, to get each one’s full entry and JSON Schema. Validation errors ' +
  'name the primitive they occur in: look that one up again while you repair.';

/** How a deck travels: the tools take several slides as one call. */
const DECKS =
  `When the answer is several slides (a talk, “three slides for Monday”), send them as one deck: ` +
  `\`compositions\`, 1 to ${MAX_DECK_SLIDES} compositions in order, in place of \`composition\` in ` +
  '`isomer_validate`, `isomer_render` (one PDF, one message, a picture per slide) and `isomer_show`. ' +
  'Its errors name the slide: `compositions[2].body[0]…` is the third.';

const LAYOUT_FINDINGS =
  'Validating and rendering also lay the composition out: a warning that starts with `layout:` ' +
  'names a part that does not fit, by how much, and the repair (shorten that field to about the ' +
  'length it gives, or move part to another slide). Repair those too, and validate again.';

/** Said once above the packs' sections when two or more packs bring guide prose. */
const PACKS_NOTE =
  'This host serves several packs. Each section below is for compositions built from that pack’s ' +
  'primitives, and so are the rules under the same pack’s name.';

type PackGuides = NonNullable<ReturnType<IsomerGuideOptions['runtime']['getAuthoringContext']>['guides']>;

/** The packs' texts: one alone as it is, two or more each under the pack's name, in pack order. */
function perPack(parts: readonly { pack: string; text: string }[]): string | undefined {
  if (parts.length <= 1) return parts[0]?.text;
  return parts.map(({ pack, text }) => `### ${keySpan(pack)} pack\n\n${text}`).join('\n\n');
}

function bullets(rules: readonly string[]): string {
  return rules.map((rule) => `- ${oneLine(rule)}`).join('\n');
}

/** The host's prose when it gives some, else the packs', else the generic guide. */
function guideSection(options: IsomerGuideOptions, guides: PackGuides): string {
  if (options.guide !== undefined) return `## Guide\n\n${options.guide}`;
  const parts = guides.flatMap(({ pack, guide }) => (guide === undefined ? [] : [{ pack, text: guide }]));
  if (parts.length === 0) return `## Guide\n\n${DEFAULT_GUIDE}`;
  return `## Guide\n\n${parts.length > 1 ? `${PACKS_NOTE}\n\n` : ''}${perPack(parts)}`;
}

/** The host's rules when it gives them, else the packs'; no section when there are none. */
function rulesSection(options: IsomerGuideOptions, guides: PackGuides): string | undefined {
  const text =
    options.rules !== undefined
      ? options.rules.length > 0
        ? bullets(options.rules)
        : undefined
      : perPack(guides.flatMap(({ pack, rules }) => (rules.length > 0 ? [{ pack, text: bullets(rules) }] : [])));
  return text === undefined ? undefined : `## Rules\n\n${text}`;
}

function viewsSection(
  views: ReturnType<IsomerGuideOptions['runtime']['getAuthoringContext']>['views'],
): string | undefined {
  if (views.length === 0) return undefined;
  const lines: string[] = [];
  for (const view of views) {
    lines.push(`- ${keySpan(view.id)} — ${oneLine(view.title)}`);
    // A description defaulted from the title would only repeat it.
    if (view.description && view.description !== view.title) lines.push(`  - ${oneLine(view.description)}`);
    if (view.answers.length > 0) lines.push(`  - Answers: ${oneLine(view.answers.join('; '))}`);
    if (view.inputSchema) lines.push(`  - Input: ${codeSpan(compactJson(view.inputSchema))}`);
  }
  return `## Registered views\n\n${lines.join('\n')}`;
}

function catalogSection(
  primitives: readonly PrimitiveCatalogEntry[],
  groups: readonly { title: string; types: readonly string[] }[],
): string {
  const purposes = new Map(primitives.map((entry) => [entry.type, entry.purpose]));
  const listed = new Set<string>();
  const blocks = [`## Primitive catalog\n\n${CATALOG_INTRO}`];
  const block = (title: string, types: readonly string[]): void => {
    const lines = types
      .filter((type) => purposes.has(type) && !listed.has(type))
      .map((type) => {
        listed.add(type);
        return `- ${keySpan(type)} — ${oneLine(purposes.get(type)!)}`;
      });
    if (lines.length > 0) blocks.push(`### ${oneLine(title)}\n\n${lines.join('\n')}`);
  };
  for (const group of groups) block(group.title, group.types);
  block(
    'Other',
    primitives.map((entry) => entry.type).filter((type) => !listed.has(type)),
  );
  return blocks.join('\n\n');
}

function examplesSection(examples: readonly unknown[], budget: number): string | undefined {
  const kept = examples.slice(0, budget).map((example) => {
    if (example === null || typeof example !== 'object' || Array.isArray(example)) return example;
    const { meta: _meta, ...rest } = example as Record<string, unknown>;
    return rest;
  });
  if (kept.length === 0) return undefined;
  return `## Examples\n\n${kept.map((example) => codeFence(compactJson(example), 'json')).join('\n\n')}`;
}

/**
 * The text `isomer_authoring_guide` returns: intro, guide, rules, registered views (read live), an
 * index of primitives by group, examples, and how to look primitives up. No schema: that comes
 * per type from `isomer_describe_primitives`, so the guide stays small as packs grow. The guide
 * and rules are the packs' own (a section per pack when several bring some) unless the host gives
 * `guide` or `rules`, which replace them.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * import { buildIsomerAuthoringGuide } from 'isomer-edge';
 * import { SLIDES_GUIDE, SLIDES_RULES } from 'isomer-edge/slides';
 *
 * const guide = buildIsomerAuthoringGuide({ runtime, guide: SLIDES_GUIDE, rules: SLIDES_RULES });
 * ```
 */
export function buildIsomerAuthoringGuide(options: IsomerGuideOptions): string {
  const profile = PROFILES[options.profile ?? 'compose-from-primitives'];
  const context = options.runtime.getAuthoringContext();
  const guides = context.guides ?? [];
  return [
    '# View authoring',
    profile.intro,
    guideSection(options, guides),
    rulesSection(options, guides),
    viewsSection(context.views),
    catalogSection(context.primitives, context.groups),
    examplesSection(options.examples ?? [], profile.examples),
    `## Before you write\n\n${BEFORE_YOU_WRITE} ${DECKS}${options.layout ? ` ${LAYOUT_FINDINGS}` : ''}`,
  ]
    .filter((section): section is string => section !== undefined)
    .join('\n\n');
}

/** One full catalog entry: purpose, when to use it, when not, and its example. */
export function formatPrimitiveEntry(entry: PrimitiveCatalogEntry): string {
  const lines = [`- ${keySpan(entry.type)} — ${oneLine(entry.purpose)}`];
  if (entry.useWhen.length > 0) lines.push(`  - Use when: ${oneLine(entry.useWhen.join(' '))}`);
  if (entry.avoidWhen.length > 0) lines.push(`  - Avoid when: ${oneLine(entry.avoidWhen.join(' '))}`);
  lines.push(`  - Example: ${codeSpan(compactJson(entry.example))}`);
  return lines.join('\n');
}

const SCHEMA_NOTE = 'Each primitive is `$defs.<type>`; `bodyNode` stands for any primitive in the index.';

/**
 * The text `isomer_describe_primitives` returns for known types.
 * @example
 * ```ts
 * import { createIsomerRuntime } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * import { buildPrimitiveDescriptions } from 'isomer-edge';
 *
 * const text = buildPrimitiveDescriptions({ runtime, types: ['slideHeading', 'slideList'] });
 * ```
 */
export function buildPrimitiveDescriptions(options: {
  runtime: Pick<IsomerGuideOptions['runtime'], 'getAuthoringContext'>;
  types: readonly string[];
}): string {
  const described = options.runtime.getAuthoringContext().describePrimitives(options.types);
  return [
    `## Primitives\n\n${described.primitives.map(formatPrimitiveEntry).join('\n')}`,
    `## JSON Schema\n\n${SCHEMA_NOTE}`,
    codeFence(compactJson({ $defs: described.schema.$defs }), 'json'),
  ].join('\n\n');
}
