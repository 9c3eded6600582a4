/**
 * The six tools keyed by role, as the reference exports them (`ISOMER_TOOL_NAMES.validate`);
 * `Object.values` lists them in the order hosts list them (asserted: clients and transcripts rely on it).
 */
export const ISOMER_TOOL_NAMES = {
  authoringGuide: 'isomer_authoring_guide',
  describePrimitives: 'isomer_describe_primitives',
  validate: 'isomer_validate',
  render: 'isomer_render',
  listViews: 'isomer_list_views',
  requestView: 'isomer_request_view',
} as const;

export type IsomerToolName = (typeof ISOMER_TOOL_NAMES)[keyof typeof ISOMER_TOOL_NAMES];

/**
 * The tool that shows a composition to a person: an addition (`show: true`), never one of the six.
 * Hosts with MCP Apps draw its result in the app at `ISOMER_SHOW_APP_URI`; others show its Markdown.
 */
export const ISOMER_SHOW_TOOL = 'isomer_show';
/** The one MCP Apps resource: the page that draws an `isomer_show` result. */
export const ISOMER_SHOW_APP_URI = 'ui://isomer/show';

export const ISOMER_AUTHORING_GUIDE_URI = 'isomer://authoring-guide';
export const ISOMER_COMPOSITION_SCHEMA_URI = 'isomer://composition-schema';
export const ISOMER_COMPOSE_PROMPT = 'compose';

/** A describe call names at most this many types. */
export const MAX_DESCRIBE_TYPES = 12;
/** Longest primitive type or view id a tool accepts. */
export const MAX_NAME_LENGTH = 200;

/** Formats the runtime renders itself; a host format may not reuse these names. */
export { BUILT_IN_FORMAT_NAMES as RUNTIME_FORMATS } from '../formats.ts';
