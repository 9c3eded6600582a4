/**
 * Right to left for the slides pack: the mirrored twin of every CSS rule that names a side (left or
 * right padding, margin, border, position, alignment, corner radii, a transform's origin), applied under a slide whose
 * `dir` is `rtl`, and the primitives that stay left to right inside one (code and terminals).
 * The image engine lays flex rows, grids, tables and text alignment out from the right by itself
 * under `dir="rtl"`, but draws no logical border property, so the sides are mirrored here, from the
 * one rule each primitive writes, for both the HTML surface and the pictures. The twin also sets
 * any letter-spacing to 0: Arabic is cursive, browsers do not track it while the image engine pulls
 * its letters apart, and Hebrew has no capitals for the tracking to space.
 */
import type { AnyPrimitiveDefinition } from '../../core/model/primitive.ts';
import { Markup, toMarkup } from '../../core/model/markup.ts';
import { PREFIX } from './style.ts';

/** What a mirrored rule is scoped to: a slide laid out right to left. */
export const RTL_SCOPE = `.${PREFIX}-frame[dir="rtl"]`;

/**
 * Code, diffs and terminal sessions read left to right in every language: under a right-to-left
 * slide they keep their left-to-right layout (their root says `dir="ltr"`) and their rules are not
 * mirrored.
 */
export const LEFT_TO_RIGHT_TYPES: ReadonlySet<string> = new Set([
  'slideCode',
  'slideCommand',
  'slideDiff',
  'slideTranscript',
]);

const SIDE = /^(padding|margin|border)-(left|right)(-(?:color|width|style))?$|^(left|right)$/;
const SWAP: Record<string, string> = { left: 'right', right: 'left' };
/** Four-value shorthands whose second and fourth values are the right and left sides. */
const BOX_SHORTHANDS = new Set(['padding', 'margin', 'border-width', 'border-color', 'border-style']);

/** `padding:a b c d` with its left and right values swapped, or `undefined` when they are equal. */
function mirroredBox(value: string): string | undefined {
  const parts = value.trim().split(/\s+/);
  if (parts.length !== 4 || parts[1] === parts[3]) return undefined;
  return [parts[0], parts[3], parts[2], parts[1]].join(' ');
}

/** `border-radius:a b c d` with its corners mirrored, or `undefined` when that changes nothing. */
function mirroredCorners(value: string): string | undefined {
  if (value.includes('/')) return undefined;
  const parts = value.trim().split(/\s+/);
  if (parts.length === 1) return undefined;
  const [tl, tr = tl, br = tl, bl = tr] = parts;
  return tl === tr && br === bl ? undefined : [tr, tl, bl, br].join(' ');
}

/** Horizontal origins and their mirrors: a transform anchored at the left edge anchors at the right. */
const ORIGIN_SWAP: Record<string, string> = { '0': '100%', '0px': '100%', left: 'right', right: 'left', '100%': '0' };

/** `transform-origin:x y` with its horizontal value mirrored, or `undefined` for a centred origin. */
function mirroredOrigin(value: string): string | undefined {
  const [x = '', ...rest] = value.trim().split(/\s+/);
  const mirrored = ORIGIN_SWAP[x];
  return mirrored === undefined ? undefined : [mirrored, ...rest].join(' ');
}

/** What a side falls back to when only its mirror names it: the shorthand's value, or the initial one. */
function sideDefault(declarations: Map<string, string>, family: string, side: 'left' | 'right'): string {
  // A position has no shorthand: the side it leaves is unset (its own value moved to the mirror).
  if (family === 'left' || family === 'right') return 'auto';
  const shorthand = declarations.get(family);
  if (shorthand !== undefined && BOX_SHORTHANDS.has(family)) {
    const parts = shorthand.trim().split(/\s+/);
    const [, right = parts[0], , left = right] = parts;
    return (side === 'left' ? left : right)!;
  }
  if (shorthand !== undefined) return shorthand;
  return family === 'border' ? 'none' : '0';
}

/** The mirrored declarations of one rule's body (and its tracking undone), or '' when it names no side. */
function mirroredDeclarations(body: string): string {
  const declarations = new Map<string, string>();
  for (const declaration of body.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) declarations.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
  }
  const out = new Map<string, string>();
  for (const [property, value] of declarations) {
    const side = SIDE.exec(property);
    if (side) {
      const [, family = '', which = '', sub = '', position] = side;
      const name = (from: string) => (position ? from : `${family}-${from}${sub}`);
      const mirror = name(SWAP[position ?? which]!);
      out.set(mirror, value);
      // The side it came from falls back (to what the rule's shorthand gives it, else its initial
      // value) unless the rule names its mirror too, whose value then moves here. A colour, width or
      // style alone falls back only to a shorthand of the rule: the side it leaves is drawn by the
      // rules that drew it before.
      const from = position ?? which;
      const shorthand = sub ? `${family}${sub}` : (position ?? family);
      if (!declarations.has(mirror) && !out.has(name(from)) && (!sub || declarations.has(shorthand)))
        out.set(name(from), sideDefault(declarations, shorthand, from as 'left' | 'right'));
    } else if (property === 'text-align' && (value === 'left' || value === 'right')) {
      out.set(property, SWAP[value]!);
    } else if (property === 'letter-spacing' && value !== '0' && value !== 'normal') {
      out.set(property, '0');
    } else if (BOX_SHORTHANDS.has(property)) {
      const mirrored = mirroredBox(value);
      if (mirrored) out.set(property, mirrored);
    } else if (property === 'border-radius') {
      const mirrored = mirroredCorners(value);
      if (mirrored) out.set(property, mirrored);
    } else if (property === 'transform-origin') {
      const mirrored = mirroredOrigin(value);
      if (mirrored) out.set(property, mirrored);
    }
  }
  return [...out].map(([property, value]) => `${property}:${value}`).join(';');
}

/**
 * The right-to-left twins of a stylesheet's rules that name a side or track letters, each scoped to
 * a right-to-left slide; '' when none does. The pack's CSS is flat (no at-rules), one
 * `selector{declarations}` after another. `.sl-x{padding-left:24px;color:red}` gives
 * `.sl-frame[dir="rtl"] .sl-x{padding-right:24px;padding-left:0}`.
 */
export function mirrorCss(css: string): string {
  let out = '';
  for (const [, selectors = '', body = ''] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const mirrored = mirroredDeclarations(body);
    if (mirrored === '') continue;
    const scoped = selectors
      .split(',')
      .map((selector) => `${RTL_SCOPE} ${selector.trim()}`)
      .join(',');
    out += `${scoped}{${mirrored}}`;
  }
  return out;
}

const ROOT_TAG = /^(\s*<[a-zA-Z][a-zA-Z0-9-]*)(?![^>]*\sdir=)/;

/**
 * A primitive made ready for right-to-left slides: its CSS followed by its mirrored rules, or, for
 * a primitive that stays left to right, its root marked `dir="ltr"` when the slide is right to left.
 */
export function withRightToLeft(definition: AnyPrimitiveDefinition): AnyPrimitiveDefinition {
  if (LEFT_TO_RIGHT_TYPES.has(definition.type)) {
    const draw = definition.renderers.html;
    return {
      ...definition,
      renderers: {
        ...definition.renderers,
        html: (node, env) => {
          const markup = draw(node, env);
          if (env.dir !== 'rtl') return markup;
          return new Markup(toMarkup(markup).value.replace(ROOT_TAG, '$1 dir="ltr"'));
        },
      },
    };
  }
  const mirrored = definition.css ? mirrorCss(definition.css) : '';
  return mirrored === '' ? definition : { ...definition, css: definition.css + mirrored };
}
