/**
 * Slack with the picture against a running Worker (`wrangler dev`, its local R2 bucket): a bot
 * with a token asks for the message, and a plain HTTP client with no token (as Slack's image
 * fetcher is) downloads the picture its `image_url` names.
 */
import { oneSlide } from '../support/one-slide.ts';
import { limitViolations } from '../../src/core/chat-hosts/slack/checks.ts';
import { Checks, expectEqual } from './checks.ts';

export async function hostedImageChecks(url: string, token: string): Promise<Checks> {
  const checks = new Checks('stored images:');
  let imageUrl: string | undefined;
  await checks.check('POST /render/slack?image=above answers an image block first, within Slack’s limits', async () => {
    const response = await fetch(`${url}/render/slack?image=above`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(oneSlide()),
    });
    if (response.status !== 200) return `status ${response.status}: ${(await response.text()).slice(0, 200)}`;
    const message = (await response.json()) as { text: string; blocks: { type: string; [key: string]: unknown }[] };
    const [first] = message.blocks;
    if (first?.type !== 'image' || typeof first.image_url !== 'string') return `first block: ${JSON.stringify(first)}`;
    imageUrl = first.image_url;
    const problems = limitViolations(message);
    return problems.length === 0 ? true : problems.join('; ');
  });
  await checks.check('a client without a token downloads the image_url as a 1280×720 PNG', async () => {
    if (!imageUrl) return 'no image_url to fetch';
    if (!imageUrl.startsWith(`${url}/images/`)) return `image_url ${imageUrl} is not on ${url}`;
    const response = await fetch(imageUrl);
    if (response.status !== 200) return `status ${response.status}`;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const view = new DataView(bytes.buffer);
    return expectEqual(
      [
        response.headers.get('content-type'),
        new TextDecoder().decode(bytes.slice(1, 4)),
        view.getUint32(16),
        view.getUint32(20),
      ],
      ['image/png', 'PNG', 1280, 720],
      'type, signature, width, height',
    );
  });
  return checks;
}
