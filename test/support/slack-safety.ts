/**
 * Where Slack parses mention and link syntax: the fallback `text` and every `mrkdwn` text object.
 * `plain_text` and rich-text `text` elements are literal, so model text may appear there verbatim.
 * Returns the parsed strings that still hold a raw `<!…>`, `<@…>`, `<#…>` or `<http…>`.
 */
export function unescapedSlackSyntax(message: unknown): string[] {
  const found: string[] = [];
  const RAW = /<[!@#]|<https?:/i;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (record.type === 'mrkdwn' && typeof record.text === 'string' && RAW.test(record.text)) found.push(record.text);
    for (const child of Object.values(record)) visit(child);
  };
  const top = (message as { text?: unknown } | null)?.text;
  if (typeof top === 'string' && RAW.test(top)) found.push(top);
  visit((message as { blocks?: unknown } | null)?.blocks);
  return found;
}
