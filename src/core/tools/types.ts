/**
 * What the tools need from the rest of the library, declared structurally so a host can pass any
 * object that fits: the runtime calls they make, a frame's body rule, a host format, a layout
 * check, and the guide's options.
 */
import type { SlackMessage } from '../chat-hosts/slack/blocks.ts';
import type { Composition, PrimitiveNode, RenderTheme } from '../model/composition.ts';
import type { ValidationError } from '../model/errors.ts';
import type { DeckFinding, FrameComposition } from '../model/frame.ts';
import type { JsonSchema } from '../model/json-schema.ts';
import type { PackGuide, PrimitiveGroup } from '../model/pack.ts';
import type { PrimitiveCatalogEntry } from '../model/primitive.ts';
import type { ValidationWarning } from '../model/validate.ts';

/**
 * Only what the tools call on a runtime, declared structurally so hosts can pass any object that
 * fits (a real `IsomerRuntime` does).
 */
export interface IsomerToolsRuntime<THostContext = unknown> {
  getAuthoringContext(): {
    schema: JsonSchema;
    primitives: readonly PrimitiveCatalogEntry[];
    groups: readonly PrimitiveGroup[];
    /** Each pack's own guide prose and rules, in pack order; a runtime without them has none. */
    guides?: readonly PackGuide[];
    views: readonly {
      id: string;
      title: string;
      description?: string;
      answers: readonly string[];
      inputSchema?: JsonSchema;
    }[];
    describePrimitives(types: readonly string[]): {
      primitives: readonly PrimitiveCatalogEntry[];
      schema: { $defs: Record<string, unknown> };
    };
  };
  validate(composition: unknown): {
    valid: boolean;
    errors: readonly ValidationError[];
    warnings: readonly ValidationWarning[];
    composition: Composition | undefined;
    /** The copy passed the schema; assumed from `valid` when absent. */
    wellFormed?: boolean;
  };
  surfaces: {
    text: { render(composition: Composition, options: { heading?: boolean }): string };
    markdown: { render(composition: Composition, options: { heading?: boolean }): string };
    html: {
      /** `isomer_render` returns the whole page, `document`. */
      render(composition: Composition, options: { heading?: boolean; theme?: RenderTheme }): { document: string };
      /** A deck as one document, a section per slide: what `isomer_render` returns for `compositions`. */
      renderDeck(
        compositions: readonly Composition[],
        options: { heading?: boolean; theme?: RenderTheme },
      ): { document: string };
    };
    slack: { render(composition: Composition, options: { heading?: boolean }): SlackMessage };
  };
  viewRegistry: {
    list(): readonly { id: string }[];
    request(id: string, context: THostContext, input?: unknown): Promise<{ composition: unknown }>;
  };
}

/** A body rule the runtime does not enforce on every surface (any SDK `Frame` fits, and so does `runtime.frames`). */
export interface IsomerToolsFrame {
  validateBody?(body: readonly PrimitiveNode[]): readonly string[];
  /** Advice across a deck's slides (a brand that changes, a section number reused): warnings, never errors. */
  validateDeck?(deck: readonly FrameComposition[]): readonly DeckFinding[];
}

/** A format the host renders (PNG, SVG, PDF…), offered by `isomer_render` after the runtime's own. */
export interface IsomerToolsFormat {
  mimeType: string;
  render(
    composition: Composition,
    options: {
      theme?: RenderTheme;
      /** Output size relative to the canvas (the image formats read it). */
      scale?: number;
      /** Draw the title and subtitle (the chat formats read it). */
      heading?: boolean;
      signal?: AbortSignal;
    },
  ): Promise<Uint8Array | string> | Uint8Array | string;
  /**
   * The whole deck as one output (a PDF, one chat message): slides in order. A format without it
   * draws each slide on its own (an image format answers one picture per slide).
   */
  renderDeck?(
    compositions: readonly Composition[],
    options: Parameters<IsomerToolsFormat['render']>[1],
  ): Promise<Uint8Array | string> | Uint8Array | string;
}

/**
 * A check of how a valid composition lays out (`createLayoutCheck` from `isomer-edge/images` fits):
 * each finding names the node, says by how much it does not fit, and how to repair it.
 */
export interface IsomerToolsLayoutCheck {
  /** Readies what `check` measures with (fonts a slide's script needs); awaited before each check. */
  prepare?(composition: Composition): Promise<void>;
  check(
    composition: Composition,
    options?: { theme?: RenderTheme },
  ): readonly { path: string; nodeType?: string; message: string }[];
}

export type AuthoringProfileId = 'general' | 'registered-view-router' | 'compose-from-primitives';

export interface IsomerGuideOptions {
  runtime: Pick<IsomerToolsRuntime<never>, 'getAuthoringContext'>;
  /**
   * Prose the guide opens with, in place of every pack's own. Default: the packs' prose (a section
   * each when two or more bring some), else a short generic guide.
   */
  guide?: string;
  /** Bullets under `## Rules`, each collapsed to one line, in place of every pack's own. Default: the packs' rules. */
  rules?: readonly string[];
  /** Host compositions under `## Examples`, trimmed to the profile's budget. */
  examples?: readonly unknown[];
  /** Default `compose-from-primitives`. */
  profile?: AuthoringProfileId;
  /** Tell the agent about `layout:` warnings (set when the tools have a layout check). */
  layout?: boolean;
}
