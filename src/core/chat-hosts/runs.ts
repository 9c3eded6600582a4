/**
 * Inline content as styled runs: each piece of a line with its bold, italic and code style and its
 * checked link target, the form every chat converter writes from (Markdown dialects, card text,
 * HTML). Here too are the tidying, trimming and line-splitting of runs, and runs as HTML for the
 * hosts that read an HTML subset (Telegram, Google Chat).
 */
import type { MarkdownInline, MarkdownLink } from '../markdown/tree.ts';
import { sanitizeNavigationHref } from '../model/url.ts';
import { breakRefusedUrls, labelMisleads, linkTarget } from './link-target.ts';
import { chatImageUrl, encodeUrl } from './links.ts';

export interface RunStyle {
  bold?: true;
  italic?: true;
  code?: true;
}

/** A piece of one line of text in one style; `href` is a checked, encoded URL when it is a link. */
export interface ChatRun {
  text: string;
  style: RunStyle;
  href?: string;
}

function sameRun(a: ChatRun, b: ChatRun): boolean {
  return (
    a.href === b.href &&
    !!a.style.bold === !!b.style.bold &&
    !!a.style.italic === !!b.style.italic &&
    !!a.style.code === !!b.style.code
  );
}

function flat(value: unknown): string {
  return String(value ?? '').replace(/\r\n?|\n/g, ' ');
}

function collect(nodes: readonly MarkdownInline[], style: RunStyle, href: string | undefined, out: ChatRun[]): void {
  const push = (text: string, runStyle: RunStyle): void => {
    out.push(href === undefined ? { text, style: runStyle } : { text, style: runStyle, href });
  };
  for (const node of nodes) {
    if (typeof node !== 'object' || node === null) continue;
    switch (node.type) {
      case 'text':
        push(breakRefusedUrls(flat(node.value)), style);
        break;
      case 'code':
        push(breakRefusedUrls(flat(node.value)), { ...style, code: true });
        break;
      case 'strong':
        collect(node.children ?? [], { ...style, bold: true }, href, out);
        break;
      case 'emphasis':
        collect(node.children ?? [], { ...style, italic: true }, href, out);
        break;
      case 'break':
        push('\n', style);
        break;
      case 'link':
        collectLink(node, style, href, out);
        break;
      case 'image': {
        const alt = flat(node.alt).trim();
        const url = href ?? chatImageUrl(node.src) ?? undefined;
        if (url !== undefined) out.push({ text: alt || 'image', style, href: url });
        else if (alt !== '') push(alt, style);
        break;
      }
      default:
        break;
    }
  }
}

/**
 * A link's runs. A link inside a link keeps the outer target; a refused target leaves its label as
 * text; a label naming a host the target is not on is shown as text followed by the real target
 * (`label (https://target/…)`), so no label can pass for where a link goes.
 */
function collectLink(node: MarkdownLink, style: RunStyle, href: string | undefined, out: ChatRun[]): void {
  const target = href === undefined ? linkTarget(node.href) : null;
  const url = href ?? (target === null ? undefined : encodeUrl(target.href));
  const before = out.length;
  collect(node.children ?? [], style, url, out);
  const label = out
    .slice(before)
    .map((run) => run.text)
    .join('');
  if (label.trim() === '') {
    out.length = before;
    if (href !== undefined) return;
    // A label-less link reads as its address: the checked one (host in ASCII) when it may link.
    if (target !== null) out.push({ text: target.href, style, href: url! });
    else {
      const shown = sanitizeNavigationHref(node.href);
      if (shown !== null) out.push({ text: breakRefusedUrls(flat(shown)), style });
    }
    return;
  }
  if (target === null || !labelMisleads(label, target)) return;
  for (let index = before; index < out.length; index++) {
    const { href: _linked, ...run } = out[index]!;
    out[index] = run;
  }
  out.push({ text: ' (', style }, { text: target.href, style, href: url! }, { text: ')', style });
}

/** Joins neighbours of one style and target; drops empty runs. */
export function tidyRuns(runs: readonly ChatRun[]): ChatRun[] {
  const out: ChatRun[] = [];
  for (const run of runs) {
    if (run.text === '') continue;
    const last = out[out.length - 1];
    if (last && sameRun(last, run)) out[out.length - 1] = { ...last, text: last.text + run.text };
    else out.push(run);
  }
  return out;
}

/** Trims whitespace at both ends of a run list (stray breaks included). */
export function trimRuns(runs: readonly ChatRun[]): ChatRun[] {
  const out = tidyRuns(runs);
  while (out.length > 0 && out[0]!.text.trim() === '' && out[0]!.href === undefined) out.shift();
  while (out.length > 0 && out[out.length - 1]!.text.trim() === '' && out[out.length - 1]!.href === undefined)
    out.pop();
  if (out.length === 0) return out;
  out[0] = { ...out[0]!, text: out[0]!.text.replace(/^\s+/, '') };
  const last = out.length - 1;
  out[last] = { ...out[last]!, text: out[last]!.text.replace(/\s+$/, '') };
  return tidyRuns(out);
}

/**
 * Inline content as styled runs: strong and emphasis become styles, a break a `\n` run, a link
 * its label with `href` set when the URL policy allows it (else the label alone), an image a link
 * to its https source or its alt text. Trimmed at both ends.
 * @example inlineRuns([md.strong('Hi'), ' there'])
 * // [{ text: 'Hi', style: { bold: true } }, { text: ' there', style: {} }]
 */
export function inlineRuns(nodes: readonly MarkdownInline[], style: RunStyle = {}): ChatRun[] {
  const out: ChatRun[] = [];
  collect(nodes, style, undefined, out);
  return trimRuns(out);
}

/** The text of runs, without styles or links. */
export function runsText(runs: readonly ChatRun[]): string {
  return runs.map((run) => run.text).join('');
}

/** Runs cut at their `\n` runs into lines (each line trimmed at its end). */
export function splitRunLines(runs: readonly ChatRun[]): ChatRun[][] {
  const lines: ChatRun[][] = [[]];
  for (const run of runs) {
    const parts = run.text.split('\n');
    parts.forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part !== '') lines[lines.length - 1]!.push({ ...run, text: part });
    });
  }
  return lines.map((line) => tidyRuns(line)).filter((line) => runsText(line).trim() !== '');
}

/**
 * Runs as HTML, each drawn by `style`; consecutive runs with the same target become one
 * `<a href>`, when `linkOf` lets that target link (else they stay text).
 */
export function runsToHtml(
  runs: readonly ChatRun[],
  style: (run: ChatRun) => string,
  escapeAttribute: (text: string) => string,
  linkOf: (href: string | undefined) => string | undefined = (href) => href,
): string {
  let out = '';
  for (let index = 0; index < runs.length; ) {
    const run = runs[index]!;
    const href = linkOf(run.href);
    if (href === undefined) {
      out += style(run);
      index++;
      continue;
    }
    let label = '';
    while (index < runs.length && runs[index]!.href === run.href) label += style(runs[index++]!);
    out += `<a href="${escapeAttribute(href)}">${label}</a>`;
  }
  return out;
}
