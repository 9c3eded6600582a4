/**
 * Slack's published Block Kit limits, in UTF-16 code units (what Slack counts) or item counts.
 * Every number the Slack surface enforces comes from here so a limit changes in one place.
 */
export const SLACK_LIMITS = {
  blocksPerMessage: 50,
  sectionTextChars: 3000,
  sectionFieldChars: 2000,
  fieldsPerSection: 10,
  contextElementChars: 2000,
  contextElements: 10,
  headerTextChars: 150,
  buttonsPerActions: 25,
  buttonTextChars: 75,
  fallbackTextChars: 4000,
  optionTextChars: 75,
  optionDescriptionChars: 75,
  optionsPerSelect: 100,
  optionGroupsPerSelect: 100,
  optionsPerOverflow: 5,
  optionsPerChoice: 10,
  optionGroupLabelChars: 75,
  placeholderChars: 150,
  confirmTitleChars: 100,
  confirmTextChars: 300,
  confirmButtonChars: 30,
  richTextElementChars: 3000,
  richTextListMaxIndent: 8,
  tableCellCharsPerMessage: 10000,
  /** Slack refuses a second `table` block in one message (`only_one_table_allowed`). */
  tablesPerMessage: 1,
  /** Including the header row. */
  tableRows: 100,
  tableColumns: 20,
  imageUrlChars: 3000,
  imageAltTextChars: 2000,
  imageTitleChars: 2000,
  videoTitleChars: 200,
  videoDescriptionChars: 200,
  videoAuthorNameChars: 50,
  blockIdChars: 255,
  /** A link's URL, as Slack limits a button's `url`; longer ones are shown as text, not linked. */
  linkUrlChars: 3000,
} as const;

/** The name of one limit in {@link SLACK_LIMITS}. */
export type SlackLimit = keyof typeof SLACK_LIMITS;
