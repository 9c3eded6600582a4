/**
 * Hosted images for chat clients that show pictures only from public URLs: content-addressed
 * storage in an R2-like bucket (`createImageHost`) and a Slack message with the picture
 * (`slackImageMessage`). The Worker serves both as `/images/…` and `POST /render/slack?image=above`.
 */
export {
  canonicalJson,
  createImageHost,
  DEFAULT_IMAGE_TTL_DAYS,
  randomImageSecret,
  type HostedImage,
  type HostImageInput,
  type ImageBucket,
  type ImageBucketBody,
  type ImageBucketObject,
  type ImageHost,
  type ImageHostOptions,
  type StoredImage,
} from './images.ts';
export { SLACK_IMAGE_PLACEMENTS, slackImageMessage, type SlackImagePlacement } from '../core/hosts/slack/picture.ts';
export { teamsImageMessage } from '../core/hosts/teams/picture.ts';
export { googleChatImageMessage } from '../core/hosts/googlechat/picture.ts';
