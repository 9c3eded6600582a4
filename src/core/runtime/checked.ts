/**
 * Which copies this runtime validated and found valid, so one request validates a composition once
 * and every surface, check and format after that draws the same frozen copy.
 */
import type { Composition } from '../model/composition.ts';

/**
 * The copies this runtime validated and found valid, frozen so they cannot change afterwards: a
 * surface handed one draws it as it is, so a request is validated once however many surfaces,
 * checks and formats then read it.
 */
export class CheckedCopies {
  private readonly copies = new WeakSet<object>();

  /** Freezes a valid copy (every object and array in it) and remembers it. */
  add(composition: Composition): void {
    deepFreeze(composition);
    this.copies.add(composition);
  }

  has(value: unknown): value is Composition {
    return typeof value === 'object' && value !== null && this.copies.has(value);
  }
}

// A validated copy is a tree of plain data the runtime built (never the caller's objects), so an
// explicit stack walks it once, whatever its depth.
function deepFreeze(root: object): void {
  const stack: object[] = [root];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (Object.isFrozen(value)) continue;
    Object.freeze(value);
    for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) stack.push(child);
  }
}
