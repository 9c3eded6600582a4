/**
 * An independent checker for Slack's limits, written from the limits themselves rather than from
 * the pipeline, so the property test does not grade the pipeline by its own rules.
 */
import type { SlackMessage } from '../../../../src/core/sdk/slack/blocks.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds half of a surrogate pair. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const textOf = (value: unknown): string => (isRecord(value) && typeof value.text === 'string' ? value.text : '');

function inlineChars(inline: unknown): number {
  if (!isRecord(inline)) return 0;
  if (inline.type === 'text') return textOf(inline).length;
  if (inline.type === 'link') return textOf(inline) !== '' ? textOf(inline).length : String(inline.url ?? '').length;
  return 0;
}

function richChars(elements: unknown): number {
  return list(elements).reduce<number>(
    (sum, element) => sum + inlineChars(element) + (isRecord(element) ? richChars(element.elements) : 0),
    0,
  );
}

/** True when any string anywhere inside `value` passes `test`. */
export function someString(value: unknown, test: (text: string) => boolean): boolean {
  if (typeof value === 'string') return test(value);
  if (Array.isArray(value)) return value.some((item) => someString(item, test));
  if (isRecord(value)) return Object.values(value).some((item) => someString(item, test));
  return false;
}

/** Every broken Slack limit in `message`, as readable strings; `[]` when it would be accepted. */
export function limitViolations(message: SlackMessage): string[] {
  const problems: string[] = [];
  const over = (what: string, text: string, max: number): void => {
    if (text.length > max) problems.push(`${what}: ${text.length} > ${max}`);
  };
  const tooMany = (what: string, items: unknown[], max: number): void => {
    if (items.length > max) problems.push(`${what}: ${items.length} items > ${max}`);
  };
  const option = (where: string, value: unknown): void => {
    over(`${where} option text`, textOf(isRecord(value) ? value.text : undefined), 75);
    over(`${where} option description`, textOf(isRecord(value) ? value.description : undefined), 75);
  };
  const element = (where: string, value: unknown): void => {
    if (!isRecord(value)) return;
    if (value.type === 'button') over(`${where} button`, textOf(value.text), 75);
    if (value.type === 'image') over(`${where} image alt`, String(value.alt_text ?? ''), 2000);
    over(`${where} placeholder`, textOf(value.placeholder), 150);
    const optionMax =
      value.type === 'overflow' ? 5 : value.type === 'radio_buttons' || value.type === 'checkboxes' ? 10 : 100;
    tooMany(`${where} options`, list(value.options), optionMax);
    list(value.options).forEach((item) => option(where, item));
    tooMany(`${where} option groups`, list(value.option_groups), 100);
    for (const group of list(value.option_groups)) {
      if (!isRecord(group)) continue;
      over(`${where} group label`, textOf(group.label), 75);
      tooMany(`${where} group options`, list(group.options), 100);
      list(group.options).forEach((item) => option(where, item));
    }
    if (value.initial_option !== undefined) option(`${where} initial`, value.initial_option);
    list(value.initial_options).forEach((item) => option(`${where} initial`, item));
  };
  const richContainer = (where: string, value: unknown): void => {
    if (!isRecord(value)) return;
    if (value.type === 'rich_text_list') {
      const indent = value.indent;
      if (indent !== undefined && (typeof indent !== 'number' || indent < 0 || indent > 8))
        problems.push(`${where} indent ${String(indent)}`);
      list(value.elements).forEach((item) => richContainer(`${where} item`, item));
      return;
    }
    const chars = richChars(value.elements);
    if (chars > 3000) problems.push(`${where} ${String(value.type)}: ${chars} > 3000`);
  };

  over('fallback text', message.text, 4000);
  tooMany('blocks', message.blocks, 50);
  let tableChars = 0;
  message.blocks.forEach((block, index) => {
    const where = `block ${index} (${block.type})`;
    if (block.type === 'divider' && (index === 0 || message.blocks[index - 1]?.type === 'divider')) {
      problems.push(`${where}: leading or doubled divider`);
    }
    switch (block.type) {
      case 'header':
        over(where, textOf(block.text), 150);
        break;
      case 'section':
        over(`${where} text`, textOf(block.text), 3000);
        tooMany(`${where} fields`, list(block.fields), 10);
        list(block.fields).forEach((field) => over(`${where} field`, textOf(field), 2000));
        element(where, block.accessory);
        break;
      case 'context':
        tooMany(`${where} elements`, list(block.elements), 10);
        for (const item of list(block.elements)) {
          if (isRecord(item) && item.type === 'image') element(where, item);
          else over(`${where} element`, textOf(item), 2000);
        }
        break;
      case 'image':
        over(`${where} alt`, String(block.alt_text ?? ''), 2000);
        over(`${where} title`, textOf(block.title), 2000);
        over(`${where} url`, String(block.image_url ?? ''), 3000);
        break;
      case 'video':
        over(`${where} title`, textOf(block.title), 200);
        over(`${where} description`, textOf(block.description), 200);
        over(`${where} author`, String(block.author_name ?? ''), 50);
        break;
      case 'actions':
        tooMany(`${where} elements`, list(block.elements), 25);
        list(block.elements).forEach((item) => element(where, item));
        break;
      case 'rich_text':
        list(block.elements).forEach((item) => richContainer(where, item));
        break;
      case 'table': {
        const rows = list(block.rows);
        tooMany(`${where} rows`, rows, 100);
        for (const row of rows) {
          tooMany(`${where} columns`, list(row), 20);
          for (const cell of list(row)) {
            if (!isRecord(cell)) continue;
            tableChars += cell.type === 'raw_text' ? textOf(cell).length : richChars(cell.elements);
          }
        }
        break;
      }
    }
  });
  if (tableChars > 10000) problems.push(`table cells: ${tableChars} > 10000`);
  if (someString(message, hasLoneSurrogate)) problems.push('lone surrogate');
  return problems;
}
