/**
 * The text surface: plain text, the title uppercased, then the subtitle and each node's text,
 * separated by blank lines. The Slack surface uses it for a message's notification text.
 */
import type { Composition } from '../../model/composition.ts';
import type { ValidationErrorMode } from '../../model/validate.ts';
import type { Dispatcher } from '../dispatcher.ts';
import { checkForRender, onlyNode, singleNodeView, type SurfaceContext } from './context.ts';

export interface TextRenderOptions {
  /** Draw the title (uppercased) and subtitle. Default `true`. */
  heading?: boolean;
  /** Default `throw`. */
  onValidationError?: ValidationErrorMode;
}

export interface TextSurface {
  readonly validating: true;
  render(composition: unknown, options?: TextRenderOptions): string;
  renderNode(node: unknown, options?: Omit<TextRenderOptions, 'heading'>): string;
}

/** `TITLE`, subtitle, then each node's text, empty pieces dropped, joined by a blank line. */
export function renderTextEnvelope(composition: Composition, dispatcher: Dispatcher, heading = true): string {
  const scope = dispatcher.createScope({ surface: 'text' });
  const pieces = heading ? [composition.title?.toUpperCase(), composition.subtitle] : [];
  for (const node of composition.body) pieces.push(scope.text(node));
  return pieces.filter((piece) => piece !== undefined && piece !== '').join('\n\n');
}

export function createTextSurface(context: SurfaceContext): TextSurface {
  return {
    validating: true,
    render(composition, options = {}) {
      const { composition: checked } = checkForRender(context, composition, options.onValidationError ?? 'throw');
      return renderTextEnvelope(checked, context.dispatcher, options.heading ?? true);
    },
    renderNode(node, options = {}) {
      const { composition: checked } = checkForRender(
        context,
        singleNodeView(node),
        options.onValidationError ?? 'throw',
      );
      const only = onlyNode(checked);
      return only ? context.dispatcher.createScope({ surface: 'text' }).text(only) : '';
    },
  };
}
