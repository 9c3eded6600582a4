/**
 * One request's account, kept from its first middleware to its log line: its id, who it is counted
 * as, what it asked for (tool, format), which limits it was counted against and whether one refused
 * it, how many layout findings it got, and where its time went (validation, layout, draw, store,
 * for `Server-Timing`). It also wraps the layout check and the formats a request's tools and routes
 * use, so the drawing limit is counted exactly when a slide is drawn or laid out, and timed there.
 */
import { IMAGE_FORMAT_NAMES } from '../core/formats.ts';
import type { IsomerTool } from '../core/tools/tools.ts';
import type { IsomerToolResult } from '../core/tools/results.ts';
import type { IsomerToolsFormat, IsomerToolsLayoutCheck } from '../core/tools/types.ts';
import type { SignedInBy } from './auth.ts';
import { countRequest, type RateClass, type RateLimits, type RateRefusal } from './rate-limits.ts';

/** The phases `Server-Timing` reports, in its order. */
export const TIMING_PHASES = ['validate', 'layout', 'draw', 'store'] as const;
export type TimingPhase = (typeof TIMING_PHASES)[number];

/** Thrown by a gated image format when the drawing limit refuses: the tool fails, the meter knows why. */
class DrawingRefused extends Error {
  override name = 'DrawingRefused';
}

const now = () => performance.now();

/** Whether a format's name is an image format's: drawing it counts against the drawing limit. */
export const isImageFormat = (format: unknown): boolean =>
  typeof format === 'string' && (IMAGE_FORMAT_NAMES as readonly string[]).includes(format);

export class RequestMeter {
  /** Where the request came in, for the duration. */
  readonly started = now();
  /** The rate key the caller is counted under (never logged as it is). */
  key: string | undefined;
  by: SignedInBy | undefined;
  /** The tool a request called, over HTTP or MCP (a name the Worker serves, never the caller's text). */
  tool: string | undefined;
  /** The format asked for (a served format's name). */
  format: string | undefined;
  /** Layout findings the request's checks reported. */
  findings = 0;
  /** The classes the request was counted in. */
  readonly counted = new Set<RateClass>();
  /** The limit that refused the request, if one did. */
  refusal: RateRefusal | undefined;
  private limits: RateLimits = {};
  private drawingCount: Promise<RateRefusal | undefined> | undefined;
  /** Drawing units counted so far: one per slide drawn or laid out (a deck's slides each count). */
  private drawingUnits = 0;
  /** Slides this request's formats drew, and its layout check laid out (each asks for that many units). */
  private slidesDrawn = 0;
  private slidesLaidOut = 0;
  private readonly timings = new Map<TimingPhase, number>();

  readonly requestId: string;

  constructor(requestId: string) {
    this.requestId = requestId;
  }

  /** Who the request is from, and the limits it is counted with. */
  signIn(by: SignedInBy, key: string, limits: RateLimits): void {
    this.by = by;
    this.key = key;
    this.limits = limits;
  }

  private async count(rateClass: RateClass): Promise<RateRefusal | undefined> {
    if (this.key === undefined) return undefined;
    if (this.limits[rateClass]) this.counted.add(rateClass);
    const refusal = await countRequest(this.limits, rateClass, this.key);
    this.refusal ??= refusal;
    return refusal;
  }

  /** Counts the request against the general limit (every guarded request, once). */
  countGeneral(): Promise<RateRefusal | undefined> {
    return this.count('general');
  }

  /**
   * Counts the request against the drawing limit: one unit per slide it draws or lays out, `slides`
   * in all, however many times it asks (a slide laid out and then drawn is one unit; a deck of 20
   * slides drawn is 20). Counts only the units not counted yet, stopping at the first refusal.
   */
  drawing(slides = 1): Promise<RateRefusal | undefined> {
    const more = slides - this.drawingUnits;
    if (more > 0) {
      this.drawingUnits = slides;
      const before = this.drawingCount ?? Promise.resolve(undefined);
      this.drawingCount = before.then(async (refused) => {
        if (refused) return refused;
        for (let unit = 0; unit < more; unit++) {
          const refusal = await this.count('drawing');
          if (refusal) return refusal;
        }
        return undefined;
      });
    }
    return this.drawingCount ?? Promise.resolve(undefined);
  }

  /** Adds time to a phase. */
  add(phase: TimingPhase, ms: number): void {
    this.timings.set(phase, (this.timings.get(phase) ?? 0) + Math.max(0, ms));
  }

  /** Time spent in a phase so far. */
  spent(phase: TimingPhase): number {
    return this.timings.get(phase) ?? 0;
  }

  /** Times `work` as `phase`, less what other phases spent inside it (a store that draws). */
  async time<T>(phase: TimingPhase, work: () => Promise<T>): Promise<T> {
    const inner = TIMING_PHASES.filter((other) => other !== phase).reduce((sum, other) => sum + this.spent(other), 0);
    const start = now();
    try {
      return await work();
    } finally {
      const innerAfter = TIMING_PHASES.filter((other) => other !== phase).reduce(
        (sum, other) => sum + this.spent(other),
        0,
      );
      this.add(phase, now() - start - (innerAfter - inner));
    }
  }

  /** `Server-Timing` for the phases the request went through, or `undefined` when none. */
  serverTiming(): string | undefined {
    const entries = TIMING_PHASES.filter((phase) => this.timings.has(phase)).map(
      (phase) => `${phase};dur=${this.spent(phase).toFixed(1)}`,
    );
    return entries.length > 0 ? entries.join(', ') : undefined;
  }

  /**
   * The layout check for this request: it counts the request against the drawing limit when a slide
   * is actually about to be laid out (a valid composition, the check on), and measures nothing once
   * refused; it times the work and counts the findings.
   */
  layout(check: IsomerToolsLayoutCheck): IsomerToolsLayoutCheck {
    return {
      prepare: async (composition) => {
        this.slidesLaidOut += 1;
        if (await this.drawing(this.slidesLaidOut)) return;
        const start = now();
        try {
          await check.prepare?.(composition);
        } finally {
          this.add('layout', now() - start);
        }
      },
      check: (composition, options) => {
        if (this.refusal) return [];
        const start = now();
        const findings = check.check(composition, options);
        this.add('layout', now() - start);
        this.findings += findings.length;
        return findings;
      },
    };
  }

  /**
   * The formats for this request: each draw timed; an image format counted against the drawing
   * limit first, one unit per slide (a deck's PDF counts each page).
   */
  formats(formats: Readonly<Record<string, IsomerToolsFormat>>): Record<string, IsomerToolsFormat> {
    const wrapped: Record<string, IsomerToolsFormat> = {};
    const timed = async <T>(name: string, slides: number, draw: () => T | Promise<T>): Promise<T> => {
      if (isImageFormat(name)) {
        this.slidesDrawn += slides;
        if (await this.drawing(this.slidesDrawn)) throw new DrawingRefused('over the drawing limit');
      }
      const start = now();
      try {
        return await draw();
      } finally {
        this.add('draw', now() - start);
      }
    };
    for (const [name, format] of Object.entries(formats)) {
      const { renderDeck } = format;
      wrapped[name] = {
        ...format,
        render: (composition, options) => timed(name, 1, () => format.render(composition, options)),
        // Only a format that has its own deck output keeps one: the others draw slide by slide.
        ...(renderDeck
          ? {
              renderDeck: (compositions, options) =>
                timed(name, compositions.length, () => renderDeck.call(format, compositions, options)),
            }
          : {}),
      };
    }
    return wrapped;
  }

  /**
   * Calls a tool for this request: what it asked for noted, an image render counted against the
   * drawing limit before anything is checked, its time split into validation and the rest. Answers
   * the tool's result, or the refusal when a limit refused the call at any step.
   */
  async callTool(
    tool: Pick<IsomerTool, 'name' | 'handler'>,
    input: unknown,
    options: { signal?: AbortSignal },
  ): Promise<IsomerToolResult | RateRefusal> {
    this.tool = tool.name;
    const format = (input as { format?: unknown } | null)?.format;
    if (typeof format === 'string') this.format = format;
    if (isImageFormat(format)) {
      const refusal = await this.drawing();
      if (refusal) return refusal;
    }
    const before = this.spent('layout') + this.spent('draw');
    const start = now();
    const result = await tool.handler(input as never, options.signal ? { signal: options.signal } : {});
    this.add('validate', now() - start - (this.spent('layout') + this.spent('draw') - before));
    return this.refusal ?? result;
  }
}

/** Whether a tool call's answer is a refusal rather than a result. */
export const isRefusal = (answer: IsomerToolResult | RateRefusal): answer is RateRefusal => 'rateClass' in answer;
