/** A plain JSON-style object: not null and not an array (what a node, a field map or a block is). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Any non-null object, arrays included: for duck-typing a thrown value or an error entry by its fields. */
export function isObjectLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
