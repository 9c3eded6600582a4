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
