/**
 * `isomer_show` as the library offers it (`createIsomerTools({ show: true })`), and the MCP Apps
 * names it and the Worker use, pinned to the official SDK's own constants.
 */
import { EXTENSION_ID, RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import { describe, expect, it } from 'vitest';
import {
  createCompositionRenderer,
  createIsomerShowTool,
  createIsomerTools,
  ISOMER_SHOW_APP_URI,
  ISOMER_SHOW_TOOL,
  ISOMER_TOOL_NAMES,
} from '../../../src/index.ts';
import { slideDeckFrame } from '../../../src/packs/slides/index.ts';
import { MCP_APP_MIME_TYPE, MCP_APPS_EXTENSION } from '../../../src/worker/show-app.ts';
import { slidesRuntime } from '../../support/slides.ts';
import { oneSlide } from '../../support/one-slide.ts';

const runtime = slidesRuntime;

describe('createIsomerTools({ show: true })', () => {
  it('adds isomer_show after the others (four here: no views); without the option they stay as they are', () => {
    const names = createIsomerTools({ runtime, frame: slideDeckFrame, show: true }).map((tool) => tool.name);
    expect(names).toEqual([...Object.values(ISOMER_TOOL_NAMES).slice(0, 4), ISOMER_SHOW_TOOL]);
    expect(createIsomerTools({ runtime, frame: slideDeckFrame }).map((tool) => tool.name)).toEqual(
      Object.values(ISOMER_TOOL_NAMES).slice(0, 4),
    );
  });

  it('links the app by both keys the SDK defines', () => {
    const show = createIsomerTools({ runtime, frame: slideDeckFrame, show: true }).at(-1)!;
    expect(show._meta).toEqual({
      ui: { resourceUri: ISOMER_SHOW_APP_URI },
      [RESOURCE_URI_META_KEY]: ISOMER_SHOW_APP_URI,
    });
    expect(ISOMER_SHOW_APP_URI.startsWith('ui://')).toBe(true);
  });

  it('the Worker’s MCP Apps names are the SDK’s', () => {
    expect(MCP_APP_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
    expect(MCP_APPS_EXTENSION).toBe(EXTENSION_ID);
  });
});

describe('the show tool', () => {
  const show = createIsomerShowTool(createCompositionRenderer({ runtime, frame: slideDeckFrame, heading: false }));

  it('draws the checked copy: Markdown as content, the HTML document as structured content', async () => {
    const result = await show.handler({ composition: oneSlide() });
    expect(result.isError).toBeUndefined();
    expect(result.content).toHaveLength(1);
    expect(result.structuredContent).toMatchObject({ valid: true, theme: 'auto', title: 'Refunds settle in two days' });
    expect(String(result.structuredContent!.html)).toContain('Search tolerates typos');
  });

  it('never rejects, whatever it is given', async () => {
    for (const composition of [null, 1, 'x', [], { type: 'view' }, { type: 'view', body: 'x' }]) {
      const result = await show.handler({ composition: composition as never });
      expect(result.isError).toBe(true);
      expect(result.structuredContent?.valid).toBe(false);
    }
  });
});
