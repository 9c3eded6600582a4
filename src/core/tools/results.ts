/** Result shapes the tools return: the same shape as an MCP `CallToolResult`. */

export type IsomerToolContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'resource'; resource: { uri: string; mimeType: string; blob: string } };

export interface IsomerToolResult {
  content: IsomerToolContent[];
  /** Present (and `true`) only on a failed call. */
  isError?: boolean;
  /** Data for a host's app (`isomer_show`): MCP keeps it out of the model's context. */
  structuredContent?: Record<string, unknown>;
}

const CHUNK = 0x8000;

/** Base64 without Node's `Buffer`, in chunks so `fromCharCode` never sees too many arguments. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/**
 * `{ content: [{ type: 'text', text }] }`, with `isError: true` only when asked.
 * @example
 * ```ts
 * import { textResult } from 'isomer-edge';
 *
 * const done = textResult('Stored.');
 * const failed = textResult('The format is unknown.', true);
 * ```
 */
export function textResult(text: string, isError = false): IsomerToolResult {
  return isError ? { content: [{ type: 'text', text }], isError: true } : { content: [{ type: 'text', text }] };
}

/**
 * Indented JSON. A value JSON cannot hold prints `null`; a value `JSON.stringify` throws on (a
 * cycle, a BigInt) becomes a failed result carrying the thrown message.
 * @example
 * ```ts
 * import { jsonResult } from 'isomer-edge';
 *
 * const result = jsonResult({ valid: true, warnings: [] });
 * ```
 */
export function jsonResult(value: unknown, isError = false): IsomerToolResult {
  let text: string | undefined;
  try {
    text = JSON.stringify(value, null, 2);
  } catch (error) {
    return textResult(errorMessage(error), true);
  }
  return textResult(text ?? 'null', isError);
}

/**
 * An image block; the MIME type defaults to PNG.
 * @example
 * ```ts
 * import { imageResult } from 'isomer-edge';
 *
 * declare const png: Uint8Array;
 * const result = imageResult(png); // image/png
 * ```
 */
export function imageResult(bytes: Uint8Array, mimeType = 'image/png'): IsomerToolResult {
  return { content: [{ type: 'image', data: toBase64(bytes), mimeType }] };
}

/** The text block `isomer_render` and `isomer_show` add after the output when the layout check found something. */
export function layoutNote(findings: readonly string[]): string {
  return [
    'Layout warnings: the composition is valid and was rendered, but parts of it do not fit. ' +
      'Repair each one as it says, then render again:',
    ...findings.map((finding) => `- ${finding}`),
  ].join('\n');
}

const FALLBACK_MESSAGE = 'The tool failed with an error that could not be described.';

/** The message of anything thrown, never throwing itself (thrown non-Errors included). */
export function errorMessage(error: unknown): string {
  try {
    const message = (error as { message?: unknown } | null | undefined)?.message;
    if (typeof message === 'string') return message;
    return String(error);
  } catch {
    return FALLBACK_MESSAGE;
  }
}

/**
 * A host format's output as a block: images as image blocks (strings UTF-8 encoded first, so an SVG
 * reaches clients that show images), other strings as text, other bytes as an embedded resource.
 */
export function formatResult(name: string, mimeType: string, output: Uint8Array | string): IsomerToolResult {
  if (mimeType.startsWith('image/'))
    return imageResult(typeof output === 'string' ? new TextEncoder().encode(output) : output, mimeType);
  if (typeof output === 'string') return textResult(output);
  return {
    content: [
      {
        type: 'resource',
        resource: { uri: `isomer://render/${encodeURIComponent(name)}`, mimeType, blob: toBase64(output) },
      },
    ],
  };
}
