/**
 * Which string field of a composition node a drawn text shows, so a layout finding names the field
 * to edit (`items[3]`, `rows[2][1]`) rather than the node alone.
 */

/** A string field of a node: its path inside the node (`items[3]`, `rows[2][1]`) and its text. */
export interface Field {
  path: string;
  text: string;
}

/** Reads the node at a composition path and lists its own string fields (not its child nodes'). */
export function fieldReader(composition: unknown): (path: string) => Field[] {
  const cache = new Map<string, Field[]>();
  return (path) => {
    let fields = cache.get(path);
    if (!fields) {
      fields = stringFields(resolvePath(composition, path));
      cache.set(path, fields);
    }
    return fields;
  };
}

export function resolvePath(root: unknown, path: string): unknown {
  let value = root;
  for (const [, key, index] of path.matchAll(/\.?([^.[\]]+)|\[(\d+)\]/g)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key ?? index!];
  }
  return value;
}

const RESERVED = new Set(['type', 'id', 'surfaces']);

export function stringFields(node: unknown): Field[] {
  const out: Field[] = [];
  const visit = (value: unknown, path: string, top: boolean): void => {
    if (typeof value === 'string') {
      if (path) out.push({ path, text: value });
      return;
    }
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, `${path}[${i}]`, false);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    // A nested node is its own owner, with its own anchor.
    if (!top && typeof (value as { type?: unknown }).type === 'string') return;
    for (const [key, child] of Object.entries(value)) {
      if (top && RESERVED.has(key)) continue;
      visit(child, path ? `${path}.${key}` : key, false);
    }
  };
  visit(node, '', true);
  return out;
}

/** Lower case, Markdown marks and spacing gone: what text a field shows once drawn. */
function normalize(text: string): string {
  return text
    .replace(/[*_`~]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The field an element draws: the same text, else the longest field the element's text holds or is part of. */
export function matchField(fields: readonly Field[], text: string): Field | undefined {
  const drawn = normalize(text);
  if (drawn.length < 2) return undefined;
  let best: Field | undefined;
  let bestScore = 0;
  for (const field of fields) {
    const own = normalize(field.text);
    if (!own) continue;
    if (own === drawn) return field;
    const score = drawn.includes(own) ? own.length / drawn.length : own.includes(drawn) ? drawn.length / own.length : 0;
    if (score > bestScore) {
      best = field;
      bestScore = score;
    }
  }
  return bestScore >= 0.5 ? best : undefined;
}

export function joinPath(node: string, field: string): string {
  if (node === '') return field;
  return field.startsWith('[') ? `${node}${field}` : `${node}.${field}`;
}
