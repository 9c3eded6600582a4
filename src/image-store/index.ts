/**
 * Stored images for chat clients that show pictures only from public URLs: content-addressed
 * storage in an R2-like bucket (`createImageStore`) and a Slack message with the picture
 * (`slackImageMessage`). The Worker serves both as `/images/…` and `POST /render/slack?image=above`.
 */
export {
  canonicalJson,
  createImageStore,
  DEFAULT_IMAGE_TTL_DAYS,
  randomImageSecret,
  type StoredImageInfo,
  type StoreImageInput,
  type ImageBucket,
  type ImageBucketBody,
  type ImageBucketObject,
  type ImageStore,
  type ImageStoreOptions,
  type StoredImage,
} from './store.ts';
export {
  SLACK_IMAGE_PLACEMENTS,
  slackImageMessage,
  type SlackImagePlacement,
} from '../core/chat-hosts/slack/picture.ts';
export { teamsImageMessage } from '../core/chat-hosts/teams/picture.ts';
export { googleChatImageMessage } from '../core/chat-hosts/googlechat/picture.ts';
