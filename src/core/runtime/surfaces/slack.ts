/**
 * The Slack surface: a composition as one `chat.postMessage` payload of Block Kit blocks, fitted to
 * every Slack limit, with the text surface escaped as mrkdwn for its notification text. Picture
 * nodes can become `slack_file` image blocks, with the uploads they need listed on `assets`.
 */
import type { Composition } from '../../model/composition.ts';
import { createSlackAssetCollector } from '../../chat-hosts/slack/assets.ts';
import type { SlackMessage } from '../../chat-hosts/slack/blocks.ts';
import { fitSlackMessage } from '../../chat-hosts/slack/fit.ts';
import { escapeMrkdwn } from '../../chat-hosts/slack/mrkdwn.ts';
import type { ValidationErrorMode } from '../../model/validate.ts';
import type { Dispatcher } from '../dispatcher.ts';
import { checkForRender, singleNodeView, type SurfaceContext } from './context.ts';
import { renderTextEnvelope } from './text.ts';

export interface SlackRenderOptions {
  /** Title as a `header` block, subtitle as a `context` block. Default `true`. */
  heading?: boolean;
  /** The notification text, as mrkdwn the host wrote. Default: the text surface, escaped. */
  text?: string;
  /** Swap picture nodes for `slack_file` image blocks and list the uploads on `assets`. */
  collectAssets?: boolean;
  /** Ref prefix for collected assets (`asset-0`, …). */
  assetPrefix?: string;
  /** Default `throw`. */
  onValidationError?: ValidationErrorMode;
}

export interface SlackSurface {
  readonly validating: true;
  render(composition: unknown, options?: SlackRenderOptions): SlackMessage;
  renderNode(node: unknown, options?: Omit<SlackRenderOptions, 'heading'>): SlackMessage;
}

/** One `chat.postMessage` payload, fitted to every Slack limit. */
export function renderSlackEnvelope(
  composition: Composition,
  dispatcher: Dispatcher,
  options: SlackRenderOptions = {},
): SlackMessage {
  const heading = options.heading ?? true;
  const collector = options.collectAssets ? createSlackAssetCollector(options.assetPrefix) : undefined;
  const scope = dispatcher.createScope(collector ? { surface: 'slack', collector } : { surface: 'slack' });
  const nodes = composition.body.map((node) => scope.slack(node));
  // Slack parses the fallback text as mrkdwn in notifications: model text must not mention anyone.
  const text = options.text ?? escapeMrkdwn(renderTextEnvelope(composition, dispatcher, heading));
  return fitSlackMessage({
    ...(heading && composition.title ? { title: composition.title } : {}),
    ...(heading && composition.subtitle ? { subtitle: composition.subtitle } : {}),
    nodes,
    text,
    ...(collector ? { assets: collector.requests() } : {}),
  });
}

export function createSlackSurface(context: SurfaceContext): SlackSurface {
  return {
    validating: true,
    render(composition, options = {}) {
      const { composition: checked } = checkForRender(context, composition, options.onValidationError ?? 'throw');
      return renderSlackEnvelope(checked, context.dispatcher, options);
    },
    renderNode(node, options = {}) {
      const { composition: checked } = checkForRender(
        context,
        singleNodeView(node),
        options.onValidationError ?? 'throw',
      );
      return renderSlackEnvelope(checked, context.dispatcher, { ...options, heading: false });
    },
  };
}
