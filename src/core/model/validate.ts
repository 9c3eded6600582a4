/**
 * Validating a composition: the input budget, then the schema, then the semantic passes (duplicate
 * ids as errors, surfaces on which nothing draws as warnings). Findings name their path and the
 * primitive they sit in, at most 50 listed; the result carries the checked plain copy, the only
 * thing renders draw.
 */
import type * as z from 'zod';
import { checkInputBudget, type InputBudget } from './budget.ts';
import {
  SURFACE_NAMES,
  isVisibleOnSurface,
  type Composition,
  type PrimitiveNode,
  type SurfaceName,
} from './composition.ts';
import type { ValidationError } from './errors.ts';
import { isRecord } from './is-record.ts';
import { deferredPredicate, issueMessage, quoteForMessage } from './messages.ts';
import type { PrimitiveDefinition } from './primitive.ts';
import { getCompositionSchemas } from './schema.ts';

/** A finding that does not make a composition invalid, scoped to the surface it affects. */
export interface ValidationWarning {
  surface: SurfaceName;
  path?: string;
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  errors: ValidationError[];
  warnings: ValidationWarning[];
}

/** A validation result carrying the plain copy that was checked, the only thing renders draw. */
export interface CheckedValidationResult extends ValidationResult {
  /** `undefined` only when the input budget refused the input. */
  composition: Composition | undefined;
  /** The copy passed the schema, so its body is well-formed nodes (duplicate ids may still fail). */
  wellFormed: boolean;
}

export interface ParsedComposition {
  valid: boolean;
  errors: ValidationError[];
  composition?: Composition;
}

export type ValidationErrorMode = 'collect' | 'throw';

/** A result lists at most this many findings, then one line counting the rest. */
export const MAX_REPORTED_ERRORS = 50;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function appendSegment(path: string, segment: PropertyKey): string {
  if (typeof segment === 'number') return `${path}[${segment}]`;
  const key = String(segment);
  if (IDENTIFIER.test(key)) return path === '' ? key : `${path}.${key}`;
  return `${path}[${quoteForMessage(key)}]`;
}

export function formatPath(segments: readonly PropertyKey[]): string {
  let path = '';
  for (const segment of segments) path = appendSegment(path, segment);
  return path;
}

/**
 * Every node position in a (possibly malformed) body, pre-order: path → the node's `type`
 * (`undefined` for a node whose type is not registered).
 */
function nodePositions(
  body: unknown,
  definitions: ReadonlyMap<string, PrimitiveDefinition>,
): Map<string, string | undefined> {
  const positions = new Map<string, string | undefined>();
  if (Array.isArray(body))
    walkNodes(body, definitions, (_node, path, definition) => positions.set(path, definition?.type));
  return positions;
}

function toFinding(
  issue: z.core.$ZodIssue,
  positions: Map<string, string | undefined>,
  definitions: ReadonlyMap<string, PrimitiveDefinition>,
): ValidationError {
  let path = '';
  let nodeType: string | undefined;
  let atNode = false;
  if (positions.has(path)) nodeType = positions.get(path);
  for (const segment of issue.path) {
    path = appendSegment(path, segment);
    atNode = positions.has(path);
    if (atNode) nodeType = positions.get(path);
  }
  let message = issueMessage(issue);
  if (issue.code === 'unrecognized_keys' && atNode && nodeType !== undefined) {
    const fields = definitions.get(nodeType)!.fields;
    message += fields.length > 0 ? `; its fields are ${fields.join(', ')}` : '; it declares no fields';
  }
  return nodeType === undefined ? { path, message } : { path, message, nodeType };
}

/**
 * The findings a result lists, at most {@link MAX_REPORTED_ERRORS}, then one line counting the
 * rest: `total` is how many there were, listed or not (only the listed ones are ever worded).
 */
function capFindings(listed: ValidationError[], total = listed.length): ValidationError[] {
  if (total <= MAX_REPORTED_ERRORS) return listed;
  const rest = total - MAX_REPORTED_ERRORS;
  return [
    ...listed.slice(0, MAX_REPORTED_ERRORS),
    { path: '', message: `and ${rest} more error${rest === 1 ? '' : 's'} not listed` },
  ];
}

/**
 * Walks nodes pre-order (containers before their children), with paths. Tolerates malformed data:
 * entries that are not objects are skipped, and indices stay those of the array given.
 */
export function walkNodes(
  body: readonly unknown[],
  definitions: ReadonlyMap<string, PrimitiveDefinition>,
  visit: (node: PrimitiveNode, path: string, definition: PrimitiveDefinition | undefined) => void,
): void {
  const stack: { node: PrimitiveNode; path: string }[] = [];
  for (let i = body.length - 1; i >= 0; i--) {
    const node = body[i];
    if (isRecord(node)) stack.push({ node: node as PrimitiveNode, path: `body[${i}]` });
  }
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    const definition = typeof node.type === 'string' ? definitions.get(node.type) : undefined;
    visit(node, path, definition);
    if (!definition) continue;
    const children = definition.children(node);
    for (let i = children.length - 1; i >= 0; i--)
      stack.push({ node: children[i]!.node, path: `${path}.${children[i]!.path}` });
  }
}

/** Duplicate ids in drawing order: the first `limit` as findings, and how many there are in all. */
function duplicateIds(
  body: readonly unknown[],
  definitions: ReadonlyMap<string, PrimitiveDefinition>,
  limit: number,
): { listed: ValidationError[]; total: number } {
  const seen = new Map<string, string>();
  const listed: ValidationError[] = [];
  let total = 0;
  walkNodes(body, definitions, (node, path, definition) => {
    if (typeof node.id !== 'string') return;
    const first = seen.get(node.id);
    if (first === undefined) {
      seen.set(node.id, path);
      return;
    }
    if (total++ >= limit) return;
    const error: ValidationError = {
      path: `${path}.id`,
      message: `duplicates id ${quoteForMessage(node.id)} first used at ${first}`,
    };
    listed.push(definition ? { ...error, nodeType: definition.type } : error);
  });
  return { listed, total };
}

/**
 * Whether a node draws anything on a surface: visible there, and either a leaf, a container with
 * its own content, or a container with at least one child that draws.
 */
export function rendersOnSurface(
  node: PrimitiveNode,
  surface: SurfaceName,
  definitions: ReadonlyMap<string, PrimitiveDefinition>,
): boolean {
  if (!isVisibleOnSurface(node, surface)) return false;
  const definition = definitions.get(node.type);
  if (!definition?.isContainer) return true;
  if (definition.hasOwnContent?.(node)) return true;
  return definition.children(node).some((child) => rendersOnSurface(child.node, surface, definitions));
}

function surfaceWarnings(
  body: readonly PrimitiveNode[],
  definitions: ReadonlyMap<string, PrimitiveDefinition>,
): ValidationWarning[] {
  const warnings: ValidationWarning[] = [];
  for (const surface of SURFACE_NAMES) {
    if (!body.some((node) => rendersOnSurface(node, surface, definitions))) {
      warnings.push({ surface, message: `composition renders no nodes on surface "${surface}"` });
    }
  }
  return warnings;
}

interface SchemaCheck {
  copy: unknown;
  refusal?: ValidationError;
  /** The first {@link MAX_REPORTED_ERRORS} findings, worded. */
  errors: ValidationError[];
  /** How many findings there are, listed or not. */
  total: number;
  composition?: Composition;
}

function checkSchema(
  definitions: readonly PrimitiveDefinition[],
  value: unknown,
  budget: InputBudget | undefined,
): SchemaCheck {
  const budgeted = checkInputBudget(value, budget);
  if (!budgeted.valid) return { copy: undefined, refusal: budgeted.error, errors: [budgeted.error], total: 1 };
  const schemas = getCompositionSchemas(definitions);
  // Zod still visits every value (linear in the input, and the count of the rest stays exact), but
  // only the findings a result lists are worded and placed.
  const parsed = schemas.composition.safeParse(budgeted.value, { error: deferredPredicate, reportInput: true });
  if (parsed.success)
    return { copy: budgeted.value, errors: [], total: 0, composition: parsed.data as unknown as Composition };
  const positions = nodePositions((budgeted.value as { body?: unknown } | null)?.body, schemas.definitions);
  const { issues } = parsed.error;
  return {
    copy: budgeted.value,
    errors: issues.slice(0, MAX_REPORTED_ERRORS).map((issue) => toFinding(issue, positions, schemas.definitions)),
    total: issues.length,
  };
}

export interface ValidatorOptions {
  inputBudget?: InputBudget;
}

/**
 * Untrusted input: budget, then schema. No duplicate-id pass, no warnings.
 * @example createCompositionParser(definitions)(JSON.parse(body)).valid
 */
export function createCompositionParser(
  definitions: readonly PrimitiveDefinition[],
  options: ValidatorOptions = {},
): (value: unknown) => ParsedComposition {
  getCompositionSchemas(definitions);
  return (value) => {
    const check = checkSchema(definitions, value, options.inputBudget);
    if (check.composition) return { valid: true, errors: [], composition: check.composition };
    return { valid: false, errors: capFindings(check.errors, check.total) };
  };
}

/**
 * Budget, schema, then the semantic passes (duplicate ids as errors, surfaces that draw nothing as
 * warnings). The result carries the checked plain copy for rendering.
 */
export function createCompositionValidator(
  definitions: readonly PrimitiveDefinition[],
  options: ValidatorOptions = {},
): (value: unknown) => CheckedValidationResult {
  const { definitions: byType } = getCompositionSchemas(definitions);
  return (value) => {
    const check = checkSchema(definitions, value, options.inputBudget);
    if (check.refusal)
      return { valid: false, errors: [check.refusal], warnings: [], composition: undefined, wellFormed: false };
    const copy = (check.composition ?? check.copy) as Composition;
    const body: readonly unknown[] = isRecord(copy) && Array.isArray(copy.body) ? copy.body : [];
    const duplicates = duplicateIds(body, byType, Math.max(0, MAX_REPORTED_ERRORS - check.errors.length));
    const errors = [...check.errors, ...duplicates.listed];
    const total = check.total + duplicates.total;
    const warnings = check.composition ? surfaceWarnings(check.composition.body, byType) : [];
    return {
      valid: total === 0,
      errors: capFindings(errors, total),
      warnings,
      composition: copy,
      wellFormed: check.composition !== undefined,
    };
  };
}
