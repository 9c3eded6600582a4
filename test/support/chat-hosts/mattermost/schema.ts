import { type HostPayloadSchemas, list, object } from '../../../../src/core/chat-hosts/payload-schema.ts';
import { MATTERMOST_LIMITS } from './limits.ts';

/** The MattermostPosts payload, as the builder in this folder sends it. */
export const MATTERMOST_PAYLOAD: HostPayloadSchemas = {
  root: 'MattermostPosts',
  schemas: () => ({
    MattermostPosts: {
      ...object({
        posts: list(
          object({
            message: {
              type: 'string',
              minLength: 1,
              maxLength: MATTERMOST_LIMITS.postChars,
              description: 'Mattermost Markdown; add `channel_id` to post it.',
            },
          }),
          { minItems: 1, maxItems: MATTERMOST_LIMITS.postsPerRender },
        ),
      }),
      description: 'Mattermost `POST /api/v4/posts` bodies, to be posted in order.',
    },
  }),
};
