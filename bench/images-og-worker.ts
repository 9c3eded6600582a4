/**
 * Dev-only comparison for `bench/images.ts`: the representative slide (deck-split-slide) drawn by
 * `@cf-wasm/og` (satori + resvg). Satori takes inline styles, not a stylesheet, so the slide is
 * restated here as an element tree with the same geometry, text and fonts (Inter and Roboto Mono
 * as woff: this satori reads no woff2).
 */
/// <reference path="./images-modules.d.ts" />
import { CustomFont, render } from '@cf-wasm/og';
import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff';
import inter700 from '@fontsource/inter/files/inter-latin-700-normal.woff';
import inter800 from '@fontsource/inter/files/inter-latin-800-normal.woff';
import mono400 from '@fontsource/roboto-mono/files/roboto-mono-latin-400-normal.woff';

type Element = {
  type: string;
  props: { style?: Record<string, unknown>; children?: (Element | string)[] | Element | string };
};

// Satori lays out only flex boxes: any element with more than one child must say so.
const el = (type: string, style: Record<string, unknown>, ...children: (Element | string)[]): Element => ({
  type,
  props: { style: { display: 'flex', ...style }, children },
});

const fonts = [
  new CustomFont('Inter', inter400, { weight: 400 }),
  new CustomFont('Inter', inter700, { weight: 700 }),
  new CustomFont('Inter', inter800, { weight: 800 }),
  new CustomFont('Roboto Mono', mono400, { weight: 400 }),
];

const line = (text: string) =>
  el('div', { height: 38, lineHeight: '38px', padding: '0 32px', whiteSpace: 'pre' }, text);
const bullet = (text: string) =>
  el(
    'div',
    { display: 'flex', gap: 20, fontSize: 32, lineHeight: 1.4 },
    el('div', { width: 32, color: '#0B64DD' }, '•'),
    el('div', {}, text),
  );

function slide(): Element {
  return el(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      width: 1920,
      height: 1080,
      padding: '112px 128px 120px',
      background: '#F7F6F1',
      color: '#1A1C21',
      fontFamily: 'Inter',
      fontSize: 28,
    },
    el(
      'div',
      { display: 'flex', flexDirection: 'column', gap: 48, flexGrow: 1 },
      el(
        'div',
        { display: 'flex', flexDirection: 'column', gap: 16 },
        el(
          'div',
          { display: 'flex', fontSize: 76, fontWeight: 800, lineHeight: 1.05 },
          'A slide is\u00a0',
          el('span', { color: '#0B64DD' }, 'one composition'),
        ),
        el(
          'div',
          { fontSize: 36, color: '#475467', lineHeight: 1.35 },
          'The same tree renders here, in Markdown, and in Slack.',
        ),
      ),
      el(
        'div',
        { display: 'flex', gap: 32 },
        el(
          'div',
          {
            display: 'flex',
            flexDirection: 'column',
            width: 808,
            background: '#ECEAE3',
            border: '1.5px solid #D9DEE8',
            borderRadius: 12,
          },
          el(
            'div',
            {
              display: 'flex',
              justifyContent: 'space-between',
              padding: '12px 32px',
              borderBottom: '1.5px solid #D9DEE8',
              fontSize: 24,
              color: '#475467',
            },
            'slide.ts',
            el('span', { fontWeight: 700, letterSpacing: '0.14em' }, 'TS'),
          ),
          el(
            'div',
            { display: 'flex', flexDirection: 'column', padding: '24px 0', fontFamily: 'Roboto Mono', fontSize: 26 },
            line('runtime.surfaces.markdown.render(slide);'),
            line('runtime.surfaces.slack.render(slide);'),
            line('runtime.surfaces.snapshot.render(slide);'),
          ),
        ),
        el(
          'div',
          { display: 'flex', alignItems: 'center', width: 56 },
          el('div', { width: 32, height: 4, background: '#6A717D' }),
        ),
        el(
          'div',
          {
            display: 'flex',
            flexDirection: 'column',
            flexGrow: 1,
            gap: 20,
            borderTop: '4px solid #0B64DD',
            paddingTop: 16,
          },
          el('div', { fontSize: 24, fontWeight: 700, letterSpacing: '0.14em', color: '#0B64DD' }, 'SURFACES'),
          bullet('Markdown'),
          bullet('Slack blocks'),
          bullet('An image'),
        ),
      ),
    ),
    el(
      'div',
      { display: 'flex', justifyContent: 'space-between', fontSize: 24, color: '#6A717D' },
      el('div', {}, 'Isomer · 01 Primitives'),
      el('div', {}, 'elastic.github.io/isomer'),
    ),
  );
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const renderOnce = async (): Promise<Uint8Array<ArrayBuffer>> =>
      (await render(slide() as unknown as Parameters<typeof render>[0], { width: 1920, height: 1080, fonts }).asPng())
        .image;
    if (url.pathname === '/render')
      return new Response(await renderOnce(), { headers: { 'content-type': 'image/png' } });
    if (url.pathname === '/time') {
      const runs = Number(url.searchParams.get('runs') ?? '10');
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        await renderOnce();
        times.push(performance.now() - start);
      }
      return Response.json({ times });
    }
    return new Response('ok');
  },
};
