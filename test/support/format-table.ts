/**
 * The format table, generated from the format registry: docs/http.md holds it between
 * `<!-- formats -->` and `<!-- /formats -->`, and a test checks the two agree.
 */
import type { FormatEntry } from '../../src/core/formats.ts';

const FROM: Record<FormatEntry['from'], string> = {
  surface: 'each primitive’s own renderer',
  markdown: 'the Markdown content tree',
  snapshot: 'the snapshot markup, drawn in WASM',
};

export function formatTable(entries: readonly FormatEntry[]): string {
  const rows = entries.map((entry) =>
    [
      `\`${entry.name}\``,
      entry.host?.title ?? '',
      `\`${entry.mimeType}\``,
      FROM[entry.from],
      entry.picture ? 'yes' : '',
      entry.hosted ? 'yes' : '',
      entry.options.map((option) => `\`${option}\``).join(', '),
    ].join(' | '),
  );
  return [
    '| format | host | media type | drawn from | takes `?image=` | stored by `POST /images` | query options |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** The table a page (docs/http.md) holds between its markers, or `undefined` without them. */
export function readmeFormatTable(readme: string): string | undefined {
  return /<!-- formats -->\n([\s\S]*?)\n<!-- \/formats -->/.exec(readme)?.[1];
}
