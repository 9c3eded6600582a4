/**
 * Draws for callers that can leave take turns. A draw is one long synchronous WASM call, so while one
 * runs nothing else in the isolate does, not even the cancellation of a request whose client has
 * gone. Waiting for its turn, and then for one turn of the event loop, lets that cancellation land
 * before the draw starts: queued work for a gone client never starts.
 */

let queue: Promise<unknown> = Promise.resolve();

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `draw` after the draws queued before it, unless `signal` aborts first (then rejects with its
 * reason). Without a signal the draw runs at once, as before: nothing can cancel it anyway.
 */
export async function drawInTurn<T>(signal: AbortSignal | undefined, draw: () => T): Promise<T> {
  if (!signal) return draw();
  signal.throwIfAborted();
  const turn = queue.then(async () => {
    signal.throwIfAborted();
    await nextTask();
    signal.throwIfAborted();
    return draw();
  });
  queue = turn.catch(() => undefined);
  return turn;
}

/** Work several callers wait for: it stops only when every one of them has left. */
interface Shared {
  readonly result: Promise<unknown>;
  readonly stop: AbortController;
  waiting: number;
}

/**
 * Pictures that callers may ask for at once (a chat bot's retries, a client that gives up and asks
 * again): one piece of work per key while it runs, whoever asks. One instance per set of formats,
 * since a key names a picture only within the formats that draw it.
 */
export interface SharedDraws {
  /**
   * Answers `own(result)` of the work running under `key`, or starts `work` (given a signal that
   * aborts once no caller is left, to hand to `drawInTurn`). A caller that leaves stops waiting at
   * once; the work stops at its next check only when nobody waits. Without a signal or a key the
   * work runs for this caller alone, as before. `key` must name everything the result depends on.
   */
  draw<T>(
    key: string | undefined,
    signal: AbortSignal | undefined,
    work: (signal: AbortSignal | undefined) => Promise<T>,
    own?: (result: T) => T,
  ): Promise<T>;
  /** How many keys have work running (for tests). */
  readonly running: number;
}

export function sharedDraws(): SharedDraws {
  const running = new Map<string, Shared>();
  const start = (key: string, work: (signal: AbortSignal) => Promise<unknown>): Shared => {
    const stop = new AbortController();
    const shared: Shared = {
      result: work(stop.signal).finally(() => {
        if (running.get(key) === shared) running.delete(key);
      }),
      stop,
      waiting: 0,
    };
    // Each waiter sees a failure through its own await; none may surface as unhandled.
    shared.result.catch(() => undefined);
    running.set(key, shared);
    return shared;
  };
  return {
    get running() {
      return running.size;
    },
    async draw(key, signal, work, own = (result) => result) {
      signal?.throwIfAborted();
      if (!signal || key === undefined) return work(signal);
      const shared = running.get(key) ?? start(key, work);
      shared.waiting += 1;
      let leave!: () => void;
      const left = new Promise<never>((_, reject) => {
        leave = () => {
          shared.waiting -= 1;
          if (shared.waiting === 0) shared.stop.abort(signal.reason);
          reject(signal.reason);
        };
      });
      // Leaving after the answer came rejects a promise nobody reads any more.
      left.catch(() => undefined);
      signal.addEventListener('abort', leave, { once: true });
      try {
        return own((await Promise.race([shared.result, left])) as Awaited<ReturnType<typeof work>>);
      } finally {
        signal.removeEventListener('abort', leave);
        if (!signal.aborted) shared.waiting -= 1;
      }
    },
  };
}
