/**
 * `isomer_show`: the same check as `isomer_render`, then the checked copy drawn as Markdown for the
 * model's `content` and as the HTML surface's document for the MCP App at `ui://isomer/show`, which
 * the tool's `_meta` points MCP hosts to. An invalid composition returns its errors; the tool never
 * rejects.
 */
import * as z from 'zod';
import { RENDER_THEMES, type RenderTheme } from '../model/composition.ts';
import { MAX_DECK_SLIDES } from '../model/deck.ts';
import type { IsomerCompositionCheck } from './check.ts';
import { exactlyOneForm, type IsomerDeckCheck, ONE_FORM_MESSAGE, toolSlides } from './deck.ts';
import { ISOMER_SHOW_APP_URI, ISOMER_SHOW_TOOL } from './names.ts';
import type { CompositionRenderer } from './render.ts';
import { errorMessage, layoutNote, textResult, type IsomerToolResult } from './results.ts';

/**
 * What the app at `ui://isomer/show` reads from an `isomer_show` result (`structuredContent`, which
 * hosts keep out of the model's context). The model reads `content`: the Markdown, or the errors.
 */
export interface IsomerShowContent {
  valid: boolean;
  /** The composition's title (or aria label), for the app's frame and download names. */
  title: string;
  /** The theme the slide was drawn in; `auto` means the app follows the host's. */
  theme: RenderTheme;
  /** The HTML surface's document (inert: no script, no handler, checked URLs); only when valid. For a deck, the first slide's. */
  html?: string;
  /** A deck's slides in order, each its title and its HTML document; only for a valid deck. */
  slides?: { title: string; html: string }[];
  /** Each finding with its path, as the app lists them. */
  errors: { path: string; message: string; text: string }[];
  /** Surface and layout warnings, one line each. */
  warnings: string[];
}

/**
 * `_meta` of the tool: `ui.resourceUri` (MCP Apps 2026-01-26) and the flat `ui/resourceUri` key that
 * hosts built before it still read. Hosts without MCP Apps ignore `_meta` and show `content`.
 */
export const ISOMER_SHOW_TOOL_META = {
  ui: { resourceUri: ISOMER_SHOW_APP_URI },
  'ui/resourceUri': ISOMER_SHOW_APP_URI,
} as const;

export const SHOW_DESCRIPTION =
  'Shows a valid composition (or a deck: compositions) to the person you are talking with: hosts with MCP ' +
  'Apps draw the slide in the conversation (a deck one slide at a time, with PNG and PDF downloads); every host ' +
  'gets its Markdown. Call it once the ' +
  'composition validates, instead of isomer_render, when the goal is for a person to see it. ' +
  'An invalid composition returns its errors instead: repair them and call again.';

const showInput = z
  .object({
    composition: z
      .looseObject({})
      .optional()
      .describe('A composition that isomer_validate accepts: {"type":"view","body":[…]}.'),
    compositions: z
      .array(z.looseObject({}))
      .min(1)
      .max(MAX_DECK_SLIDES)
      .optional()
      .describe(`A deck: 1–${MAX_DECK_SLIDES} compositions, shown a slide at a time; in place of composition.`),
    theme: z
      .enum(RENDER_THEMES)
      .optional()
      .describe('Colour scheme; defaults to the composition’s own, else the host’s.'),
  })
  .superRefine(exactlyOneForm);

export interface IsomerShowTool {
  name: typeof ISOMER_SHOW_TOOL;
  title: string;
  description: string;
  inputSchema: typeof showInput;
  _meta: typeof ISOMER_SHOW_TOOL_META;
  handler(input: z.output<typeof showInput>): Promise<IsomerToolResult>;
}

/** The failed result: the errors for the model, and each with its path for the app. */
function invalid(
  check: Pick<IsomerCompositionCheck, 'findings' | 'errors' | 'warnings'>,
  theme: RenderTheme | undefined,
): IsomerToolResult {
  const content: IsomerShowContent = {
    valid: false,
    title: 'Invalid composition',
    theme: theme ?? 'auto',
    errors: check.findings.map((finding, i) => ({
      path: finding.path,
      message: finding.message,
      text: check.errors[i]!,
    })),
    warnings: check.warnings,
  };
  const result = textResult(JSON.stringify({ valid: false, errors: check.errors }, null, 2), true);
  return { ...result, structuredContent: { ...content } };
}

function titleOf(composition: { title?: string; meta?: { ariaLabel?: string } }): string {
  return [composition.title, composition.meta?.ariaLabel].find((t) => t !== undefined && t.trim() !== '') ?? 'Slide';
}

/**
 * `isomer_show` over the one render path: the same check as `isomer_render`, then the checked copy
 * drawn twice, as Markdown for `content` and as the HTML surface for the app. Never rejects.
 * @example
 * ```ts
 * import { createCompositionRenderer, createIsomerRuntime, createIsomerShowTool } from 'isomer-edge';
 * import { slideDeckFrame, slidesPack } from 'isomer-edge/slides';
 *
 * const runtime = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
 * const show = createIsomerShowTool(createCompositionRenderer({ runtime, frame: slideDeckFrame }));
 * const result = await show.handler({ composition: { type: 'view', body: [] } });
 * console.log(result.isError, result.structuredContent?.errors);
 * ```
 */
export function createIsomerShowTool(renderer: CompositionRenderer): IsomerShowTool {
  return {
    name: ISOMER_SHOW_TOOL,
    title: 'Show a composition',
    description: SHOW_DESCRIPTION,
    inputSchema: showInput,
    _meta: ISOMER_SHOW_TOOL_META,
    async handler(input) {
      const { theme } = input;
      try {
        const slides = toolSlides(input);
        if (!slides) return textResult(ONE_FORM_MESSAGE, true);
        const deck = 'compositions' in slides;
        const check = deck ? await renderer.checkDeck(slides.compositions) : await renderer.check(slides.composition);
        const copies = deck
          ? (check as IsomerDeckCheck).compositions
          : check.valid && (check as IsomerCompositionCheck).composition
            ? [(check as IsomerCompositionCheck).composition!]
            : undefined;
        if (!check.valid || copies === undefined) return invalid(check, theme);
        const first = copies[0]!;
        const drawn = theme ?? first.theme ?? 'auto';
        const [markdown, ...pages] = await Promise.all([
          deck ? renderer.renderDeck(copies, 'markdown') : renderer.render(first, 'markdown'),
          ...copies.map((copy) => renderer.render(copy, 'html', { theme: drawn })),
        ]);
        const html = pages.map((page) => ('text' in page ? page.text : ''));
        const content: IsomerShowContent = {
          valid: true,
          title: titleOf(first),
          theme: drawn,
          html: html[0]!,
          ...(deck ? { slides: copies.map((copy, i) => ({ title: titleOf(copy), html: html[i]! })) } : {}),
          errors: [],
          warnings: check.warnings,
        };
        const result = textResult('text' in markdown ? markdown.text : '');
        if (check.layout.length > 0) result.content.push({ type: 'text', text: layoutNote(check.layout) });
        return { ...result, structuredContent: { ...content } };
      } catch (error) {
        return textResult(errorMessage(error), true);
      }
    },
  };
}
