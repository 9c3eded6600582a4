import { describe, expect, it } from 'vitest';
import { SLACK_LIMITS } from '../../../../src/core/chat-hosts/slack/limits.ts';

describe('SLACK_LIMITS', () => {
  it('pins every Slack limit the surface enforces', () => {
    expect(SLACK_LIMITS).toEqual({
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
      tablesPerMessage: 1,
      tableRows: 100,
      tableColumns: 20,
      imageUrlChars: 3000,
      imageAltTextChars: 2000,
      imageTitleChars: 2000,
      videoTitleChars: 200,
      videoDescriptionChars: 200,
      videoAuthorNameChars: 50,
      blockIdChars: 255,
      linkUrlChars: 3000,
    });
  });
});
