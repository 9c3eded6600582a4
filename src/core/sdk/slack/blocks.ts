/**
 * Block Kit shapes, typed loosely on purpose: renderers may emit any block Slack accepts, and the
 * fitting pipeline only needs to find the text fields Slack limits.
 */
export interface SlackText {
  type: 'plain_text' | 'mrkdwn';
  text: string;
  emoji?: boolean;
}

export interface SlackBlock {
  type: string;
  [field: string]: unknown;
}

/** What a host uploads for a picture node, then swaps the `slack_file.ref` for the uploaded file id. */
export interface SlackAssetRequest {
  ref: string;
  node: unknown;
  altText: string;
}

/** The payload of one `chat.postMessage`. */
export interface SlackMessage {
  text: string;
  blocks: SlackBlock[];
  assets: SlackAssetRequest[];
}
