/**
 * The Markdown surface: GFM, the title as a heading and the subtitle in italics, then each node's
 * Markdown content tree, serialized and escaped where it lands. It throws on an invalid composition
 * unless asked to collect.
 */
import type { Composition } from '../../model/composition.ts';
import { md } from '../../markdown/builder.ts';
import type { MarkdownBlock } from '../../markdown/tree.ts';
import { serializeMarkdown } from '../../markdown/serialize.ts';
import type { ValidationErrorMode } from '../../model/validate.ts';
import type { Dispatcher } from '../dispatcher.ts';
import { checkForRender, onlyNode, singleNodeView, type SurfaceContext } from './context.ts';

export interface MarkdownRenderOptions {
  /** Draw the title as `#` and the subtitle in italics. Default `true`. */
  heading?: boolean;
  /** Default `throw`. */
  onValidationError?: ValidationErrorMode;
}

export interface MarkdownSurface {
  readonly validating: true;
  render(composition: unknown, options?: MarkdownRenderOptions): string;
  renderNode(node: unknown, options?: Omit<MarkdownRenderOptions, 'heading'>): string;
}

/** GFM: `# title`, `_subtitle_`, then every non-empty node, each escaped where it lands. */
export function renderMarkdownEnvelope(composition: Composition, dispatcher: Dispatcher, heading = true): string {
  const scope = dispatcher.createScope({ surface: 'markdown' });
  const blocks: MarkdownBlock[] = [];
  if (heading && composition.title) blocks.push(md.heading(1, composition.title));
  if (heading && composition.subtitle) blocks.push(md.paragraph(md.emphasis(composition.subtitle)));
  for (const node of composition.body) blocks.push(...scope.markdown(node).blocks);
  return serializeMarkdown(blocks);
}

export function createMarkdownSurface(context: SurfaceContext): MarkdownSurface {
  return {
    validating: true,
    render(composition, options = {}) {
      const { composition: checked } = checkForRender(context, composition, options.onValidationError ?? 'throw');
      return renderMarkdownEnvelope(checked, context.dispatcher, options.heading ?? true);
    },
    renderNode(node, options = {}) {
      const { composition: checked } = checkForRender(
        context,
        singleNodeView(node),
        options.onValidationError ?? 'throw',
      );
      const only = onlyNode(checked);
      return only ? serializeMarkdown(context.dispatcher.createScope({ surface: 'markdown' }).markdown(only)) : '';
    },
  };
}
