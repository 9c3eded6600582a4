/**
 * The document every chat converter reads: a composition's heading and its body as one content
 * tree, made well-formed once here for every host, and the note that stands in for blocks a host's
 * limit left out. Converters start from `chatDocument`, so no host repairs its input on its own.
 */
import { cloneData } from '../text/well-formed.ts';
import { contentBlocks, isMarkdownBlock, type MarkdownBlock, type MarkdownContent } from '../markdown/tree.ts';
import { breakRefusedUrls } from './link-target.ts';

/** What every chat converter takes: a composition's heading and its body as one content tree. */
export interface ChatDocument {
  title?: string;
  subtitle?: string;
  blocks: readonly MarkdownBlock[];
}

export interface ChatHeading {
  title?: string;
  subtitle?: string;
}

/**
 * Content plus an optional heading, as a {@link ChatDocument}. Every chat converter reads its
 * input through here, so this is the one place where half a surrogate pair becomes U+FFFD for all
 * hosts: it has no UTF-8 form, and Telegram refuses a message holding one.
 */
export function chatDocument(
  content: MarkdownContent | readonly MarkdownBlock[],
  heading: ChatHeading = {},
): ChatDocument {
  return cloneData(documentAsGiven(content, heading), new Map()) as ChatDocument;
}

/** Content plus an optional heading, as a {@link ChatDocument}. */
function documentAsGiven(content: MarkdownContent | readonly MarkdownBlock[], heading: ChatHeading = {}): ChatDocument {
  const document: ChatDocument = { blocks: contentBlocks(content).filter((block) => isMarkdownBlock(block)) };
  if (heading.title?.trim()) document.title = breakRefusedUrls(heading.title.trim());
  if (heading.subtitle?.trim()) document.subtitle = breakRefusedUrls(heading.subtitle.trim());
  return document;
}

/** The note that replaces what a host limit cut, so a reader knows something is missing. */
export function omittedNote(count: number, limit: string): string {
  return `${count} more ${count === 1 ? 'block was' : 'blocks were'} left out to fit ${limit}.`;
}
