/**
 * The MCP endpoint driven by the official client SDK over Streamable HTTP against a running Worker:
 * every tool, both resources, the prompt — once per protocol era.
 */
import { Client, StreamableHTTPClientTransport, type VersionNegotiationMode } from '@modelcontextprotocol/client';
import { ISOMER_SHOW_APP_URI, ISOMER_SHOW_TOOL, ISOMER_TOOL_NAMES } from '../../src/core/tools/names.ts';
import { oneSlide } from '../support/one-slide.ts';
import { unescapedSlackSyntax } from '../../src/core/chat-hosts/slack/checks.ts';
import { Checks, expectEqual } from './checks.ts';

type ToolCall = Awaited<ReturnType<Client['callTool']>>;

function textOf(result: ToolCall): string {
  const block = (result.content as { type: string; text?: string }[] | undefined)?.[0];
  if (block?.type !== 'text' || typeof block.text !== 'string')
    throw new Error(`expected a text block, got ${JSON.stringify(result).slice(0, 200)}`);
  return block.text;
}

async function connect(url: string, mode: VersionNegotiationMode, token?: string): Promise<Client> {
  const client = new Client({ name: 'isomer-edge-e2e', version: '1.0.0' }, { versionNegotiation: { mode } });
  const transport = new StreamableHTTPClientTransport(
    new URL('/mcp', url),
    token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {},
  );
  await client.connect(transport);
  return client;
}

export const ERAS: { label: string; mode: VersionNegotiationMode; expect: (version: string | undefined) => boolean }[] =
  [
    { label: 'mcp 2026-07-28', mode: { pin: '2026-07-28' }, expect: (version) => version === '2026-07-28' },
    // The client's plain 2025 handshake: `initialize`, served by the SDK's stateless legacy fallback.
    {
      label: 'mcp 2025 (legacy)',
      mode: 'legacy',
      expect: (version) => typeof version === 'string' && version.startsWith('2025-'),
    },
  ];

export async function mcpClientChecks(url: string): Promise<Checks> {
  const all = new Checks('');
  for (const era of ERAS) {
    const checks = new Checks(era.label);
    let client: Client | undefined;
    await checks.check('connects', async () => {
      client = await connect(url, era.mode);
      return era.expect(client.getNegotiatedProtocolVersion()) || `negotiated ${client.getNegotiatedProtocolVersion()}`;
    });
    if (!client) {
      all.results.push(...checks.results);
      continue;
    }
    const c = client;
    await checks.check('tools/list names the six tools in order, then isomer_show', async () => {
      const { tools } = await c.listTools();
      return expectEqual(
        tools.map((tool) => tool.name),
        [...Object.values(ISOMER_TOOL_NAMES), ISOMER_SHOW_TOOL],
        'tool names',
      );
    });
    await checks.check('isomer_authoring_guide (no arguments)', async () => {
      const text = textOf(await c.callTool({ name: 'isomer_authoring_guide' }));
      return (text.includes('## Rules') && text.includes('summary-slide')) || 'guide lacks rules or the sample view';
    });
    await checks.check('isomer_describe_primitives', async () => {
      const text = textOf(
        await c.callTool({
          name: 'isomer_describe_primitives',
          arguments: { types: ['slideHeading', 'slideBulletList'] },
        }),
      );
      return (text.includes('slideHeading') && text.includes('slideBulletList')) || text.slice(0, 200);
    });
    await checks.check('isomer_validate accepts a valid slide', async () => {
      return expectEqual(
        JSON.parse(textOf(await c.callTool({ name: 'isomer_validate', arguments: { composition: oneSlide() } }))).valid,
        true,
        'valid',
      );
    });
    await checks.check('isomer_validate reports errors as a normal answer', async () => {
      const result = await c.callTool({
        name: 'isomer_validate',
        arguments: { composition: { type: 'view', body: [{ type: 'slideFrame', body: [{ type: 'slideHeading' }] }] } },
      });
      const answer = JSON.parse(textOf(result));
      return (
        (result.isError !== true &&
          answer.valid === false &&
          answer.errors.some((e: string) => e.startsWith('body[0].body[0].title (in slideHeading)'))) ||
        JSON.stringify(answer).slice(0, 300)
      );
    });
    for (const format of ['text', 'markdown', 'html', 'slack'] as const) {
      await checks.check(`isomer_render ${format}`, async () => {
        const text = textOf(
          await c.callTool({
            name: 'isomer_render',
            arguments: { composition: oneSlide({ points: ['<!channel> ship it'] }), format },
          }),
        );
        if (format === 'slack') {
          const message = JSON.parse(text);
          const raw = unescapedSlackSyntax(message);
          return (
            (Array.isArray(message.blocks) && raw.length === 0) || `mention syntax left unescaped: ${raw.join(' | ')}`
          );
        }
        return text.includes('Refunds') || text.slice(0, 200);
      });
    }
    await checks.check('isomer_render fails an invalid composition with isError', async () => {
      const result = await c.callTool({
        name: 'isomer_render',
        arguments: { composition: { type: 'view', body: [] }, format: 'text' },
      });
      return result.isError === true || 'expected isError';
    });
    // A deck: three slides in one call, named by their titles so the order can be read back.
    const deckSlides = ['Refunds settle in two days', 'Chargebacks fall by half', 'Payouts run hourly'].map((title) =>
      oneSlide({ title }),
    );
    await checks.check('isomer_validate accepts a deck and places a slide’s error under compositions[i]', async () => {
      const valid = JSON.parse(
        textOf(await c.callTool({ name: 'isomer_validate', arguments: { compositions: deckSlides } })),
      );
      const broken = [
        deckSlides[0],
        { type: 'view', body: [{ type: 'slideFrame', body: [{ type: 'slideHeading' }] }] },
      ];
      const invalid = JSON.parse(
        textOf(await c.callTool({ name: 'isomer_validate', arguments: { compositions: broken } })),
      );
      return (
        (valid.valid === true &&
          invalid.valid === false &&
          invalid.errors.some((e: string) =>
            e.startsWith('compositions[1].body[0].body[0].title (in slideHeading)'),
          )) ||
        JSON.stringify({ valid, invalid }).slice(0, 300)
      );
    });
    await checks.check('isomer_render draws a deck: Markdown in order, a PNG per slide, one PDF', async () => {
      const markdown = textOf(
        await c.callTool({ name: 'isomer_render', arguments: { compositions: deckSlides, format: 'markdown' } }),
      );
      const order = deckSlides.map((slide) => markdown.indexOf(slide.title));
      const png = await c.callTool({ name: 'isomer_render', arguments: { compositions: deckSlides, format: 'png' } });
      const pngs = (png.content as { type: string; mimeType?: string }[]).filter(
        (block) => block.type === 'image' && block.mimeType === 'image/png',
      );
      const pdf = await c.callTool({ name: 'isomer_render', arguments: { compositions: deckSlides, format: 'pdf' } });
      const resource = (pdf.content as { type: string; resource?: { mimeType: string; blob: string } }[])[0];
      const pages = atob(resource?.resource?.blob ?? '').match(/\/Type\s*\/Page\b/g)?.length;
      return (
        (order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)) && pngs.length === 3 && pages === 3) ||
        `order ${order}, ${pngs.length} PNGs, ${pages} PDF pages`
      );
    });
    await checks.check('isomer_show: the Markdown for a client that did not declare MCP Apps', async () => {
      const result = await c.callTool({ name: ISOMER_SHOW_TOOL, arguments: { composition: oneSlide() } });
      const text = textOf(result);
      // A 2026 client declares its capabilities on every request (none here: text only); a 2025
      // client's initialize is not seen by the stateless endpoint, so it gets the app's data too.
      const structured = result.structuredContent as { valid?: boolean } | undefined;
      const expected = era.mode === 'legacy' ? structured?.valid === true : structured === undefined;
      return (
        (text.includes('Refunds') && expected) ||
        `text ${text.slice(0, 80)}, structured ${JSON.stringify(structured)?.slice(0, 80)}`
      );
    });
    await checks.check('isomer_list_views (no arguments)', async () => {
      return (
        JSON.parse(textOf(await c.callTool({ name: 'isomer_list_views' }))).some(
          (view: { id: string }) => view.id === 'summary-slide',
        ) || 'summary-slide missing'
      );
    });
    await checks.check('isomer_request_view builds summary-slide', async () => {
      const answer = JSON.parse(
        textOf(
          await c.callTool({
            name: 'isomer_request_view',
            arguments: {
              id: 'summary-slide',
              input: { title: 'Search now forgives typos', points: ['Fewer empty results'] },
            },
          }),
        ),
      );
      return (
        (answer.valid === true && answer.composition.body[0].type === 'slideFrame') ||
        JSON.stringify(answer).slice(0, 300)
      );
    });
    await checks.check('a call that fails the input schema is a tool error, not a crash', async () => {
      try {
        const result = await c.callTool({ name: 'isomer_describe_primitives', arguments: { types: [] } });
        return result.isError === true || 'expected isError';
      } catch (error) {
        // Some eras answer invalid params as a JSON-RPC error instead; either is a clean refusal.
        return /invalid|-32602/i.test(String(error)) || String(error);
      }
    });
    await checks.check('resources/list and resources/read both resources', async () => {
      const { resources } = await c.listResources();
      const uris = resources.map((resource) => resource.uri);
      if (
        expectEqual(uris, ['isomer://authoring-guide', 'isomer://composition-schema', ISOMER_SHOW_APP_URI], 'uris') !==
        true
      )
        return `uris ${uris.join(', ')}`;
      const guide = (await c.readResource({ uri: 'isomer://authoring-guide' })).contents[0] as {
        mimeType?: string;
        text?: string;
      };
      const schema = (await c.readResource({ uri: 'isomer://composition-schema' })).contents[0] as {
        mimeType?: string;
        text?: string;
      };
      if (guide.mimeType !== 'text/markdown' || !guide.text?.includes('## Rules')) return 'guide resource';
      if (schema.mimeType !== 'application/json' || typeof JSON.parse(schema.text ?? 'null') !== 'object')
        return 'schema resource';
      return true;
    });
    await checks.check('prompts/list and prompts/get compose', async () => {
      const { prompts } = await c.listPrompts();
      if (prompts.map((prompt) => prompt.name).join() !== 'compose')
        return `prompts ${prompts.map((prompt) => prompt.name).join()}`;
      const result = await c.getPrompt({ name: 'compose', arguments: { request: 'Show Q3 revenue by region' } });
      const content = result.messages[0]?.content as { type: string; text?: string } | undefined;
      return (
        (content?.type === 'text' && content.text!.endsWith('## Request\n\nShow Q3 revenue by region')) || 'prompt text'
      );
    });
    await c.close().catch(() => {});
    all.results.push(...checks.results);
  }
  return all;
}

/** Against a Worker started with ISOMER_TOKENS: no token is refused; a token's context reaches views. */
export async function mcpAuthChecks(url: string, token: string, brand: string): Promise<Checks> {
  const checks = new Checks('mcp auth');
  await checks.check('connecting without a token is refused', async () => {
    try {
      const client = await connect(url, { pin: '2026-07-28' });
      await client.close();
      return 'connected without a token';
    } catch (error) {
      return /401|unauthorized/i.test(String(error)) || String(error).slice(0, 200);
    }
  });
  await checks.check('a wrong token is refused', async () => {
    try {
      const client = await connect(url, 'legacy', 'tok_wrong_wrong_wrong_wrong');
      await client.close();
      return 'connected with a wrong token';
    } catch (error) {
      return /401|unauthorized/i.test(String(error)) || String(error).slice(0, 200);
    }
  });
  for (const era of ERAS) {
    await checks.check(`${era.label}: the caller's context reaches the view`, async () => {
      const client = await connect(url, era.mode, token);
      try {
        const answer = JSON.parse(
          textOf(
            await client.callTool({
              name: 'isomer_request_view',
              arguments: {
                id: 'summary-slide',
                input: { title: 'Search now forgives typos', points: ['Fewer empty results'] },
              },
            }),
          ),
        );
        return expectEqual(answer.composition?.body?.[0]?.brand, brand, 'brand from the caller context');
      } finally {
        await client.close().catch(() => {});
      }
    });
  }
  return checks;
}
