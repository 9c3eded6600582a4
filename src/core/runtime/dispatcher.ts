/**
 * Drawing one node on one surface: the table from `type` to primitive, and the scope renderers
 * recurse through, which applies the surface's visibility rules and `sanitize`, records the types
 * the HTML drew (for its CSS), turns picture nodes into Slack uploads when asked, and marks nodes
 * for layout checks.
 */
import { isVisibleOnSurface, type PrimitiveNode, type SurfaceName } from '../model/composition.ts';
import { IsomerError } from '../model/errors.ts';
import { md } from '../markdown/builder.ts';
import { isMarkdownContent, type MarkdownContent } from '../markdown/tree.ts';
import { markdownToSlackBlocks } from '../chat-hosts/slack/from-markdown.ts';
import { Markup, escapeHtml, toMarkup } from '../model/markup.ts';
import type { HtmlRenderEnv, PrimitiveDefinition, RenderScope } from '../model/primitive.ts';
import type { TextDirection } from '../text/text-direction.ts';
import type { SlackAssetCollector } from '../chat-hosts/slack/assets.ts';
import type { SlackBlock } from '../chat-hosts/slack/blocks.ts';
import { rendersOnSurface } from '../model/validate.ts';

const EMPTY_MARKUP = new Markup('');
const EMPTY_CONTENT = md.content();

export interface ScopeOptions {
  /** The surface whose visibility rules apply to every node this scope draws. */
  surface: SurfaceName;
  /** The frame palette, passed to HTML renderers on the snapshot path. */
  theme?: unknown;
  /** The view's direction, handed to HTML renderers as `dir` (see `drawInDirection`). */
  dir?: TextDirection;
  /** Picture nodes become uploads when the Slack surface collects assets. */
  collector?: SlackAssetCollector;
  /** Marks each node's root element with `data-isomer-node="<type>"` for layout checks. */
  anchors?: boolean;
  /**
   * With `anchors`: each node's composition path (`body[0].items[2]`), keyed by the node object as
   * the composition holds it (before `sanitize`), written as `data-isomer-path` beside the type.
   */
  paths?: ReadonlyMap<PrimitiveNode, string>;
}

const FIRST_TAG = /^(\s*<[a-zA-Z][a-zA-Z0-9-]*)/;

function anchor(markup: Markup, type: string, path: string | undefined): Markup {
  if (!FIRST_TAG.test(markup.value)) return markup;
  const attributes = `data-isomer-node="${escapeHtml(type)}"${path === undefined ? '' : ` data-isomer-path="${escapeHtml(path)}"`}`;
  // A function replacement, so a `$` in the path is written as it is.
  return new Markup(markup.value.replace(FIRST_TAG, (tag) => `${tag} ${attributes}`));
}

/** A scope plus the primitive types it drew, so the HTML surface emits only the CSS it used. */
export interface TrackedScope extends RenderScope {
  readonly used: ReadonlySet<string>;
}

/**
 * One flat table keyed on `type`. Renderers recurse through the scope it hands them, so a container
 * from one pack can hold a node from another, and a type nobody registered is an error, never a
 * silent skip.
 */
export class Dispatcher {
  readonly definitions: ReadonlyMap<string, PrimitiveDefinition>;
  private readonly slackAssetTypes: ReadonlySet<string>;

  constructor(definitions: readonly PrimitiveDefinition[], slackAssetTypes: ReadonlySet<string>) {
    this.definitions = new Map(definitions.map((definition) => [definition.type, definition]));
    this.slackAssetTypes = slackAssetTypes;
  }

  definition(type: string): PrimitiveDefinition {
    const definition = this.definitions.get(type);
    if (!definition)
      throw new IsomerError(
        'UNKNOWN_PRIMITIVE_TYPE',
        `Unknown primitive type ${JSON.stringify(String(type).slice(0, 64))}`,
      );
    return definition;
  }

  /** Runs the primitive's sanitize hook; `undefined` when the node should not draw. */
  private prepare(
    node: PrimitiveNode,
    surface: SurfaceName,
  ): { node: PrimitiveNode; definition: PrimitiveDefinition } | undefined {
    if (!isVisibleOnSurface(node, surface)) return undefined;
    const definition = this.definition(node.type);
    const prepared = definition.sanitize ? definition.sanitize(node) : node;
    return prepared === null ? undefined : { node: prepared, definition };
  }

  createScope(options: ScopeOptions): TrackedScope {
    const { surface } = options;
    const used = new Set<string>();
    // Takes a node already checked for visibility and sanitized, so the Slack fallback does it once.
    const markdownOf = (ready: { node: PrimitiveNode; definition: PrimitiveDefinition }): MarkdownContent => {
      const out = ready.definition.renderers.markdown(ready.node, { scope });
      return isMarkdownContent(out) ? out : md.content(md.raw(out));
    };
    const scope: TrackedScope = {
      used,
      text: (node) => {
        const ready = this.prepare(node, surface);
        return ready ? ready.definition.renderers.text(ready.node, { scope }) : '';
      },
      markdown: (node) => {
        const ready = this.prepare(node, surface);
        return ready ? markdownOf(ready) : EMPTY_CONTENT;
      },
      html: (node) => {
        const ready = this.prepare(node, surface);
        if (!ready) return EMPTY_MARKUP;
        used.add(ready.definition.type);
        const htmlSurface = surface === 'snapshot' ? 'snapshot' : 'react';
        const env: HtmlRenderEnv = { scope, surface: htmlSurface };
        if (options.theme !== undefined) env.theme = options.theme;
        if (options.dir !== undefined) env.dir = options.dir;
        const markup = toMarkup(ready.definition.renderers.html(ready.node, env));
        return options.anchors ? anchor(markup, ready.definition.type, options.paths?.get(node)) : markup;
      },
      slack: (node): SlackBlock[] => {
        const ready = this.prepare(node, surface);
        if (!ready) return [];
        const { definition } = ready;
        if (options.collector && this.slackAssetTypes.has(definition.type)) {
          const altText = definition.renderers.text(ready.node, { scope }).trim() || definition.type;
          const ref = options.collector.allocate(ready.node, altText);
          return [{ type: 'image', alt_text: altText, slack_file: { ref } }];
        }
        if (definition.renderers.slack) {
          const blocks = definition.renderers.slack(ready.node, { scope });
          return Array.isArray(blocks) ? blocks : [blocks];
        }
        return markdownToSlackBlocks(markdownOf(ready));
      },
      rendersOn: (node, onSurface) => rendersOnSurface(node, onSurface, this.definitions),
      definition: (type) => this.definitions.get(type),
    };
    return scope;
  }
}
