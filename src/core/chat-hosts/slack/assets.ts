/**
 * Picture uploads. Slack cannot fetch model-supplied URLs we have not vetted, so picture renderers
 * emit `slack_file: { ref }` placeholders and ask the host to upload the asset; the host later swaps
 * each ref for the uploaded file id.
 */
import type { SlackAssetRequest } from './blocks.ts';
import { clampText } from '../../text/clamp.ts';
import { SLACK_LIMITS } from './limits.ts';

/** Hands out refs while one message renders and remembers what each ref must be uploaded from. */
export interface SlackAssetCollector {
  /** Records an upload for `node` and returns its ref (`<prefix>-0`, `<prefix>-1`, …). */
  allocate(node: unknown, altText: string): string;
  /** Every request allocated so far, in allocation order (a fresh array each call). */
  requests(): SlackAssetRequest[];
}

/**
 * A collector whose refs are `<prefix>-<n>`, counting from 0; alt text is clamped to Slack's
 * image alt limit so the host can pass it straight to the upload.
 * @example createSlackAssetCollector('img').allocate(node, 'A chart') // 'img-0'
 */
export function createSlackAssetCollector(prefix = 'asset'): SlackAssetCollector {
  const allocated: SlackAssetRequest[] = [];
  return {
    allocate(node, altText) {
      const ref = `${prefix}-${allocated.length}`;
      allocated.push({ ref, node, altText: clampText(altText, SLACK_LIMITS.imageAltTextChars) });
      return ref;
    },
    requests() {
      return allocated.map((request) => ({ ...request }));
    },
  };
}
