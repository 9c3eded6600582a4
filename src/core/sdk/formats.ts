/**
 * The formats a runtime renders itself, with the media type each is served as: the one list the
 * runtime's overrides, its capabilities, the tools and the HTTP routes all read.
 */
export const BUILT_IN_FORMATS = {
  text: 'text/plain; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  html: 'text/html; charset=utf-8',
  slack: 'application/json',
} as const;

export type BuiltInFormat = keyof typeof BUILT_IN_FORMATS;

/** The built-in format names, in the order tools and routes list them. */
export const BUILT_IN_FORMAT_NAMES = Object.keys(BUILT_IN_FORMATS) as readonly BuiltInFormat[];

export function isBuiltInFormat(name: string): name is BuiltInFormat {
  return Object.hasOwn(BUILT_IN_FORMATS, name);
}
