import { describe, expect, it } from 'vitest';
import { createIsomerRuntime, definePrimitivePack } from '../../../src/index.ts';
import { slideDeckFrame, slidesPack } from '../../../src/packs/slides/index.ts';
import { fixtureBoard, fixtureBoardFrame, fixtureCardsPack } from '../../support/packs/fixture-cards.ts';
import { fixtureNotesFrame, fixtureNote } from '../../support/packs/fixture-notes.ts';
import { oneSlide } from '../../support/one-slide.ts';

const slideNode = oneSlide().body[0]!;
const cardNode = fixtureBoard(1).body[0]!;
const noteNode = { type: 'note', text: 'Deploys are green.' };

function thrown(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected a throw');
}

describe('frames a pack brings', () => {
  it('registers a pack’s frame without any frames option, as the default when it is the only one', () => {
    const runtime = createIsomerRuntime({ packs: [slidesPack] });
    expect([...runtime.frames!.frames]).toEqual([['slide', slideDeckFrame]]);
    expect(runtime.frames!.defaultFrame).toBe('slide');
    expect(runtime.surfaces.snapshot).toBeDefined();
    // The documented pairing still works: the same frame under the same name is one frame.
    const paired = createIsomerRuntime({ packs: [slidesPack], frames: { slide: slideDeckFrame } });
    expect([...paired.frames!.frames.keys()]).toEqual(['slide']);
  });

  it('lets a host frame of the same name replace the pack’s, and adds others beside it', () => {
    const replaced = createIsomerRuntime({ packs: [slidesPack], frames: { slide: fixtureNotesFrame } });
    expect(replaced.frames!.frames.get('slide')).toBe(fixtureNotesFrame);
    const beside = createIsomerRuntime({ packs: [slidesPack, fixtureCardsPack], frames: { note: fixtureNotesFrame } });
    expect([...beside.frames!.frames.keys()]).toEqual(['slide', 'board', 'note']);
  });

  it('defaults to the first pack’s frame among several, or the one named', () => {
    expect(createIsomerRuntime({ packs: [fixtureCardsPack, slidesPack] }).frames!.defaultFrame).toBe('board');
    expect(createIsomerRuntime({ packs: [slidesPack, fixtureCardsPack] }).frames!.defaultFrame).toBe('slide');
    expect(
      createIsomerRuntime({ packs: [slidesPack, fixtureCardsPack], defaultFrame: 'board' }).frames!.defaultFrame,
    ).toBe('board');
    expect(thrown(() => createIsomerRuntime({ packs: [slidesPack], defaultFrame: 'board' })).code).toBe(
      'UNKNOWN_FRAME',
    );
  });

  it('refuses two packs bringing different frames under one name, and an empty name', () => {
    const other = definePrimitivePack({
      id: 'other',
      primitives: [fixtureNote],
      frame: { name: 'slide', frame: fixtureNotesFrame },
    });
    const error = thrown(() => createIsomerRuntime({ packs: [slidesPack, other] }));
    expect(error.code).toBe('AMBIGUOUS_FRAME');
    expect(error.message).toContain('pack "other" brings another frame named "slide"');
    expect(
      thrown(() =>
        definePrimitivePack({ id: 'x', primitives: [fixtureNote], frame: { name: '', frame: fixtureNotesFrame } }),
      ).code,
    ).toBe('UNKNOWN_FRAME');
    // Two packs sharing one frame object share it.
    const sharing = definePrimitivePack({
      id: 'sharing',
      primitives: [fixtureNote],
      frame: { name: 'slide', frame: slideDeckFrame },
    });
    expect([...createIsomerRuntime({ packs: [slidesPack, sharing] }).frames!.frames.keys()]).toEqual(['slide']);
  });
});

describe('the frames a composition uses', () => {
  // A pack without a frame of its own: its nodes are drawn in the default frame.
  const plain = definePrimitivePack({ id: 'plain', primitives: [fixtureNote] });
  const runtime = createIsomerRuntime({ packs: [slidesPack, fixtureCardsPack, plain] });
  const frames = runtime.frames!;

  it('are its top-level nodes’ packs’ frames, once each in body order; the default for a frameless pack and an empty body', () => {
    expect(frames.framesFor([slideNode])).toEqual(['slide']);
    expect(frames.framesFor([cardNode, cardNode])).toEqual(['board']);
    expect(frames.framesFor([cardNode, slideNode, cardNode])).toEqual(['board', 'slide']);
    expect(frames.framesFor([noteNode])).toEqual(['slide']);
    expect(frames.framesFor([cardNode, noteNode])).toEqual(['board', 'slide']);
    expect(frames.framesFor([])).toEqual(['slide']);
  });

  it('bind it by each of those frames’ rules, and no other', () => {
    expect(frames.validateBody(fixtureBoard(3).body)).toEqual([]);
    expect(frames.validateBody(fixtureBoard(4).body)).toEqual(fixtureBoardFrame.validateBody!(fixtureBoard(4).body));
    expect(frames.validateBody([slideNode, slideNode])).toEqual(slideDeckFrame.validateBody!([slideNode, slideNode]));
    // A node of a frameless pack is drawn in the default frame, whose rule says to wrap it in a slide.
    expect(frames.validateBody([noteNode])).toEqual(slideDeckFrame.validateBody!([noteNode]));
    expect(frames.validateBody([cardNode, slideNode])).toEqual([
      ...fixtureBoardFrame.validateBody!([cardNode, slideNode]),
      ...slideDeckFrame.validateBody!([cardNode, slideNode]),
    ]);
    expect(frames.validateBody([cardNode, slideNode])).toHaveLength(1);
  });

  it('draw it in the first of them unless the render names one, whose rule alone then applies', () => {
    const snapshot = runtime.surfaces.snapshot!;
    expect(snapshot.frameFor(fixtureBoard(2))).toBe('board');
    expect(snapshot.frameFor({ type: 'view', body: [noteNode] })).toBe('slide');
    expect(snapshot.frameFor('not a composition')).toBe('slide');
    const drawn = snapshot.render(fixtureBoard(2));
    expect({ width: drawn.width, html: drawn.html.startsWith('<div class="card-board"') }).toEqual({
      width: 960,
      html: true,
    });
    expect(snapshot.render(oneSlide()).width).toBe(1920);
    expect(thrown(() => snapshot.render(fixtureBoard(4)))).toMatchObject({
      code: 'INVALID_FRAME_BODY',
      message: expect.stringContaining('Frame "board" rejects this composition: a board holds at most 3 cards'),
    });
    expect(thrown(() => snapshot.render(fixtureBoard(2), { frame: 'slide' }))).toMatchObject({
      code: 'INVALID_FRAME_BODY',
      message: expect.stringContaining('Frame "slide" rejects this composition'),
    });
    // A deck's pages are one document, in the frame its first page uses.
    expect(snapshot.renderPages([fixtureBoard(1), fixtureBoard(3)]).width).toBe(960);
    expect(snapshot.renderNode(cardNode).width).toBe(960);
  });
});
