/**
 * Google Chat's payload schema (JSON Schema 2020-12), as the converter in this folder sends it, a
 * stored picture included: the OpenAPI document serves it for `POST /render/googlechat`, and tests
 * validate real answers against it.
 */
import { GOOGLE_CHAT_CARD_ID } from './message.ts';
import { GOOGLE_CHAT_LIMITS } from './limits.ts';
import { altText, type HostPayloadSchemas, list, object, one, pictureUrl, string } from '../payload-schema.ts';

/** The GoogleChatMessage payload, as the builder in this folder sends it (with a stored picture where it takes one). */
export const GOOGLE_CHAT_PAYLOAD: HostPayloadSchemas = {
  root: 'GoogleChatMessage',
  schemas: () => ({
    GoogleChatMessage: {
      ...object(
        {
          fallbackText: { type: 'string', minLength: 1 },
          cardsV2: list(
            object({
              cardId: one(GOOGLE_CHAT_CARD_ID),
              card: object(
                {
                  header: object({ title: string, subtitle: string }, ['title']),
                  sections: list(
                    object(
                      {
                        header: { type: 'string', minLength: 1 },
                        widgets: list(
                          {
                            oneOf: [
                              object({ textParagraph: object({ text: string }) }),
                              object({
                                decoratedText: object({ topLabel: string, text: string, wrapText: one(true) }, [
                                  'text',
                                  'wrapText',
                                ]),
                              }),
                              object({ divider: object({}) }),
                              object({ image: object({ imageUrl: pictureUrl, altText }) }),
                            ],
                          },
                          { minItems: 1, maxItems: GOOGLE_CHAT_LIMITS.widgetsPerCard },
                        ),
                      },
                      ['widgets'],
                    ),
                    { minItems: 1 },
                  ),
                },
                ['sections'],
              ),
            }),
            { minItems: 1, maxItems: 1 },
          ),
        },
        ['cardsV2'],
      ),
      description:
        'A Google Chat `spaces.messages.create` (or incoming-webhook) body holding one `cardsV2` card; ' +
        'widget text is Chat’s HTML subset.',
    },
  }),
};
