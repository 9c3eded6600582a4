/**
 * The Markdown content tree: the node types renderers build (with `md`, in `builder.ts`) and the
 * serializer and converters read. Renderers never write Markdown syntax themselves, so model text
 * only ever reaches output through one escaping serializer (`serialize.ts`) or a converter
 * (`to-slack.ts`, the chat hosts).
 */

/** Inline nodes: the pieces of one line of prose. */
export type MarkdownInline =
  | MarkdownText
  | MarkdownStrong
  | MarkdownEmphasis
  | MarkdownCode
  | MarkdownLink
  | MarkdownImage
  | MarkdownBreak;

export interface MarkdownText {
  type: 'text';
  value: string;
}

export interface MarkdownStrong {
  type: 'strong';
  children: MarkdownInline[];
}

export interface MarkdownEmphasis {
  type: 'emphasis';
  children: MarkdownInline[];
}

export interface MarkdownCode {
  type: 'code';
  value: string;
}

/** `href` is untrusted; every output re-checks it, so a link node is never trusted on its own. */
export interface MarkdownLink {
  type: 'link';
  href: string;
  children: MarkdownInline[];
}

export interface MarkdownImage {
  type: 'image';
  src: string;
  alt: string;
}

export interface MarkdownBreak {
  type: 'break';
}

export type HeadingDepth = 1 | 2 | 3 | 4 | 5 | 6;

/** Block nodes: what a document is a sequence of. */
export type MarkdownBlock =
  | MarkdownParagraph
  | MarkdownHeading
  | MarkdownList
  | MarkdownBlockquote
  | MarkdownTable
  | MarkdownCodeBlock
  | MarkdownRule;

export interface MarkdownParagraph {
  type: 'paragraph';
  children: MarkdownInline[];
}

export interface MarkdownHeading {
  type: 'heading';
  depth: HeadingDepth;
  children: MarkdownInline[];
}

export interface MarkdownList {
  type: 'list';
  ordered: boolean;
  /** First number of an ordered list; ignored for bullets. */
  start: number;
  /** Each item is a sequence of blocks, so an item can hold a nested list. */
  items: MarkdownBlock[][];
}

export interface MarkdownBlockquote {
  type: 'blockquote';
  children: MarkdownBlock[];
}

export interface MarkdownTable {
  type: 'table';
  /** Empty when the table has no header row (the serializer prints an empty one; GFM needs it). */
  header: MarkdownInline[][];
  rows: MarkdownInline[][][];
}

export interface MarkdownCodeBlock {
  type: 'codeBlock';
  language?: string;
  value: string;
}

export interface MarkdownRule {
  type: 'rule';
}

export type MarkdownNode = MarkdownBlock | MarkdownInline;

// A registry symbol, not a private one, so content built by another copy of the library is
// still recognised.
const CONTENT_BRAND: unique symbol = Symbol.for('isomer.markdown-content');

/** A finished sequence of blocks, as renderers return it. Build it with `md.content`. */
export interface MarkdownContent {
  readonly [CONTENT_BRAND]: true;
  readonly blocks: readonly MarkdownBlock[];
}

/**
 * True for content built by `md.content` (from any copy of this library).
 * @example
 * ```ts
 * import { isMarkdownContent, md } from 'isomer-edge';
 *
 * isMarkdownContent(md.content(md.paragraph('hi'))); // true
 * isMarkdownContent('hi'); // false
 * ```
 */
export function isMarkdownContent(value: unknown): value is MarkdownContent {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[CONTENT_BRAND] === true &&
    Array.isArray((value as { blocks?: unknown }).blocks)
  );
}

const INLINE_TYPES: ReadonlySet<string> = new Set(['text', 'strong', 'emphasis', 'code', 'link', 'image', 'break']);
const BLOCK_TYPES: ReadonlySet<string> = new Set([
  'paragraph',
  'heading',
  'list',
  'blockquote',
  'table',
  'codeBlock',
  'rule',
]);

/** True for an inline node (by its `type`). */
export function isMarkdownInline(value: unknown): value is MarkdownInline {
  return typeof value === 'object' && value !== null && INLINE_TYPES.has((value as { type?: unknown }).type as string);
}

/** True for a block node (by its `type`). */
export function isMarkdownBlock(value: unknown): value is MarkdownBlock {
  return typeof value === 'object' && value !== null && BLOCK_TYPES.has((value as { type?: unknown }).type as string);
}

/** Brands finished blocks as content (frozen: content is shared between surfaces). */
export function brandContent(blocks: MarkdownBlock[]): MarkdownContent {
  return { [CONTENT_BRAND]: true, blocks: Object.freeze(blocks) } as MarkdownContent;
}

/** The blocks of content given as a container or an array. */
export function contentBlocks(content: MarkdownContent | readonly MarkdownBlock[]): readonly MarkdownBlock[] {
  if (isMarkdownContent(content)) return content.blocks;
  return Array.isArray(content) ? content : [];
}
