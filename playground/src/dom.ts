/**
 * Building the page's DOM without ever parsing text as HTML: elements from a tag name, attributes
 * set one by one, children as nodes or as text (`append` with a string makes a Text node).
 */

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element as T;
}

const LINK_PROTOCOLS = new Set(['https:', 'http:', 'mailto:']);

/**
 * A URL the page may put in an `href`: absolute http(s) or mailto, as the URL parser reads it (so
 * `java\tscript:` and entity tricks are judged by what a browser would open). Anything else: none.
 */
export function safeHref(value: string): string | undefined {
  try {
    const url = new URL(value);
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Byte length of a string as UTF-8. */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

const NUMBER = new Intl.NumberFormat('en');

export function formatCount(count: number, unit: string): string {
  return `${NUMBER.format(count)} ${unit}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${NUMBER.format(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
