/**
 * Markdown inline nodes as Slack rich text inline elements (styles, checked links, images as links
 * or alt text), and the plain text of inline runs and tables where Slack shows no marks.
 */
import type { SlackRichTextInline, SlackRichTextLink, SlackRichTextText, SlackTextStyle } from './blocks.ts';
import { breakRefusedUrls, labelMisleads, linkTarget } from '../link-target.ts';
import { slackLinkUrl } from './link-url.ts';
import { sanitizeNavigationHref } from '../../model/url.ts';
import type { MarkdownBlock, MarkdownInline, MarkdownTable } from '../../markdown/tree.ts';

function styled(style: SlackTextStyle): SlackTextStyle | undefined {
  return style.bold || style.italic || style.code ? { ...style } : undefined;
}

export function textElement(text: string, style: SlackTextStyle): SlackRichTextText {
  const element: SlackRichTextText = { type: 'text', text };
  const applied = styled(style);
  if (applied) element.style = applied;
  return element;
}

function collectInline(nodes: readonly MarkdownInline[], style: SlackTextStyle, out: SlackRichTextInline[]): void {
  for (const node of nodes) {
    if (typeof node !== 'object' || node === null) continue;
    switch (node.type) {
      case 'text':
        out.push(textElement(flatText(node.value), style));
        break;
      case 'strong':
        collectInline(node.children ?? [], { ...style, bold: true }, out);
        break;
      case 'emphasis':
        collectInline(node.children ?? [], { ...style, italic: true }, out);
        break;
      case 'code':
        out.push(textElement(flatText(node.value), { ...style, code: true }));
        break;
      case 'break':
        out.push(textElement('\n', style));
        break;
      case 'link': {
        const url = slackLinkUrl(node.href);
        if (url === null) {
          // A refused but allowed address still reads as text, as the Markdown serializer prints it.
          const shown = inlinePlain(node.children ?? [], true).trim() === '' ? sanitizeNavigationHref(node.href) : null;
          if (shown) out.push(textElement(flatText(shown), style));
          else collectInline(node.children ?? [], style, out);
          break;
        }
        const link: SlackRichTextLink = { type: 'link', url };
        const label = inlinePlain(node.children ?? [], true)
          .replace(/\n/g, ' ')
          .trim();
        const applied = styled(style);
        if (applied) link.style = applied;
        if (label !== '' && labelMisleads(label, linkTarget(url)!)) {
          // A label naming another host is text, followed by where the link really goes.
          collectInline(node.children ?? [], style, out);
          out.push(textElement(' (', style), link, textElement(')', style));
          break;
        }
        if (label !== '') link.text = label;
        out.push(link);
        break;
      }
      case 'image': {
        const alt = flatText(node.alt).trim();
        // Images link only to an absolute https source.
        const url = slackLinkUrl(node.src, 'image');
        if (url === null) {
          if (alt !== '') out.push(textElement(alt, style));
          break;
        }
        const link: SlackRichTextLink = { type: 'link', url };
        if (alt !== '') link.text = alt;
        const applied = styled(style);
        if (applied) link.style = applied;
        out.push(link);
        break;
      }
      default:
        break;
    }
  }
}

function sameStyle(a: SlackTextStyle | undefined, b: SlackTextStyle | undefined): boolean {
  return !!a?.bold === !!b?.bold && !!a?.italic === !!b?.italic && !!a?.code === !!b?.code;
}

/** Merges neighbouring text runs of one style and drops empty ones (Slack rejects empty text). */
export function tidy(elements: readonly SlackRichTextInline[]): SlackRichTextInline[] {
  const out: SlackRichTextInline[] = [];
  for (const element of elements) {
    if (element.type === 'text' && element.text === '') continue;
    const last = out[out.length - 1];
    if (element.type === 'text' && last?.type === 'text' && sameStyle(last.style, element.style)) {
      out[out.length - 1] = { ...last, text: last.text + element.text };
      continue;
    }
    out.push(element);
  }
  return out;
}

/** True when elements would show nothing: Slack rejects sections without visible content. */
export function isBlank(elements: readonly SlackRichTextInline[]): boolean {
  return elements.every((element) => element.type === 'text' && element.text.trim() === '');
}

/** Trims a section's edges: stray breaks and spaces at either end are invisible noise. */
function trimEdges(elements: SlackRichTextInline[]): SlackRichTextInline[] {
  const out = tidy(elements);
  const first = out[0];
  if (first?.type === 'text') out[0] = { ...first, text: first.text.replace(/^\s+/, '') };
  const last = out[out.length - 1];
  if (last?.type === 'text') out[out.length - 1] = { ...last, text: last.text.replace(/\s+$/, '') };
  return tidy(out);
}

/** The inline elements of a paragraph-like block (a heading is bold). */
export function blockInline(block: MarkdownBlock): SlackRichTextInline[] {
  const out: SlackRichTextInline[] = [];
  if (block.type === 'paragraph') collectInline(block.children ?? [], {}, out);
  else if (block.type === 'heading') collectInline(block.children ?? [], { bold: true }, out);
  return trimEdges(out);
}

/** Model text on one line, refused URLs in it inert (Slack autolinks URLs in text). */
function flatText(value: unknown): string {
  return breakRefusedUrls(String(value ?? '').replace(/\r\n?|\n/g, ' '));
}

function inlinePlain(nodes: readonly MarkdownInline[], inLink = false): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node !== 'object' || node === null) continue;
    switch (node.type) {
      case 'text':
      case 'code':
        out += flatText(node.value);
        break;
      case 'strong':
      case 'emphasis':
        out += inlinePlain(node.children ?? [], inLink);
        break;
      case 'break':
        out += '\n';
        break;
      case 'link': {
        const label = inlinePlain(node.children ?? [], true);
        // A label-less link reads as its address, as the Markdown serializer prints it.
        out += label.trim() === '' && !inLink ? (sanitizeNavigationHref(node.href) ?? '') : label;
        break;
      }
      case 'image':
        out += flatText(node.alt);
        break;
      default:
        break;
    }
  }
  return out;
}

export function cellPlain(cell: readonly MarkdownInline[] | undefined): string {
  return inlinePlain(cell ?? [])
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

export function tablePlain(table: MarkdownTable): string {
  const lines: string[] = [];
  for (const row of [table.header ?? [], ...(table.rows ?? [])]) {
    const cells = row.map((cell) => cellPlain(cell));
    if (cells.some((cell) => cell !== '')) lines.push(cells.join(' · '));
  }
  return lines.join('\n');
}
