/**
 * What the playground's copy buttons put on the clipboard: the MCP client configuration for this
 * Worker and a curl command for the surface in view, and the copy itself (a text box to select
 * when the clipboard is out of reach).
 */
import { tokensRequired } from './api.ts';
import { byId } from './dom.ts';
import { isBinary, isPicture } from './media.ts';
import { deckSlide, formatReads, servedFormat } from './surfaces.ts';

/** The `mcpServers` entry a client needs for this Worker, with a token placeholder when tokens are on. */
export function mcpConfig(): string {
  const server: Record<string, unknown> = { type: 'http', url: `${location.origin}/mcp` };
  if (tokensRequired()) server.headers = { Authorization: 'Bearer <your token>' };
  return JSON.stringify({ mcpServers: { isomer: server } }, null, 2);
}

/** A word as a shell reads it: bare when it is plain, else single-quoted. */
const shellWord = (word: string): string => (/^[\w.-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/**
 * A curl command for `format`, the composition `body` in a quoted here-document; `theme` unless
 * `auto`; for a deck's picture, the slide in view (`slide`, which the route asks of a deck's picture).
 */
export function curlCommand(format: string, body: string, theme: string): string {
  const query = new URLSearchParams();
  if (theme !== 'auto' && formatReads(format, 'theme')) query.set('theme', theme);
  const served = servedFormat(format);
  const slide = deckSlide();
  if (slide !== undefined && served && isPicture(served.mimeType)) query.set('slide', String(slide));
  // A format given in code may have any name: the path segment is encoded, a quote included.
  const segment = encodeURIComponent(format).replaceAll("'", '%27');
  const url = `${location.origin}/render/${segment}${query.size ? `?${query}` : ''}`;
  const lines = [`curl '${url}' \\`];
  if (tokensRequired()) lines.push(`  -H "authorization: Bearer $ISOMER_TOKEN" \\`);
  lines.push(`  -H 'content-type: application/json' \\`);
  // Bytes go to a file, not the terminal; text and JSON are printed.
  if (served && isBinary(served.mimeType)) lines.push(`  -o ${shellWord(`composition.${format}`)} \\`);
  let fence = 'COMPOSITION';
  while (body.split('\n').includes(fence)) fence += '_';
  lines.push(`  --data-binary @- <<'${fence}'`, body, fence);
  return lines.join('\n');
}

/** Puts `text` on the clipboard, or in the box below the buttons, selected, when that fails. */
export async function copyText(label: string, text: string, say: (message: string) => void): Promise<void> {
  const output = byId<HTMLTextAreaElement>('copied');
  output.value = text;
  try {
    await navigator.clipboard.writeText(text);
    say(`Copied the ${label}.`);
  } catch {
    // No clipboard permission: the text is in the box below, selected for a manual copy.
    output.hidden = false;
    output.select();
    say(`Could not reach the clipboard; the ${label} is selected below.`);
  }
}
