/**
 * Checks that a Slack message is one Slack would accept and that it cannot ping or mislead anyone,
 * written from Slack's documented rules rather than from the fitting pipeline, so tests do not grade
 * the pipeline by its own code. The numbers come from the project's one limits table.
 */
import { decodeEntities, type FoundLink, hasLoneSurrogate } from '../checks.ts';
import { SLACK_LIMITS as L } from './limits.ts';

/**
 * Where Slack parses mention and link syntax: the fallback `text` and every `mrkdwn` text object.
 * `plain_text` and rich-text `text` elements are literal, so model text may appear there verbatim.
 * Returns the parsed strings that still hold a raw `<!…>`, `<@…>`, `<#…>` or `<http…>`.
 */
export function unescapedSlackSyntax(message: unknown): string[] {
  const found: string[] = [];
  const RAW = /<[!@#]|<https?:/i;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (record.type === 'mrkdwn' && typeof record.text === 'string' && RAW.test(record.text)) found.push(record.text);
    for (const child of Object.values(record)) visit(child);
  };
  const top = (message as { text?: unknown } | null)?.text;
  if (typeof top === 'string' && RAW.test(top)) found.push(top);
  visit((message as { blocks?: unknown } | null)?.blocks);
  return found;
}

/** What a Slack message is, loosely: tests hand over whatever the surface returned. */
export interface SlackMessageLike {
  text: string;
  blocks: { type: string; [field: string]: unknown }[];
  assets?: { altText: string }[];
}

type Json = Record<string, unknown>;

// Shows nothing: whitespace, control and format characters.
const BLANK = /^[\s\p{Cc}\p{Cf}]*$/u;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const textOf = (value: unknown): string => (isRecord(value) && typeof value.text === 'string' ? value.text : '');
const isBlank = (text: string): boolean => BLANK.test(text);

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

/** A rich text section/quote/preformatted element that shows nothing (only blank text elements). */
function isBlankRichElement(element: Json): boolean {
  return list(element.elements).every(
    (inline) => isRecord(inline) && inline.type === 'text' && isBlank(textOf(inline)),
  );
}

/** True when any string anywhere inside `value` passes `test`. */
export function someString(value: unknown, test: (text: string) => boolean): boolean {
  if (typeof value === 'string') return test(value);
  if (Array.isArray(value)) return value.some((item) => someString(item, test));
  if (isRecord(value)) return Object.values(value).some((item) => someString(item, test));
  return false;
}

/**
 * Every Slack rule `message` breaks, as readable strings; `[]` when Slack would accept it: the
 * message is not empty, no limit is exceeded, required texts are not blank, block ids are unique.
 */
export function limitViolations(message: SlackMessageLike): string[] {
  const problems: string[] = [];
  const over = (what: string, text: string, max: number): void => {
    if (text.length > max) problems.push(`${what}: ${text.length} > ${max}`);
  };
  const tooMany = (what: string, items: unknown[], max: number): void => {
    if (items.length > max) problems.push(`${what}: ${items.length} items > ${max}`);
  };
  const blank = (what: string, text: string): void => {
    if (isBlank(text)) problems.push(`${what}: blank ${JSON.stringify(text)}`);
  };
  const option = (where: string, value: unknown): void => {
    over(`${where} option text`, textOf(isRecord(value) ? value.text : undefined), L.optionTextChars);
    over(
      `${where} option description`,
      textOf(isRecord(value) ? value.description : undefined),
      L.optionDescriptionChars,
    );
  };
  const element = (where: string, value: unknown): void => {
    if (!isRecord(value)) return;
    if (value.type === 'button') {
      over(`${where} button`, textOf(value.text), L.buttonTextChars);
      blank(`${where} button`, textOf(value.text));
    }
    if (value.type === 'image') {
      over(`${where} image alt`, String(value.alt_text ?? ''), L.imageAltTextChars);
      blank(`${where} image alt`, String(value.alt_text ?? ''));
    }
    over(`${where} placeholder`, textOf(value.placeholder), L.placeholderChars);
    const optionMax =
      value.type === 'overflow'
        ? L.optionsPerOverflow
        : value.type === 'radio_buttons' || value.type === 'checkboxes'
          ? L.optionsPerChoice
          : L.optionsPerSelect;
    tooMany(`${where} options`, list(value.options), optionMax);
    list(value.options).forEach((item) => {
      option(where, item);
    });
    tooMany(`${where} option groups`, list(value.option_groups), L.optionGroupsPerSelect);
    for (const group of list(value.option_groups)) {
      if (!isRecord(group)) continue;
      over(`${where} group label`, textOf(group.label), L.optionGroupLabelChars);
      tooMany(`${where} group options`, list(group.options), L.optionsPerSelect);
      list(group.options).forEach((item) => {
        option(where, item);
      });
    }
    if (value.initial_option !== undefined) option(`${where} initial`, value.initial_option);
    list(value.initial_options).forEach((item) => {
      option(`${where} initial`, item);
    });
  };
  const richContainer = (where: string, value: unknown): void => {
    if (!isRecord(value)) return;
    if (value.type === 'rich_text_list') {
      const indent = value.indent;
      if (indent !== undefined && (typeof indent !== 'number' || indent < 0 || indent > L.richTextListMaxIndent))
        problems.push(`${where} indent ${String(indent)}`);
      if (list(value.elements).length === 0) problems.push(`${where}: empty list`);
      list(value.elements).forEach((item) => {
        richContainer(`${where} item`, item);
      });
      return;
    }
    const chars = richChars(value.elements);
    if (chars > L.richTextElementChars)
      problems.push(`${where} ${String(value.type)}: ${chars} > ${L.richTextElementChars}`);
    if (isBlankRichElement(value)) problems.push(`${where} ${String(value.type)}: shows nothing`);
  };

  over('fallback text', message.text, L.fallbackTextChars);
  if (message.blocks.length === 0 && isBlank(message.text)) problems.push('empty message: no blocks and blank text');
  tooMany('blocks', message.blocks, L.blocksPerMessage);
  let tableChars = 0;
  let tables = 0;
  const blockIds = new Set<string>();
  message.blocks.forEach((block, index) => {
    const where = `block ${index} (${block.type})`;
    if (block.type === 'divider' && (index === 0 || message.blocks[index - 1]?.type === 'divider')) {
      problems.push(`${where}: leading or doubled divider`);
    }
    if (block.block_id !== undefined) {
      const id = String(block.block_id);
      if (blockIds.has(id)) problems.push(`${where}: duplicate block_id ${id}`);
      blockIds.add(id);
      over(`${where} block_id`, id, L.blockIdChars);
    }
    switch (block.type) {
      case 'header':
        over(where, textOf(block.text), L.headerTextChars);
        blank(where, textOf(block.text));
        break;
      case 'section':
        if (block.text === undefined && block.fields === undefined) problems.push(`${where}: neither text nor fields`);
        if (block.text !== undefined) blank(`${where} text`, textOf(block.text));
        over(`${where} text`, textOf(block.text), L.sectionTextChars);
        tooMany(`${where} fields`, list(block.fields), L.fieldsPerSection);
        if (block.fields !== undefined && list(block.fields).length === 0) problems.push(`${where}: empty fields`);
        for (const field of list(block.fields)) {
          over(`${where} field`, textOf(field), L.sectionFieldChars);
          blank(`${where} field`, textOf(field));
        }
        element(where, block.accessory);
        break;
      case 'context':
        tooMany(`${where} elements`, list(block.elements), L.contextElements);
        if (list(block.elements).length === 0) problems.push(`${where}: no elements`);
        for (const item of list(block.elements)) {
          if (isRecord(item) && item.type === 'image') element(where, item);
          else {
            over(`${where} element`, textOf(item), L.contextElementChars);
            blank(`${where} element`, textOf(item));
          }
        }
        break;
      case 'image':
        over(`${where} alt`, String(block.alt_text ?? ''), L.imageAltTextChars);
        blank(`${where} alt`, String(block.alt_text ?? ''));
        over(`${where} title`, textOf(block.title), L.imageTitleChars);
        if (block.title !== undefined) blank(`${where} title`, textOf(block.title));
        over(`${where} url`, String(block.image_url ?? ''), L.imageUrlChars);
        break;
      case 'video':
        over(`${where} title`, textOf(block.title), L.videoTitleChars);
        over(`${where} description`, textOf(block.description), L.videoDescriptionChars);
        over(`${where} author`, String(block.author_name ?? ''), L.videoAuthorNameChars);
        break;
      case 'actions':
        tooMany(`${where} elements`, list(block.elements), L.buttonsPerActions);
        if (list(block.elements).length === 0) problems.push(`${where}: no elements`);
        list(block.elements).forEach((item) => {
          element(where, item);
        });
        break;
      case 'rich_text':
        if (list(block.elements).length === 0) problems.push(`${where}: no elements`);
        list(block.elements).forEach((item) => {
          richContainer(where, item);
        });
        break;
      case 'table': {
        tables += 1;
        const rows = list(block.rows);
        tooMany(`${where} rows`, rows, L.tableRows);
        for (const row of rows) {
          tooMany(`${where} columns`, list(row), L.tableColumns);
          for (const cell of list(row)) {
            if (!isRecord(cell)) continue;
            tableChars += cell.type === 'raw_text' ? textOf(cell).length : richChars(cell.elements);
          }
        }
        break;
      }
    }
  });
  if (tables > L.tablesPerMessage) problems.push(`tables: ${tables} > ${L.tablesPerMessage}`);
  if (tableChars > L.tableCellCharsPerMessage)
    problems.push(`table cells: ${tableChars} > ${L.tableCellCharsPerMessage}`);
  // What Slack receives: the text, the blocks and each upload's alt text (the asset's node is the host's).
  const sent = [message.text, message.blocks, (message.assets ?? []).map((asset) => asset.altText)];
  if (someString(sent, hasLoneSurrogate)) problems.push('lone surrogate');
  return problems;
}

const ENTITY = /&(amp|lt|gt);/g;
const DECODED: Record<string, string> = { amp: '&', lt: '<', gt: '>' };

/**
 * Why `url` is not a link target Slack and a browser read alike, or `null` when it is. Checked with
 * the WHATWG parser alone (independent of the pipeline's own check): an allowed scheme, a host and
 * no userinfo for http(s), an address for mailto, nothing invisible, no backslash or `|<>`, only
 * well-formed percent-escapes, and already in the parser's serialized form.
 */
export function linkUrlProblem(url: string): string | null {
  if (url.length > L.linkUrlChars) return `${url.length} > ${L.linkUrlChars} characters`;
  if (/[\s\p{Cc}\p{Cf}\\|<>]/u.test(url)) return 'raw whitespace, control, backslash, | or <>';
  if (/%(?![0-9a-fA-F]{2})/.test(url)) return 'bad percent-escape';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'does not parse';
  }
  if (parsed.href !== url) return `not serialized (${parsed.href})`;
  if (parsed.protocol === 'mailto:')
    return /^[^@]+@[^@]+$/.test(parsed.pathname.split(',')[0] ?? '') ? null : 'no address';
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return `scheme ${parsed.protocol}`;
  if (parsed.hostname === '') return 'no host';
  if (parsed.username !== '' || parsed.password !== '' || /^[a-z]+:\/\/[^/?#]*@/i.test(url)) return 'userinfo';
  return null;
}

/** Every mrkdwn `<…>` in the fallback text and mrkdwn texts, and every rich text link element's URL. */
export function slackLinks(message: SlackMessageLike): { url: string; raw: string; mrkdwn: boolean }[] {
  const found: { url: string; raw: string; mrkdwn: boolean }[] = [];
  const scanMrkdwn = (text: string): void => {
    // Untrusted text reaches mrkdwn escaped, so every raw `<` opens something the renderer wrote.
    for (const match of text.matchAll(/<([^>]*)>?/g)) {
      const body = match[1] ?? '';
      const bar = body.indexOf('|');
      const raw = bar === -1 ? body : body.slice(0, bar);
      found.push({ url: raw.replace(ENTITY, (_, name: string) => DECODED[name]!), raw, mrkdwn: true });
    }
  };
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isRecord(value)) return;
    if (value.type === 'mrkdwn' && typeof value.text === 'string') scanMrkdwn(value.text);
    if (value.type === 'link' && typeof value.url === 'string')
      found.push({ url: value.url, raw: value.url, mrkdwn: false });
    for (const child of Object.values(value)) visit(child);
  };
  scanMrkdwn(message.text);
  visit(message.blocks);
  return found;
}

/**
 * Every link in `message` whose target is not one Slack and a browser read alike, or whose mrkdwn
 * URL part leaves `&` unescaped (Slack requires `&amp;`, `&lt;`, `&gt;` inside `<url|label>`).
 */
export function linkViolations(message: SlackMessageLike): string[] {
  const problems: string[] = [];
  for (const link of slackLinks(message)) {
    if (link.mrkdwn && /&(?!amp;|lt;|gt;)/.test(link.raw)) problems.push(`${link.raw}: raw & in a mrkdwn URL`);
    const problem = linkUrlProblem(link.url);
    if (problem !== null) problems.push(`${link.raw}: ${problem}`);
  }
  return problems;
}

// The host kit (src/core/chat-hosts/checks.ts): the checks above, as every host answers them.

export function problems(payload: unknown): string[] {
  const message = payload as SlackMessageLike;
  return [
    ...limitViolations(message),
    ...linkViolations(message),
    ...(someString(message, hasLoneSurrogate) ? ['lone surrogate'] : []),
  ];
}

/** A mention or broadcast is never allowed, whether as mrkdwn syntax or as a rich text element. */
export function liveMentions(payload: unknown): string[] {
  const message = payload as SlackMessageLike;
  return [
    ...unescapedSlackSyntax(message)
      .filter((text) => /<[!@#]/.test(text))
      .map((text) => `live mention: ${text.slice(0, 80)}`),
    ...(/"type":"(?:user|channel|usergroup|broadcast)"/.test(JSON.stringify(message.blocks))
      ? ['live mention element']
      : []),
  ];
}

export function linkTargets(payload: unknown): string[] {
  return slackLinks(payload as SlackMessageLike).map((link) => link.url);
}

const MRKDWN_LINK = /<([^>|]*)(?:\|([^>]*))?>/g;

/** Slack texts: the fallback, every mrkdwn and plain_text object, rich text elements. */
function slackParts(payload: unknown): { mrkdwn: string[]; literal: string[]; links: FoundLink[] } {
  const parts = { mrkdwn: [] as string[], literal: [] as string[], links: [] as FoundLink[] };
  const top = (payload as { text?: unknown }).text;
  if (typeof top === 'string') parts.mrkdwn.push(top);
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isRecord(value)) return;
    if (value.type === 'mrkdwn' && typeof value.text === 'string') parts.mrkdwn.push(value.text);
    else if (
      (value.type === 'plain_text' || value.type === 'text' || value.type === 'raw_text') &&
      typeof value.text === 'string'
    )
      parts.literal.push(value.text);
    else if (value.type === 'link' && typeof value.url === 'string')
      parts.links.push({ url: value.url, label: typeof value.text === 'string' ? value.text : value.url });
    for (const child of Object.values(value)) visit(child);
  };
  visit((payload as { blocks?: unknown }).blocks);
  return parts;
}

export function links(payload: unknown): FoundLink[] {
  const parts = slackParts(payload);
  for (const text of parts.mrkdwn)
    for (const match of text.matchAll(MRKDWN_LINK))
      parts.links.push({ url: decodeEntities(match[1]!), label: decodeEntities(match[2] ?? match[1]!) });
  return parts.links;
}

export function plainTexts(payload: unknown): string[] {
  const parts = slackParts(payload);
  return [...parts.mrkdwn.map((text) => decodeEntities(text.replace(MRKDWN_LINK, ' '))), ...parts.literal];
}
