/**
 * The pieces every chat payload schema (draft 2020-12) is written with: closed objects, constants,
 * bounded lists, a stored picture. Each host's `schema.ts` writes its payload from what its builder
 * sends; the OpenAPI document serves them and a test validates every real answer against them.
 */

export type PayloadSchema = Record<string, unknown>;

/** Turns a schema's name into a `$ref` to it (OpenAPI: `#/components/schemas/<name>`). */
export type SchemaRef = (name: string) => PayloadSchema;

/** A host's payload: the schema of its whole answer (`root`) and every schema it names. */
export interface HostPayloadSchemas {
  readonly root: string;
  schemas(to: SchemaRef): Record<string, PayloadSchema>;
}

/** A closed object: these properties only, the `required` ones always present. */
export function object(
  properties: Record<string, PayloadSchema>,
  required: string[] = Object.keys(properties),
): PayloadSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

export const string: PayloadSchema = { type: 'string' };

export const one = (value: unknown): PayloadSchema => ({ const: value });

export const list = (items: PayloadSchema, bounds: { minItems?: number; maxItems?: number } = {}): PayloadSchema => ({
  type: 'array',
  items,
  ...bounds,
});

/** An absolute URL of a stored picture (the Worker's own `GET /images/{key}.png`). */
export const pictureUrl: PayloadSchema = { type: 'string', pattern: '^https?://' };

/** A picture's alt text: one line, never blank. */
export const altText: PayloadSchema = { type: 'string', minLength: 1 };
