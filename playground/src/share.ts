/**
 * The playground's state in the URL fragment: JSON, raw-deflated by the browser's own
 * CompressionStream, as base64url. A link reproduces the state; nothing is stored on the server,
 * and the fragment never reaches it.
 */

export interface SharedState {
  /** The editor's text, as typed (it may be invalid). */
  text: string;
  /** Render theme: auto, light or dark. */
  theme?: string;
  /** The surface tab in view. */
  tab?: string;
}

const PREFIX = '#s=';
/** A fragment longer than this is not read (browsers accept ~2 MB URLs; nothing legitimate is near it). */
const MAX_FRAGMENT = 1_500_000;

/** The most a fragment may inflate to: a little over the Worker's 1,000,000-character input budget. */
const MAX_INFLATED = 4 * 1024 * 1024;

/** Runs bytes through a (de)compression stream, giving up past `MAX_INFLATED` (a deflate bomb). */
async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(stream).getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > MAX_INFLATED) {
      await reader.cancel();
      throw new RangeError('too large');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export async function encodeState(state: SharedState): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  return PREFIX + toBase64Url(await pipe(bytes, new CompressionStream('deflate-raw')));
}

/** The state in a fragment, or undefined when there is none or it does not decode. */
export async function decodeState(hash: string): Promise<SharedState | undefined> {
  if (!hash.startsWith(PREFIX) || hash.length > MAX_FRAGMENT) return undefined;
  try {
    const bytes = await pipe(fromBase64Url(hash.slice(PREFIX.length)), new DecompressionStream('deflate-raw'));
    const value = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    if (typeof value !== 'object' || value === null || typeof (value as SharedState).text !== 'string')
      return undefined;
    const { text, theme, tab } = value as Record<string, unknown>;
    return {
      text: text as string,
      ...(typeof theme === 'string' ? { theme } : {}),
      ...(typeof tab === 'string' ? { tab } : {}),
    };
  } catch {
    return undefined;
  }
}
