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

// Rich text: what `rich_text` blocks hold (the Markdown converter builds these).

export interface SlackTextStyle {
  bold?: true;
  italic?: true;
  code?: true;
}

export interface SlackRichTextText {
  type: 'text';
  text: string;
  style?: SlackTextStyle;
}

export interface SlackRichTextLink {
  type: 'link';
  url: string;
  text?: string;
  style?: SlackTextStyle;
}

export type SlackRichTextInline = SlackRichTextText | SlackRichTextLink;

export interface SlackRichTextSection {
  type: 'rich_text_section';
  elements: SlackRichTextInline[];
}

export interface SlackRichTextList {
  type: 'rich_text_list';
  style: 'bullet' | 'ordered';
  indent: number;
  /** Ordered lists only: the first item is numbered `offset + 1`. */
  offset?: number;
  elements: SlackRichTextSection[];
}

export interface SlackRichTextQuote {
  type: 'rich_text_quote';
  elements: SlackRichTextInline[];
}

export interface SlackRichTextPreformatted {
  type: 'rich_text_preformatted';
  elements: SlackRichTextText[];
}

export type SlackRichTextElement =
  | SlackRichTextSection
  | SlackRichTextList
  | SlackRichTextQuote
  | SlackRichTextPreformatted;
