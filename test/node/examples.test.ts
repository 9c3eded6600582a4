/**
 * The `@example` blocks of the public API type-check: every fenced ```ts block under an `@example`
 * tag in `src/**` is compiled, in memory and all in one TypeScript program, as a module of its own
 * that imports the package by its public names (`isomer-edge`, `isomer-edge/slides`, …, mapped to
 * the `src` entry files) and, as a user's code would, its peer dependencies (`zod`). Each function
 * and class the six entries export must carry one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** The package's public entries and the source files they are built from. */
const ENTRIES: Record<string, string> = {
  'isomer-edge': 'src/index.ts',
  'isomer-edge/slides': 'src/packs/slides/index.ts',
  'isomer-edge/images': 'src/images/index.ts',
  'isomer-edge/built-in': 'src/built-in/index.ts',
  'isomer-edge/worker': 'src/worker/index.ts',
  'isomer-edge/chat': 'src/chat/index.ts',
  'isomer-edge/image-store': 'src/image-store/index.ts',
  'isomer-edge/evals': 'src/evals/index.ts',
};

/** What an example may import: the entries, and the peer dependencies a user installs beside them. */
const IMPORTABLE = new Set([
  ...Object.keys(ENTRIES),
  ...Object.keys(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).peerDependencies ?? {}),
]);

interface Example {
  /** Where the block is, relative to the repository. */
  file: string;
  /** The 1-based line of the block's first code line. */
  line: number;
  code: string;
}

const EXAMPLE_TAG = /^\s*\*\s*@example\s*$/;
const OPENING_FENCE = /^\s*\*\s*```(ts|typescript)\s*$/;
const CLOSING_FENCE = /^\s*\*\s*```\s*$/;

/** The fenced ```ts blocks that directly follow an `@example` tag in a JSDoc comment. */
function extractExamples(file: string, source: string): Example[] {
  const lines = source.split('\n');
  const examples: Example[] = [];
  for (let i = 0; i < lines.length - 1; i++) {
    if (!EXAMPLE_TAG.test(lines[i]!) || !OPENING_FENCE.test(lines[i + 1]!)) continue;
    const code: string[] = [];
    let end = i + 2;
    while (end < lines.length && !CLOSING_FENCE.test(lines[end]!)) {
      code.push(lines[end]!.replace(/^\s*\* ?/, ''));
      end++;
    }
    examples.push({ file, line: i + 3, code: code.join('\n') });
    i = end;
  }
  return examples;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Where each example's module lives in memory: beside the sources, so type roots resolve as for them. */
const virtualPath = (index: number) => join(ROOT, `.examples/example-${index}.ts`);

interface ExampleCheck {
  /** `file:line: TS1234 message`, one per problem, for examples only. */
  problems: string[];
  /** `file: name`, for each function or class a public entry exports without a fenced example. */
  undocumented: string[];
}

/** Type-checks `examples` together in one program; also lists the entry points without an example. */
function checkExamples(examples: readonly Example[]): ExampleCheck {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!config) throw new Error('tsconfig.json did not parse');
  const options: ts.CompilerOptions = {
    ...config.options,
    noEmit: true,
    moduleDetection: ts.ModuleDetectionKind.Force,
    baseUrl: ROOT,
    paths: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, [`./${file}`]])),
  };
  const virtual = new Map(examples.map((example, index) => [virtualPath(index), example]));
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(name)?.code ?? readFile.call(host, name);
  host.getSourceFile = (name, language, ...rest) => {
    const example = virtual.get(name);
    return example
      ? ts.createSourceFile(name, example.code, language, true, ts.ScriptKind.TS)
      : getSourceFile.call(host, name, language, ...rest);
  };
  const entryFiles = Object.values(ENTRIES).map((file) => join(ROOT, file));
  const program = ts.createProgram({ rootNames: [...virtual.keys(), ...entryFiles], options, host });

  const problems: string[] = [];
  for (const [path, example] of virtual) {
    const sourceFile = program.getSourceFile(path)!;
    for (const statement of sourceFile.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      if (specifier !== undefined && !IMPORTABLE.has(specifier)) {
        const line = sourceFile.getLineAndCharacterOfPosition(statement.getStart()).line;
        problems.push(
          `${example.file}:${example.line + line}: imports '${specifier}', not a public entry or peer dependency`,
        );
      }
    }
    const diagnostics = [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)];
    for (const diagnostic of diagnostics) {
      const line = diagnostic.start === undefined ? 0 : sourceFile.getLineAndCharacterOfPosition(diagnostic.start).line;
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
      problems.push(`${example.file}:${example.line + line}: TS${diagnostic.code} ${message}`);
    }
  }

  const checker = program.getTypeChecker();
  const undocumented: string[] = [];
  for (const [entry, file] of Object.entries(ENTRIES)) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(join(ROOT, file))!)!;
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declarations = (symbol.declarations ?? []).filter(isCallable);
      if (declarations.length === 0) continue;
      const documented = declarations.some((declaration) =>
        ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'example' && hasFence(tag)),
      );
      if (!documented) undocumented.push(`${entry}: ${exported.name}`);
    }
  }
  return { problems, undocumented };
}

/** A function or class: declared as one, or a `const` holding a function. */
function isCallable(node: ts.Declaration): boolean {
  if (ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) return true;
  return (
    ts.isVariableDeclaration(node) &&
    node.initializer !== undefined &&
    (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
  );
}

function hasFence(tag: ts.JSDocTag): boolean {
  const text = typeof tag.comment === 'string' ? tag.comment : ts.getTextOfJSDocComment(tag.comment);
  return /^```(ts|typescript)\n[\s\S]*\n```/.test((text ?? '').trim());
}

/** Planted in the same program: each must be reported, with its place, or the checker checks nothing. */
const PLANTED: Example[] = [
  {
    file: 'planted/wrong-type.ts',
    line: 10,
    code: [
      "import { createIsomerRuntime } from 'isomer-edge';",
      '',
      'const runtime: number = createIsomerRuntime({ packs: [] });',
    ].join('\n'),
  },
  {
    file: 'planted/private-import.ts',
    line: 20,
    code: "import { createWorker } from '../src/worker/create-worker.ts';",
  },
  { file: 'planted/no-such-export.ts', line: 30, code: "import { createIsomerRuntim } from 'isomer-edge';" },
];

describe('@example blocks', () => {
  let examples: Example[];
  let result: ExampleCheck;
  beforeAll(() => {
    examples = sourceFiles('src').flatMap((file) => extractExamples(file, readFileSync(join(ROOT, file), 'utf8')));
    result = checkExamples([...examples, ...PLANTED]);
  }, 60_000);

  it('are found in src', () => {
    expect(examples.length).toBeGreaterThan(50);
    expect(examples.map((example) => example.file)).toContain('src/core/runtime/runtime.ts');
  });

  it('type-check, importing only public entries', () => {
    const problems = result.problems.filter((problem) => !problem.startsWith('planted/'));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('are on every function and class the public entries export', () => {
    expect(result.undocumented, `without a fenced @example:\n${result.undocumented.join('\n')}`).toEqual([]);
  });

  it('report a wrong example with its file, line and diagnostic', () => {
    const planted = result.problems.filter((problem) => problem.startsWith('planted/'));
    expect(planted).toEqual([
      expect.stringMatching(
        /^planted\/wrong-type\.ts:12: TS2322 Type 'IsomerRuntime<.*' is not assignable to type 'number'/,
      ),
      "planted/private-import.ts:20: imports '../src/worker/create-worker.ts', not a public entry or peer dependency",
      expect.stringMatching(
        /^planted\/no-such-export\.ts:30: TS2724 '"isomer-edge"' has no exported member named 'createIsomerRuntim'/,
      ),
    ]);
  });

  it('are read from the comment: the fenced block after the tag, with its first line', () => {
    const source = [
      '/**',
      ' * Summary.',
      ' * @example',
      ' * ```ts',
      " * import { md } from 'isomer-edge';",
      ' *   md.rule();',
      ' * ```',
      ' * @example md.rule() // one-line forms are not blocks',
      ' */',
    ].join('\n');
    expect(extractExamples('x.ts', source)).toEqual([
      { file: 'x.ts', line: 5, code: "import { md } from 'isomer-edge';\n  md.rule();" },
    ]);
  });
});
