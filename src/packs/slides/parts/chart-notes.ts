/**
 * Notes on a chart's points: the note's schema, a numbered badge standing over the point, the key
 * under the chart that gives each number its words, and how the text surfaces print the notes.
 */
import * as z from 'zod';
import { html, type Markup } from '../../../core/model/markup.ts';
import { md } from '../../../core/markdown/builder.ts';
import type { MarkdownBlock } from '../../../core/markdown/tree.ts';
import { lineText } from '../fields.ts';
import { color, font } from '../style.ts';
import { glyphs, space } from '../theme.ts';

/** At most three notes; a badge's size, its lift over the point, the gap between key rows. */
export const CHART_NOTES = { max: 3, badge: space.px40, lift: space.px12, gap: space.px12 } as const;
/** Room a noted plot keeps above its highest tick, so a badge over the top point stays inside. */
export const NOTE_HEADROOM = CHART_NOTES.badge + CHART_NOTES.lift;

export const chartNote = z
  .strictObject({
    at: z
      .number()
      .int()
      .min(0)
      .describe('Index (from 0) of the category the note is about; less than the number of categories.'),
    text: lineText('What explains that point, as the user said it (e.g. "Load-test cluster").'),
  })
  .describe('A note on one category: a numbered badge over its highest value, the words under the chart.');

export type ChartNote = z.output<typeof chartNote>;

/** The refusal of an index past the categories (a note's `at`, the chart's `highlight`). */
export const categoryIndexMessage = (count: number) => `must be a category index below ${count}`;

/** Notes that name no category, or one another note already names: each note's index and why. */
export function noteProblems(notes: readonly ChartNote[], count: number): { index: number; message: string }[] {
  const noted = new Set<number>();
  const problems: { index: number; message: string }[] = [];
  notes.forEach((entry, index) => {
    if (entry.at >= count) problems.push({ index, message: categoryIndexMessage(count) });
    else if (noted.has(entry.at))
      problems.push({ index, message: 'must name a category no other note names: put both points in one note' });
    noted.add(entry.at);
  });
  return problems;
}

/** The badge of note `index` at a point given as percentages of the plot (from the left, from the top). */
export function noteBadge(cls: string, index: number, left: number, top: number): Markup {
  return html`<div class="${cls}-badge" style="left:${left.toFixed(3)}%;top:${top.toFixed(3)}%">${String(index + 1)}</div>`;
}

/** The key under the chart: each badge again, the category it sits on, and the note's words. */
export function notesKey(cls: string, notes: readonly ChartNote[], categories: readonly string[]): Markup {
  return html`<div class="${cls}-notes">${notes.map(
    (entry, i) =>
      html`<div class="${cls}-note"><div class="${cls}-badge ${cls}-badge-key">${String(i + 1)}</div><div class="${cls}-note-text"><span class="${cls}-note-at">${categories[entry.at] ?? ''}</span> ${entry.text}</div></div>`,
  )}</div>`;
}

/** `(1) Jul · The load-test cluster`, one line a note, under the text table. */
export function notesText(notes: readonly ChartNote[], categories: readonly string[]): string[] {
  return notes.map((entry, i) => `(${i + 1}) ${categories[entry.at] ?? ''} ${glyphs.separator} ${entry.text}`);
}

/** An ordered list under the Markdown table, numbered as the badges are. */
export function notesMarkdown(notes: readonly ChartNote[], categories: readonly string[]): MarkdownBlock {
  return md.list(
    notes.map((entry) => md.paragraph(md.strong(categories[entry.at] ?? ''), ` ${glyphs.separator} ${entry.text}`)),
    { ordered: true },
  );
}

/** Badge and key rules under the chart's class prefix `cls`. */
export function chartNotesCss(cls: string): string {
  const { badge, lift, gap } = CHART_NOTES;
  return [
    // A badge stands over its point, lifted clear of the dot or the column's top; a noted plot
    // keeps NOTE_HEADROOM above its highest tick for it (the chart's own rules).
    `.${cls}-badge{position:absolute;display:flex;align-items:center;justify-content:center;` +
      `width:${badge}px;height:${badge}px;border-radius:50%;transform:translate(-50%,-${badge + lift}px);` +
      `background:${color('accent')};color:${color('bgPage')};${font('body')};font-weight:800;line-height:1}`,
    `.${cls}-badge.${cls}-badge-key{position:static;transform:none;flex:0 0 auto}`,
    `.${cls}-notes{display:flex;flex-direction:column;gap:${gap}px}`,
    `.${cls}-note{display:flex;align-items:center;gap:${space.px16}px;min-width:0}`,
    `.${cls}-note-text{min-width:0;${font('body')};color:${color('textSoft')}}`,
    `.${cls}-note-at{font-weight:700;color:${color('text')}}`,
  ].join('');
}
