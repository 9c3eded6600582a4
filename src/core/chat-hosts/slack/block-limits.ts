/**
 * Step 2 of fitting a message: every text Slack limits inside one block, clamped in place on the
 * pipeline's own copy; a block whose required text would show nothing is dropped.
 */
import { isRecord } from '../../model/is-record.ts';
import { clampText, isBlankText } from '../../text/clamp.ts';
import { SLACK_LIMITS } from './limits.ts';
import { clampSlackMrkdwn, escapeMrkdwn } from './mrkdwn.ts';
import { contextBlock, SLACK_IMAGE_ALT } from './notes.ts';
import { fitRichText } from './rich-text-limits.ts';
import type { Json } from '../../text/well-formed.ts';

/** Clamps a text object in place; mrkdwn is cut so no entity or `<…>` is left half-open. */
function clampTextObject(value: unknown, max: number): void {
  if (!isRecord(value) || typeof value.text !== 'string') return;
  value.text = value.type === 'mrkdwn' ? clampSlackMrkdwn(value.text, max) : clampText(value.text, max);
}

/**
 * Clamps a text object in place; `false` when it is missing or would show nothing, which Slack
 * refuses wherever a text is required (a blank header is `invalid_blocks`).
 */
function fitText(value: unknown, max: number): boolean {
  clampTextObject(value, max);
  return isRecord(value) && typeof value.text === 'string' && !isBlankText(value.text);
}

function clampStringField(owner: Json, key: string, max: number): void {
  const value = owner[key];
  if (typeof value === 'string') owner[key] = clampText(value, max);
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A button whose label shows nothing: Slack refuses it, and a reader could not tell what it does. */
function isBlankButton(element: unknown): boolean {
  if (!isRecord(element) || element.type !== 'button') return false;
  return !fitText(element.text, SLACK_LIMITS.buttonTextChars);
}

/** Drops items past `max` and returns what is left (an empty list when the field is not a list). */
function limitList(owner: Json, key: string, max: number): unknown[] {
  const value = owner[key];
  if (!Array.isArray(value)) return [];
  if (value.length > max) owner[key] = value.slice(0, max);
  return owner[key] as unknown[];
}

function fitOption(option: unknown): void {
  if (!isRecord(option)) return;
  clampTextObject(option.text, SLACK_LIMITS.optionTextChars);
  clampTextObject(option.description, SLACK_LIMITS.optionDescriptionChars);
}

function fitConfirm(confirm: unknown): void {
  if (!isRecord(confirm)) return;
  clampTextObject(confirm.title, SLACK_LIMITS.confirmTitleChars);
  clampTextObject(confirm.text, SLACK_LIMITS.confirmTextChars);
  clampTextObject(confirm.confirm, SLACK_LIMITS.confirmButtonChars);
  clampTextObject(confirm.deny, SLACK_LIMITS.confirmButtonChars);
}

function optionLimit(type: unknown): number {
  if (type === 'overflow') return SLACK_LIMITS.optionsPerOverflow;
  if (type === 'radio_buttons' || type === 'checkboxes') return SLACK_LIMITS.optionsPerChoice;
  return SLACK_LIMITS.optionsPerSelect;
}

function optionValue(option: unknown): string | undefined {
  return isRecord(option) && typeof option.value === 'string' ? option.value : undefined;
}

/** Options, option groups and initial options of selects, overflows, radios and checkboxes. */
function fitOptions(element: Json): void {
  const hasChoices = Array.isArray(element.options) || Array.isArray(element.option_groups);
  const surviving = new Set<string>();
  for (const option of limitList(element, 'options', optionLimit(element.type))) {
    fitOption(option);
    const value = optionValue(option);
    if (value !== undefined) surviving.add(value);
  }
  for (const group of limitList(element, 'option_groups', SLACK_LIMITS.optionGroupsPerSelect)) {
    if (!isRecord(group)) continue;
    clampTextObject(group.label, SLACK_LIMITS.optionGroupLabelChars);
    for (const option of limitList(group, 'options', SLACK_LIMITS.optionsPerSelect)) {
      fitOption(option);
      const value = optionValue(option);
      if (value !== undefined) surviving.add(value);
    }
  }
  fitOption(element.initial_option);
  if (Array.isArray(element.initial_options)) element.initial_options.forEach(fitOption);
  if (!hasChoices) return;
  // Slack rejects an initial option that is not among the options; dropping options above can
  // orphan one, so it goes too (external selects have no options list and are left alone).
  const orphaned = (option: unknown): boolean => {
    const value = optionValue(option);
    return value !== undefined && !surviving.has(value);
  };
  if (orphaned(element.initial_option)) delete element.initial_option;
  if (Array.isArray(element.initial_options)) {
    const kept = element.initial_options.filter((option) => !orphaned(option));
    if (kept.length > 0) element.initial_options = kept;
    else delete element.initial_options;
  }
}

/** Any interactive or image element: in `actions`, a section accessory, or an input. */
function fitElement(element: unknown): void {
  if (!isRecord(element)) return;
  if (element.type === 'button') clampTextObject(element.text, SLACK_LIMITS.buttonTextChars);
  if (element.type === 'image') fitAltText(element);
  clampTextObject(element.placeholder, SLACK_LIMITS.placeholderChars);
  fitConfirm(element.confirm);
  fitOptions(element);
}

/**
 * Slack requires an image's alt text; a missing or blank one becomes {@link SLACK_IMAGE_ALT}
 * rather than costing the picture or the message.
 */
function fitAltText(image: Json): void {
  clampStringField(image, 'alt_text', SLACK_LIMITS.imageAltTextChars);
  if (typeof image.alt_text !== 'string' || isBlankText(image.alt_text)) image.alt_text = SLACK_IMAGE_ALT;
}

function fitImageBlock(block: Json): Json | null {
  const described = typeof block.alt_text === 'string' && !isBlankText(block.alt_text);
  fitAltText(block);
  if (block.title !== undefined && !fitText(block.title, SLACK_LIMITS.imageTitleChars)) delete block.title;
  if (typeof block.image_url !== 'string' || block.image_url.length <= SLACK_LIMITS.imageUrlChars) return block;
  // A URL cannot be shortened without breaking it; keep what the picture was meant to say.
  if (!described) return null;
  const alt = String(block.alt_text).trim();
  return contextBlock(clampSlackMrkdwn(escapeMrkdwn(alt), SLACK_LIMITS.contextElementChars));
}

/** Clamps every Slack-limited text in one (already copied) block; `null` drops the block. */
export function fitBlock(block: Json): Json | null {
  switch (block.type) {
    case 'header':
      return fitText(block.text, SLACK_LIMITS.headerTextChars) ? block : null;
    case 'section': {
      if (block.text !== undefined && !fitText(block.text, SLACK_LIMITS.sectionTextChars)) delete block.text;
      if (block.fields !== undefined) {
        // Blank fields are dropped before the count, so they cost no visible field its place.
        const fields = list(block.fields).filter((field) => fitText(field, SLACK_LIMITS.sectionFieldChars));
        if (fields.length > 0) block.fields = fields.slice(0, SLACK_LIMITS.fieldsPerSection);
        else delete block.fields;
      }
      if (isBlankButton(block.accessory)) delete block.accessory;
      fitElement(block.accessory);
      // Slack requires a section's text or fields; an accessory alone is refused.
      return block.text === undefined && block.fields === undefined ? null : block;
    }
    case 'context': {
      const elements = list(block.elements).filter((element) =>
        isRecord(element) && element.type === 'image' ? true : fitText(element, SLACK_LIMITS.contextElementChars),
      );
      if (elements.length === 0) return null;
      block.elements = elements.slice(0, SLACK_LIMITS.contextElements);
      list(block.elements).forEach((element) => {
        if (isRecord(element) && element.type === 'image') fitElement(element);
      });
      return block;
    }
    case 'image':
      return fitImageBlock(block);
    case 'video':
      clampTextObject(block.title, SLACK_LIMITS.videoTitleChars);
      clampTextObject(block.description, SLACK_LIMITS.videoDescriptionChars);
      clampStringField(block, 'author_name', SLACK_LIMITS.videoAuthorNameChars);
      return block;
    case 'actions': {
      const elements = list(block.elements).filter((element) => !isBlankButton(element));
      if (elements.length === 0) return null;
      block.elements = elements.slice(0, SLACK_LIMITS.buttonsPerActions);
      list(block.elements).forEach(fitElement);
      return block;
    }
    case 'input':
      fitElement(block.element);
      return block;
    case 'rich_text':
      fitRichText(block);
      return list(block.elements).length > 0 ? block : null;
    default:
      return block;
  }
}
