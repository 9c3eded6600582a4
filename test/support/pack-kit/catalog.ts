/**
 * Catalog checks: what a model reads about each primitive is complete, every example is of its own
 * type and passes validation and the frame's body rule, the authoring schema defines each type,
 * the guide's index lists each type once under a known title (its own `catalog.group`, when it
 * names one), and no stylesheet sets text under the frame's smallest size.
 */
import { exampleNodes, formatValidationError, type PrimitiveNode } from '../../../src/index.ts';
import { kitCases, kitFrame, kitRuntime, type PackKitSubject } from './subject.ts';

/** Shorter than this, a purpose says too little for a model to choose by. */
const MIN_PURPOSE = 10;

const blank = (text: unknown): boolean => typeof text !== 'string' || text.trim() === '';

/** Every way the pack's catalog falls short, one line each (none for a conforming pack). */
export function catalogProblems(subject: PackKitSubject): string[] {
  const { pack } = subject;
  const frame = kitFrame(subject);
  const problems: string[] = [];
  const types = pack.primitives.map((definition) => definition.type);
  if (types.length === 0) problems.push('the pack has no primitives');
  for (const type of new Set(types.filter((type, i) => types.indexOf(type) !== i)))
    problems.push(`${type}: defined twice`);

  const defs = (kitRuntime(subject).getAuthoringContext().schema as { $defs?: Record<string, unknown> }).$defs ?? {};
  for (const definition of pack.primitives) {
    const { type, catalog } = definition;
    const at = (what: string) => problems.push(`${type}: ${what}`);
    if (catalog.type !== type) at(`catalog entry names type ${JSON.stringify(catalog.type)}`);
    if (blank(catalog.name)) at('catalog has no name (the label host UIs show)');
    if (blank(catalog.purpose) || catalog.purpose.trim().length <= MIN_PURPOSE)
      at(`purpose must say what it shows in more than ${MIN_PURPOSE} characters`);
    else if (/[\r\n]/.test(catalog.purpose)) at('purpose must be one line');
    for (const [field, list] of [
      ['useWhen', catalog.useWhen],
      ['avoidWhen', catalog.avoidWhen],
    ] as const) {
      if (!Array.isArray(list) || list.length === 0) at(`${field} is empty`);
      else if (list.some(blank)) at(`${field} has a blank entry`);
    }
    if (definition.examples.length === 0) at('has no examples');
    const names = definition.examples.flatMap((example) =>
      example !== null && typeof example === 'object' && 'name' in example && 'node' in example
        ? [String(example.name)]
        : [],
    );
    for (const name of new Set(names.filter((name, i) => names.indexOf(name) !== i)))
      at(`two examples are named "${name}"`);
    if (!Object.hasOwn(defs, type)) at('has no definition in the authoring JSON Schema');
    const nodes = [catalog.example, ...exampleNodes(definition)] as PrimitiveNode[];
    nodes.forEach((node, i) => {
      const which = i === 0 ? 'catalog example' : `example ${i}`;
      if (node?.type !== type) at(`${which} is of type ${JSON.stringify(node?.type)}`);
    });
  }

  const runtime = kitRuntime(subject);
  for (const { name, composition } of kitCases(subject)) {
    const result = runtime.validate(composition);
    for (const error of result.errors) problems.push(`${name} does not validate: ${formatValidationError(error)}`);
    for (const warning of result.warnings)
      problems.push(`${name} warns on ${warning.surface}: ${warning.path ?? ''} ${warning.message}`);
    if (result.valid && frame?.validateBody)
      for (const message of frame.validateBody(result.composition!.body))
        problems.push(`${name} breaks the frame's body rule: ${message}`);
  }

  const { groups } = pack.authoring;
  if (groups.length > 0) {
    const titles = groups.map((group) => group.title);
    for (const title of titles) {
      if (blank(title)) problems.push('a group has a blank title');
      else if (subject.groupTitles && !subject.groupTitles.includes(title))
        problems.push(`group "${title}" is not one of the pack's group titles`);
    }
    for (const title of new Set(titles.filter((title, i) => titles.indexOf(title) !== i)))
      problems.push(`group "${title}" is listed twice`);
    const grouped = groups.flatMap((group) => group.types);
    for (const type of types) {
      const count = grouped.filter((listed) => listed === type).length;
      if (count !== 1) problems.push(`${type}: listed in ${count} groups of the guide's index, not one`);
    }
    // A primitive that names its group is listed under that group, whoever wrote the index.
    for (const { type, catalog } of pack.primitives) {
      const under = groups.find((group) => group.types.includes(type))?.title;
      if (catalog.group !== undefined && under !== undefined && under !== catalog.group)
        problems.push(`${type}: names group "${catalog.group}" but the index lists it under "${under}"`);
    }
  }
  if (subject.groupTitles)
    for (const { type, catalog } of pack.primitives)
      if (catalog.group !== undefined && !subject.groupTitles.includes(catalog.group))
        problems.push(`${type}: group "${catalog.group}" is not one of the pack's group titles`);

  const smallest = frame?.layout?.minFontSize;
  if (smallest !== undefined) {
    const sheets = [
      { owner: `pack ${pack.id}`, css: pack.css },
      ...(frame?.css ? [{ owner: 'the frame', css: frame.css }] : []),
      ...pack.primitives.map((definition) => ({ owner: definition.type, css: definition.css ?? '' })),
    ];
    for (const { owner, css } of sheets)
      for (const match of css.matchAll(/font-size:\s*(\d+(?:\.\d+)?)px/g))
        if (Number(match[1]) < smallest) problems.push(`${owner}: sets ${match[0]}, under the frame's ${smallest}px`);
  }
  return problems;
}
