/**
 * isomer-edge, the library: the runtime that validates and renders compositions, and the SDK
 * pieces a host needs to define its own primitives, packs, frames and views.
 */
export { createIsomerRuntime } from './core/runtime/runtime.ts';
export type {
  IsomerRuntime,
  IsomerRuntimeOptions,
  RuntimeSurfaces,
  HostCapabilities,
  SurfaceSupport,
} from './core/runtime/runtime.ts';
export { defineView, RegisteredViewInputError } from './core/runtime/views.ts';
export type { RegisteredView, RegisteredViewSummary, ViewRegistry, ViewRequestResult } from './core/runtime/views.ts';
export type { RuntimeAuthoringContext, PrimitiveDescriptions, PropDescriptor } from './core/runtime/authoring.ts';
export type { TextSurface, TextRenderOptions } from './core/runtime/surfaces/text.ts';
export type { MarkdownSurface, MarkdownRenderOptions } from './core/runtime/surfaces/markdown.ts';
export type { HTMLSurface, HTMLRenderOptions, HTMLRenderResult } from './core/runtime/surfaces/html.ts';
export type { SlackSurface, SlackRenderOptions } from './core/runtime/surfaces/slack.ts';
export type {
  SnapshotSurface,
  SnapshotRenderOptions,
  SnapshotRenderResult,
  SnapshotPagesResult,
  SnapshotWarning,
} from './core/runtime/surfaces/snapshot.ts';

export { definePrimitive, createChildNodeWalker, exampleNodes } from './core/model/primitive.ts';
export type {
  PrimitiveDefinition,
  PrimitiveCatalogEntry,
  PrimitiveRenderers,
  RenderScope,
  RenderEnv,
  HtmlRenderEnv,
  ChildNode,
  PrimitiveExample,
} from './core/model/primitive.ts';
export { definePrimitivePack, composePacks } from './core/model/pack.ts';
export type {
  PackAuthoringOptions,
  PackFrame,
  PrimitivePack,
  PrimitivePackInput,
  PrimitiveGroup,
} from './core/model/pack.ts';
export { checkInputBudget, MAX_INPUT_DEPTH, MAX_INPUT_VALUES, MAX_INPUT_CHARACTERS } from './core/model/budget.ts';
export type { InputBudget, InputBudgetResult } from './core/model/budget.ts';
export { DECK_MARKDOWN_SEPARATOR, DECK_TEXT_SEPARATOR, deckPath, MAX_DECK_SLIDES } from './core/model/deck.ts';
export {
  IsomerError,
  CompositionValidationError,
  formatValidationError,
  isInputRefusal,
  ISOMER_ERROR_CODES,
} from './core/model/errors.ts';
export type { IsomerErrorCode, ValidationError } from './core/model/errors.ts';
export type {
  ValidationWarning,
  ValidationResult,
  CheckedValidationResult,
  ParsedComposition,
  ValidationErrorMode,
} from './core/model/validate.ts';
export {
  SURFACE_NAMES,
  RENDER_THEMES,
  NAMED_COLORS,
  requiredString,
  optionalString,
  finiteNumber,
  positiveFiniteNumber,
  nonNegativeFiniteNumber,
  enumOf,
  isVisibleOnSurface,
} from './core/model/composition.ts';
export type {
  Composition,
  CompositionMeta,
  PrimitiveNode,
  SurfaceName,
  RenderTheme,
  NamedColor,
} from './core/model/composition.ts';
export type {
  Frame,
  FrameHeader,
  FrameComposition,
  FrameViewport,
  FrameDispatcher,
  FrameLayout,
  DeckFinding,
} from './core/model/frame.ts';
export {
  navigationHref,
  assetUrl,
  sanitizeNavigationHref,
  sanitizeAssetUrl,
  BLOCKED_HREF,
  NAVIGATION_HREF_MESSAGE,
  ASSET_URL_MESSAGE,
  NAVIGATION_HREF_RULE,
  ASSET_URL_RULE,
} from './core/model/url.ts';
export {
  buildCompositionJsonSchema,
  buildAuthoringJsonSchema,
  authoringSchemaSubset,
} from './core/model/json-schema.ts';
export type { JsonSchema } from './core/model/json-schema.ts';
export { html, raw, escapeHtml, joinMarkup, Markup, textMarkup } from './core/model/markup.ts';
export {
  dominantDirection,
  isolateText,
  languageDirection,
  needsIsolation,
  textDirection,
  type TextDirection,
} from './core/text/text-direction.ts';
export { unbreakablePieces, withWordBreaks } from './core/text/line-breaks.ts';
export { displayWidth } from './core/text/display-width.ts';
export { md } from './core/markdown/builder.ts';
export { inlineMarks } from './core/markdown/inline-marks.ts';
export { isMarkdownContent } from './core/markdown/tree.ts';
export type { MarkdownContent, MarkdownBlock, MarkdownInline } from './core/markdown/tree.ts';
export { serializeMarkdown } from './core/markdown/serialize.ts';
export { SLACK_LIMITS } from './core/chat-hosts/slack/limits.ts';
export {
  escapeMrkdwn,
  mrkdwnLink,
  mrkdwnCode,
  mrkdwnBold,
  mrkdwnItalic,
  mrkdwnSection,
  plainText,
} from './core/chat-hosts/slack/mrkdwn.ts';
// `clampSlackText` is the name the clamp was first published under: kept, the same function.
export { clampText, clampText as clampSlackText } from './core/text/clamp.ts';
export type { SlackBlock, SlackMessage, SlackAssetRequest, SlackText } from './core/chat-hosts/slack/blocks.ts';

// The agent tools (the seed's API).
export { createIsomerTools } from './core/tools/tools.ts';
export type {
  IsomerTool,
  IsomerToolCallOptions,
  IsomerToolsOptions,
  IsomerToolsBaseOptions,
} from './core/tools/tools.ts';
export { createIsomerResources, createIsomerPrompts } from './core/tools/resources.ts';
export type { IsomerResource, IsomerPrompt } from './core/tools/resources.ts';
export { buildIsomerAuthoringGuide, buildPrimitiveDescriptions } from './core/tools/guide.ts';
export { checkComposition } from './core/tools/check.ts';
export type { IsomerCompositionCheck } from './core/tools/check.ts';
export type { IsomerDeckCheck } from './core/tools/deck.ts';
export { createCompositionRenderer } from './core/tools/render.ts';
export { createIsomerShowTool, ISOMER_SHOW_TOOL_META } from './core/tools/show.ts';
export type { IsomerShowContent, IsomerShowTool } from './core/tools/show.ts';
export type { CompositionRenderer, RenderedDeck, RenderedOutput, RenderRequest } from './core/tools/render.ts';
export type { IsomerToolsLayoutCheck } from './core/tools/types.ts';
export { textResult, jsonResult, imageResult } from './core/tools/results.ts';
export type { IsomerToolResult, IsomerToolContent } from './core/tools/results.ts';
export {
  ISOMER_TOOL_NAMES,
  ISOMER_AUTHORING_GUIDE_URI,
  ISOMER_COMPOSITION_SCHEMA_URI,
  ISOMER_COMPOSE_PROMPT,
  ISOMER_SHOW_TOOL,
  ISOMER_SHOW_APP_URI,
} from './core/tools/names.ts';
export type {
  IsomerToolsRuntime,
  IsomerToolsFrame,
  IsomerToolsFormat,
  IsomerGuideOptions,
  AuthoringProfileId,
} from './core/tools/types.ts';
