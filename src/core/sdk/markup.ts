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
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
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
  if (typeof value === 'string') return escapeHtml(value);
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
  for (let i = 0; i < values.length; i++) out += append(values[i]) + strings[i + 1]!;
  return new Markup(out);
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
