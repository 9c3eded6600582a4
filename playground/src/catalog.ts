/**
 * The catalog as the Worker's own tools describe it: the authoring guide's index (groups and
 * types) and `isomer_describe_primitives` entries (purpose, use when, avoid when, example), read
 * at run time so a Worker serving other packs shows its own. Nothing about a pack is built in.
 */
import { callTool, getText } from './api.ts';

export interface CatalogEntry {
  type: string;
  purpose: string;
  useWhen: string;
  avoidWhen: string;
  example: unknown;
  group: string;
}

export interface ViewSummary {
  id: string;
  title: string;
  description?: string;
  answers?: string[];
  inputSchema?: Record<string, unknown>;
}

/** At most this many types per `isomer_describe_primitives` call (the tool's own limit is stated in its schema). */
const DESCRIBE_BATCH = 12;

/** A code span's text: `` `x` ``, or a longer fence with optional padding spaces. */
function codeSpanText(span: string): string | undefined {
  const fence = /^`+/.exec(span)?.[0];
  if (!fence || !span.endsWith(fence) || span.length < fence.length * 2) return undefined;
  let inner = span.slice(fence.length, span.length - fence.length);
  if (inner.startsWith(' ') && inner.endsWith(' ') && inner.trim() !== '') inner = inner.slice(1, -1);
  return inner;
}

/** A key span (`slideHeading`, or JSON-quoted when not printable). */
function keyText(span: string): string | undefined {
  const inner = codeSpanText(span);
  if (inner === undefined) return undefined;
  if (inner.startsWith('"')) {
    try {
      return JSON.parse(inner) as string;
    } catch {
      return undefined;
    }
  }
  return inner;
}

const ENTRY_LINE = /^- (`+[^`].*?`+) — (.*)$/;

/** The guide's primitive index: `### Group` headings over `- \`type\` — purpose` lines. */
export function parseGuideIndex(guide: string): { type: string; group: string; purpose: string }[] {
  const start = guide.indexOf('\n## Primitive catalog');
  if (start < 0) return [];
  const end = guide.indexOf('\n## ', start + 1);
  const lines = guide.slice(start, end < 0 ? undefined : end).split('\n');
  const index: { type: string; group: string; purpose: string }[] = [];
  let group = '';
  for (const line of lines) {
    if (line.startsWith('### ')) group = line.slice(4).trim();
    const match = ENTRY_LINE.exec(line);
    const type = match ? keyText(match[1]!) : undefined;
    if (type !== undefined) index.push({ type, group, purpose: match![2]! });
  }
  return index;
}

/** Entries from `isomer_describe_primitives` text. */
export function parseDescriptions(text: string): Omit<CatalogEntry, 'group'>[] {
  const entries: Omit<CatalogEntry, 'group'>[] = [];
  let current: Omit<CatalogEntry, 'group'> | undefined;
  for (const line of text.split('\n')) {
    const head = ENTRY_LINE.exec(line);
    if (head) {
      const type = keyText(head[1]!);
      if (type === undefined) continue;
      current = { type, purpose: head[2]!, useWhen: '', avoidWhen: '', example: undefined };
      entries.push(current);
      continue;
    }
    if (!current) continue;
    if (line.startsWith('  - Use when: ')) current.useWhen = line.slice(14);
    else if (line.startsWith('  - Avoid when: ')) current.avoidWhen = line.slice(16);
    else if (line.startsWith('  - Example: ')) {
      const json = codeSpanText(line.slice(13));
      try {
        current.example = json === undefined ? undefined : JSON.parse(json);
      } catch {
        current.example = undefined;
      }
    } else if (line.startsWith('## ')) current = undefined;
  }
  return entries;
}

export interface Catalog {
  guide: string;
  entries: CatalogEntry[];
  views: ViewSummary[];
}

export async function loadCatalog(): Promise<Catalog> {
  const [guide, views] = await Promise.all([
    getText('/resources/isomer-authoring-guide'),
    callTool('isomer_list_views')
      .then(({ text, isError }) => (isError ? [] : (JSON.parse(text) as ViewSummary[])))
      // A Worker without views has no such tool (404): an empty list.
      .catch(() => [] as ViewSummary[]),
  ]);
  const index = parseGuideIndex(guide);
  const batches: string[][] = [];
  for (let i = 0; i < index.length; i += DESCRIBE_BATCH)
    batches.push(index.slice(i, i + DESCRIBE_BATCH).map((entry) => entry.type));
  const described = await Promise.all(
    batches.map((types) =>
      callTool('isomer_describe_primitives', { types }).then(({ text }) => parseDescriptions(text)),
    ),
  );
  const byType = new Map(described.flat().map((entry) => [entry.type, entry]));
  const entries = index.map(({ type, group, purpose }) => ({
    ...(byType.get(type) ?? { type, purpose, useWhen: '', avoidWhen: '', example: undefined }),
    group,
  }));
  return { guide, entries, views };
}

/** A first input for a view's JSON box, from its input schema: each required property filled. */
export function sampleInput(schema: Record<string, unknown> | undefined): Record<string, unknown> {
  const properties = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (!required.has(name)) continue;
    out[name] = sampleValue(property, name);
  }
  return out;
}

function sampleValue(schema: Record<string, unknown>, name: string): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  switch (schema.type) {
    case 'string':
      return `Example ${name}`;
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'array': {
      const items = (schema.items ?? {}) as Record<string, unknown>;
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      return Array.from({ length: count }, (_, i) => sampleValue(items, `${name.replace(/s$/, '')} ${i + 1}`));
    }
    case 'object':
      return sampleInput(schema);
    default:
      return null;
  }
}

/** Whether a composition passes the Worker's validation. */
async function valid(composition: unknown): Promise<boolean> {
  const answer = await callTool('isomer_validate', { composition });
  return !answer.isError && (JSON.parse(answer.text) as { valid: boolean }).valid;
}

/**
 * The container a node example needs to stand as a whole composition: found, not assumed, as the
 * first catalog example holding a `body` that validates alone (the slides pack's `slideFrame`).
 * Candidates are tried in catalog order, so a pack that lists its frame first costs one request.
 */
export async function findFrame(entries: readonly CatalogEntry[]): Promise<CatalogEntry | undefined> {
  for (const entry of entries) {
    const example = entry.example as { body?: unknown } | undefined;
    if (!Array.isArray(example?.body)) continue;
    if (await valid({ type: 'view', title: entry.type, body: [example] }).catch(() => false)) return entry;
  }
  return undefined;
}
