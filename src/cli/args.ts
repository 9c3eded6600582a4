/**
 * The command line read into flags and positionals, with the few value kinds the commands take.
 * Unknown flags are refused (a typo must not silently change a CI gate); `--flag=value` and
 * `--flag value` both work, and a flag named twice keeps every value for those that repeat.
 */

/** A command line the command cannot use: printed with the usage, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface FlagSpec {
  /** Takes a value (else a switch). */
  value?: boolean;
  /** May be given more than once. */
  repeat?: boolean;
}

export interface ParsedArgs {
  flags: Map<string, string[]>;
  positionals: string[];
}

export function parseArgs(argv: readonly string[], spec: Record<string, FlagSpec>): ParsedArgs {
  const flags = new Map<string, string[]>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--') || arg === '--') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const flag = spec[name];
    if (!flag) throw new UsageError(`unknown option --${name.slice(0, 40)}`);
    let value = 'true';
    if (flag.value) {
      if (eq !== -1) value = arg.slice(eq + 1);
      else if (i + 1 < argv.length) value = argv[++i]!;
      else throw new UsageError(`--${name} needs a value`);
    } else if (eq !== -1) throw new UsageError(`--${name} takes no value`);
    const values = flags.get(name) ?? [];
    if (values.length > 0 && !flag.repeat) throw new UsageError(`--${name} is given twice`);
    values.push(value);
    flags.set(name, values);
  }
  return { flags, positionals };
}

export const flag = (args: ParsedArgs, name: string): string | undefined => args.flags.get(name)?.[0];
export const flags = (args: ParsedArgs, name: string): string[] => args.flags.get(name) ?? [];
export const has = (args: ParsedArgs, name: string): boolean => args.flags.has(name);

/** A flag that must be one of a few words. */
export function oneOf<T extends string>(args: ParsedArgs, name: string, options: readonly T[], fallback: T): T {
  const value = flag(args, name) ?? fallback;
  if (!options.includes(value as T)) throw new UsageError(`--${name} must be one of ${options.join(', ')}`);
  return value as T;
}

/** A positive whole number flag. */
export function count(args: ParsedArgs, name: string, fallback: number, max: number): number {
  const value = flag(args, name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new UsageError(`--${name} must be a whole number from 1 to ${max}`);
  return n;
}
