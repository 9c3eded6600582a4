/**
 * The composition and its nodes as they travel: the document's fields, the two reserved fields
 * every node may carry, the surface names a node's `surfaces` may list (`react` is the HTML
 * surface), themes and named colours, and the predicates primitives build their schemas from, so
 * every schema words its findings the same way.
 */
import * as z from 'zod';
import { TEXT_DIRECTIONS } from '../text/text-direction.ts';

/**
 * The wire surfaces a node may name in `surfaces`. `react` is the reference system's name for the
 * markup surface; here it covers HTML (and, through HTML, the snapshot surface's markup is drawn
 * only for nodes visible on `snapshot`). Kept as-is so compositions carry over.
 */
export const SURFACE_NAMES = ['react', 'snapshot', 'text', 'markdown', 'slack'] as const;
export type SurfaceName = (typeof SURFACE_NAMES)[number];

export const RENDER_THEMES = ['auto', 'light', 'dark'] as const;
/** A colour-scheme preference; `auto` follows the viewer where it can and means light elsewhere. */
export type RenderTheme = (typeof RENDER_THEMES)[number];

/** Portable tone names; packs map them to colours. */
export const NAMED_COLORS = ['neutral', 'primary', 'accent', 'success', 'warning', 'risk', 'danger'] as const;
export type NamedColor = (typeof NAMED_COLORS)[number];

/** A node as it travels: a `type`, the two reserved fields, and the primitive's own fields. */
export interface PrimitiveNode {
  type: string;
  id?: string;
  surfaces?: SurfaceName[];
  [field: string]: unknown;
}

export interface CompositionMeta {
  source?: string;
  generatedAt?: string;
  ariaLabel?: string;
  provenance?: { source?: string; query?: string; provider?: string };
  freshness?: { asOf?: string; stale?: boolean; ttlSeconds?: number };
  partialFailure?: { degraded?: boolean; reason?: string };
}

/** The document a model writes. The discriminator `view` is kept forever: models are prompted on it. */
export interface Composition<TNode extends PrimitiveNode = PrimitiveNode> {
  type: 'view';
  version?: 1;
  title?: string;
  subtitle?: string;
  /** The language the text is in, as a BCP 47 tag (`ja`, `zh-Hant`, `ar`): the HTML `lang`, and the pictures' Han font. */
  lang?: string;
  /**
   * The side the view is laid out from: `rtl` mirrors every primitive, `ltr` never does, `auto` (the
   * default) follows `lang`, else the direction most of the text's letters are written in.
   */
  dir?: (typeof TEXT_DIRECTIONS)[number];
  theme?: RenderTheme;
  body: TNode[];
  meta?: CompositionMeta;
}

// Canonical predicates: schemas built from these print the same words everywhere.
/**
 * A non-empty string (`is required` when missing, `must not be empty` when blank).
 * @example
 * ```ts
 * import { requiredString } from 'isomer-edge';
 *
 * const label = requiredString().max(80);
 * label.safeParse('').success; // false: 'must not be empty'
 * ```
 */
export const requiredString = (): z.ZodString => z.string().min(1);
/**
 * A string field that may be left out.
 * @example
 * ```ts
 * import { optionalString } from 'isomer-edge';
 *
 * const caption = optionalString();
 * caption.parse(undefined); // undefined
 * ```
 */
export const optionalString = (): z.ZodOptional<z.ZodString> => z.string().optional();
/**
 * A number that is finite (no `NaN`, no infinities).
 * @example
 * ```ts
 * import { finiteNumber } from 'isomer-edge';
 *
 * finiteNumber().safeParse(Number.NaN).success; // false
 * ```
 */
export const finiteNumber = (): z.ZodNumber => z.number();
/**
 * A finite number above zero.
 * @example
 * ```ts
 * import { positiveFiniteNumber } from 'isomer-edge';
 *
 * positiveFiniteNumber().safeParse(0).success; // false
 * ```
 */
export const positiveFiniteNumber = (): z.ZodNumber => z.number().positive();
/**
 * A finite number of zero or more.
 * @example
 * ```ts
 * import { nonNegativeFiniteNumber } from 'isomer-edge';
 *
 * nonNegativeFiniteNumber().safeParse(0).success; // true
 * ```
 */
export const nonNegativeFiniteNumber = (): z.ZodNumber => z.number().nonnegative();
/**
 * One of a fixed list of strings.
 * @example
 * ```ts
 * import { enumOf } from 'isomer-edge';
 *
 * const tone = enumOf(['neutral', 'good', 'bad']);
 * tone.parse('good'); // 'good'
 * ```
 */
export const enumOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

export const renderThemeSchema = z.enum(RENDER_THEMES);

/** A BCP 47 language tag as people write them: a language, then subtags (`ja`, `zh-Hant`, `pt-BR`). */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,4}$/;
/** The view's optional `lang`: one message for every malformed tag. */
export const languageTagSchema = z
  .string()
  .regex(LANGUAGE_TAG, { error: 'must be a BCP 47 language tag such as "ja", "zh-Hant" or "pt-BR"' });
/** The view's optional `dir`. */
export const textDirectionSchema = z.enum(TEXT_DIRECTIONS);
export const namedColorSchema = z.enum(NAMED_COLORS);

export const compositionMetaSchema = z.strictObject({
  source: z.string().optional(),
  generatedAt: z.string().optional(),
  ariaLabel: z.string().optional(),
  provenance: z
    .strictObject({ source: z.string().optional(), query: z.string().optional(), provider: z.string().optional() })
    .optional(),
  freshness: z
    .strictObject({ asOf: z.string().optional(), stale: z.boolean().optional(), ttlSeconds: z.number().optional() })
    .optional(),
  partialFailure: z.strictObject({ degraded: z.boolean().optional(), reason: z.string().optional() }).optional(),
});

/** The two fields every node may carry whatever its primitive; a primitive may not declare them. */
export const RESERVED_NODE_FIELDS = ['id', 'surfaces'] as const;

export const reservedNodeShape = {
  id: z.string().min(1, { error: 'must be a non-empty string' }).optional(),
  surfaces: z.array(z.enum(SURFACE_NAMES)).min(1, { error: 'must contain at least one surface' }).optional(),
};

/**
 * True when a node is drawn on `surface` (no allow-list means everywhere).
 * @example
 * ```ts
 * import { isVisibleOnSurface } from 'isomer-edge';
 *
 * isVisibleOnSurface({ surfaces: ['slack'] }, 'text'); // false
 * isVisibleOnSurface({}, 'text'); // true
 * ```
 */
export function isVisibleOnSurface(node: { surfaces?: readonly string[] }, surface: SurfaceName): boolean {
  return node.surfaces === undefined || node.surfaces.includes(surface);
}
