import type { PrimitiveCatalogEntry } from '../model/primitive.ts';
import { compactJson } from '../model/compact-json.ts';
import { codeFence, codeSpan, keySpan, oneLine } from './prompt-text.ts';
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

const LAYOUT_FINDINGS =
  'Validating and rendering also lay the composition out: a warning that starts with `layout:` ' +
  'names a part that does not fit, by how much, and the repair (shorten that field to about the ' +
  'length it gives, or move part to another slide). Repair those too, and validate again.';

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
 * per type from `isomer_describe_primitives`, so the guide stays small as packs grow.
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
  const rules = (options.rules ?? []).map((rule) => `- ${oneLine(rule)}`);
  return [
    '# View authoring',
    profile.intro,
    `## Guide\n\n${options.guide ?? DEFAULT_GUIDE}`,
    rules.length > 0 ? `## Rules\n\n${rules.join('\n')}` : undefined,
    viewsSection(context.views),
    catalogSection(context.primitives, context.groups),
    examplesSection(options.examples ?? [], profile.examples),
    `## Before you write\n\n${BEFORE_YOU_WRITE}${options.layout ? ` ${LAYOUT_FINDINGS}` : ''}`,
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
