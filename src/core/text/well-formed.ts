/** Well-formed text, and copies of plain data a converter may edit freely, with well-formed strings. */

/** A plain JSON object, as converters edit them. */
export type Json = Record<string, unknown>;

const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Half a surrogate pair is not text: it cannot be encoded as UTF-8, so Slack would receive garbage
 * or refuse the payload. Each one becomes U+FFFD, as a UTF-8 encoder would write it.
 */
export function wellFormed(text: string): string {
  return SURROGATE.test(text) ? text.replace(LONE_SURROGATE, '\uFFFD') : text;
}

/**
 * Copies plain data so the pipeline can edit freely without touching the caller's blocks (which
 * may be frozen, or reused for another surface). Shared and cyclic references stay shared; strings
 * come back well-formed.
 */
export function cloneData(value: unknown, seen: Map<object, unknown>): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (typeof value !== 'object' || value === null) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    seen.set(value, copy);
    for (const item of value) copy.push(cloneData(item, seen));
    return copy;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  // Class instances are not Block Kit data; passing them through untouched beats guessing.
  if (proto !== Object.prototype && proto !== null) return value;
  const copy: Json = {};
  seen.set(value, copy);
  for (const [key, item] of Object.entries(value)) copy[key] = cloneData(item, seen);
  return copy;
}
