/** A tiny check runner: named assertions, each recorded as passed or failed with a short reason. */
export interface CheckResult {
  name: string;
  ok: boolean;
  detail?: string;
}

export class Checks {
  readonly results: CheckResult[] = [];
  private readonly prefix: string;

  constructor(prefix: string) {
    this.prefix = prefix;
  }

  /** Runs `fn`; a throw or a `false`/string result is a failure. Never throws itself. */
  async check(
    name: string,
    fn: () => Promise<boolean | string | undefined> | boolean | string | undefined,
  ): Promise<void> {
    const full = this.prefix ? `${this.prefix} ${name}` : name;
    try {
      const outcome = await fn();
      if (outcome === false) this.record({ name: full, ok: false, detail: 'assertion failed' });
      else if (typeof outcome === 'string') this.record({ name: full, ok: false, detail: outcome });
      else this.record({ name: full, ok: true });
    } catch (error) {
      this.record({ name: full, ok: false, detail: error instanceof Error ? error.message : String(error) });
    }
  }

  record(result: CheckResult): void {
    this.results.push(result);
    console.log(
      `${result.ok ? '  ok  ' : '  FAIL'} ${result.name}${result.detail ? ` — ${result.detail.slice(0, 500)}` : ''}`,
    );
  }
}

export function expectEqual(actual: unknown, expected: unknown, what: string): true | string {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  return a === e ? true : `${what}: expected ${e.slice(0, 200)}, got ${String(a).slice(0, 200)}`;
}
