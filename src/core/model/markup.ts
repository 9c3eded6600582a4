/**
 * Markup, what the HTML and snapshot surfaces build, without React: the `html` tagged template
 * escapes every value that is not `Markup` already, so model text can only land as text, and gives
 * text that could reorder (right-to-left letters, bidi controls) an isolate and its direction: its
 * first strong character's, or right to left throughout a right-to-left slide (`inBaseDirection`).
 */
import { isolateText, needsIsolation, textDirection, type TextDirection } from '../text/text-direction.ts';

/**
 * HTML without React: a tagged template that escapes every interpolated value unless it is
 * already `Markup`. Renderers return `Markup`, so model text can only ever land as text.
 * @example
 * ```ts
 * import { html, Markup } from 'isomer-edge';
 *
 * const cell = html`<td>${'1 < 2'}</td>`;
 * cell instanceof Markup; // true
 * String(cell); // '<td>1 &lt; 2</td>'
 * ```
 */
export class Markup {
  readonly value: string;
  /**
   * The direction of the one text this markup shows (set by `textMarkup`): an element whose whole
   * content it is takes it as its `dir`.
   */
  readonly dir: TextDirection | undefined;
  constructor(value: string, dir?: TextDirection) {
    this.value = value;
    this.dir = dir;
  }
  toString(): string {
    return this.value;
  }
}

/** The direction of what is being drawn: `rtl` only while `inBaseDirection('rtl', …)` runs. */
let baseDirection: TextDirection = 'ltr';

/**
 * Runs `draw` with `dir` as the base direction of everything it builds, then restores the previous
 * one. In a right-to-left base every text that could reorder is a right-to-left paragraph, even one
 * opening with a Latin name (the UBA's rule HL1: the slide is the higher-level context), so a list
 * of Arabic items aligns as one; in a left-to-right base each text takes its first strong
 * character's direction, as `dir="auto"` would.
 * The surfaces call it (`drawInDirection`); renderers never need to.
 */
export function inBaseDirection<T>(dir: TextDirection, draw: () => T): T {
  const previous = baseDirection;
  baseDirection = dir;
  try {
    return draw();
  } finally {
    baseDirection = previous;
  }
}

/** A text's paragraph direction in the current base direction. */
function paragraphDirection(text: string): TextDirection {
  return baseDirection === 'rtl' ? 'rtl' : (textDirection(text) ?? 'ltr');
}

/** RIGHT-TO-LEFT ISOLATE: in a right-to-left base a text's isolate is right to left whatever it opens with. */
const RIGHT_TO_LEFT_ISOLATE = '\u2067';

/** `isolateText` in the current base direction: FSI … PDI, or RLI … PDI in a right-to-left base. */
function isolated(text: string): string {
  const out = isolateText(text);
  return baseDirection === 'rtl' && out !== text ? RIGHT_TO_LEFT_ISOLATE + out.slice(1) : out;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for element content and double- or single-quoted attribute values alike.
 * @example
 * ```ts
 * import { escapeHtml } from 'isomer-edge';
 *
 * escapeHtml(`<a href="x">Tom's</a>`); // '&lt;a href=&quot;x&quot;&gt;Tom&#39;s&lt;/a&gt;'
 * ```
 */
export function escapeHtml(text: string): string {
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c]!) : text;
}

export type MarkupValue = Markup | string | number | boolean | null | undefined | readonly MarkupValue[];

function append(value: MarkupValue): string {
  if (value instanceof Markup) return value.value;
  if (typeof value === 'string') return escapeHtml(isolated(value));
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    let out = '';
    for (const item of value) out += append(item);
    return out;
  }
  return '';
}

/**
 * Builds `Markup` from a template, escaping every interpolated value that is not `Markup` already.
 * @example
 * ```ts
 * import { html } from 'isomer-edge';
 *
 * declare const modelText: string;
 * const paragraph = html`<p class="note">${modelText}</p>`; // modelText is escaped
 * ```
 */
export function html(strings: TemplateStringsArray, ...values: MarkupValue[]): Markup {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    const next = strings[i + 1]!;
    // Text that could reorder (right-to-left letters, bidi controls) is isolated in content and
    // left as it is in attributes, where an isolate would change a URL; an element it fills takes
    // its direction, as `dir="auto"` would give it. Other text takes the plain path.
    if (typeof value === 'string') {
      if (!needsIsolation(value) || insideTag(out)) out += escapeHtml(value) + next;
      else out = withDirection(out, next, paragraphDirection(value)) + escapeHtml(isolated(value)) + next;
    } else if (value instanceof Markup && value.dir) {
      out = withDirection(out, next, value.dir) + value.value + next;
    } else out += append(value) + next;
  }
  return new Markup(out);
}

/** Whether markup so far ends inside a tag (an attribute value is being written). */
function insideTag(out: string): boolean {
  return out.lastIndexOf('<') > out.lastIndexOf('>');
}

/**
 * `out` with `dir` added to its last opening tag when the value between it and `next` is that
 * element's whole content (`<p class="x">` + text + `</p>`); otherwise `out` unchanged.
 */
function withDirection(out: string, next: string, dir: TextDirection): string {
  if (!next.startsWith('</') || !out.endsWith('>') || out.endsWith('/>')) return out;
  const open = out.lastIndexOf('<');
  if (!/^<[a-z]/i.test(out.slice(open, open + 2)) || /\sdir=/i.test(out.slice(open))) return out;
  return `${out.slice(0, -1)} dir="${dir}">`;
}

/**
 * One text as markup, as a renderer that draws it with inline markup of its own (marks, links)
 * builds it: `build` receives the text and returns its markup; when the text could reorder, the
 * whole of it is one isolate with the text's direction, so an element it fills takes that `dir`.
 * Inside `build`, use `escapeHtml` for the text's parts, not `html`, or each part is isolated
 * on its own.
 * @example
 * ```ts
 * import { escapeHtml, html, raw, textMarkup } from 'isomer-edge';
 *
 * const title = textMarkup('مرحبا **2024**', (text) => raw(escapeHtml(text.replaceAll('**', ''))));
 * String(html`<h1>${title}</h1>`); // '<h1 dir="rtl">\u2068مرحبا 2024\u2069</h1>'
 * ```
 */
export function textMarkup(text: string, build: (text: string) => Markup): Markup {
  if (!needsIsolation(text)) return build(text);
  const whole = isolated(text);
  const inner = build(whole.slice(1, -1));
  return new Markup(`${whole[0]}${inner.value}\u2069`, paragraphDirection(text));
}

/**
 * Trusted markup (from our own templates or a renderer), never model text.
 * @example
 * ```ts
 * import { html, raw } from 'isomer-edge';
 *
 * const icon = raw('<svg viewBox="0 0 8 8"><circle cx="4" cy="4" r="4"/></svg>');
 * const badge = html`<span class="badge">${icon}</span>`; // the SVG is kept as markup
 * ```
 */
export function raw(value: string): Markup {
  return new Markup(value);
}

/**
 * Joins rendered pieces, escaping any plain strings among them.
 * @example
 * ```ts
 * import { html, joinMarkup } from 'isomer-edge';
 *
 * const items = joinMarkup(['a < b', html`<b>bold</b>`], ', '); // 'a &lt; b, <b>bold</b>'
 * ```
 */
export function joinMarkup(values: readonly MarkupValue[], separator = ''): Markup {
  return new Markup(values.map(append).join(separator));
}

/** Normalises a renderer's return value (Markup, or a plain string that must be escaped). */
export function toMarkup(value: MarkupValue): Markup {
  return value instanceof Markup ? value : new Markup(append(value));
}
