// What the TypeScript checker says a call site calls: the one place ctx type-checks, for `ctx traverse
// Caller/Callee --exact`, over the files holding the sites the linker left unresolved and what they import.
// NOTE: the linker (core/calls) never type-checks; this runs only when asked, never while indexing.
import type { ReachedDeclaration } from "../core/traverse/settle-candidates.js";
import type { RepoPath } from "../model.js";
import { startAfterDecorators, ts, type TS } from "./compiler.js";

/** The file system the checker reads through (io/checker-files.ts), with absolute paths. */
export interface CheckerFiles {
  readFile(path: string): string | undefined;
  fileExists(path: string): boolean;
  directoryExists(path: string): boolean;
  getDirectories(path: string): string[];
  realpath(path: string): string;
}

/** A call site to settle: the file, the line, and the name called there (its last segment). */
export interface SiteQuestion {
  path: RepoPath;
  line: number;
  name: string;
}

export interface CheckedSites {
  /**
   * Per site, per use of its name on its line: the declarations the checker says it reaches, in
   * source order; an empty list where it cannot tell (an `any` receiver). No uses: the name is not on the line.
   */
  uses: ReachedDeclaration[][][];
  /** Files in the programs built (the sites' files, what they import, declaration files and the standard library). */
  programFiles: number;
  /** Packages the sites' files import that resolve to nothing (not installed): what they hand back is `any` to the checker. */
  missingPackages: string[];
}

export interface CheckRequest {
  /** Absolute path of the repository. */
  root: string;
  sites: readonly SiteQuestion[];
  files: CheckerFiles;
  /** Where a package specifier the compiler resolves outside the repository (or not at all) has its sources in it: workspace packages. */
  toSource: (from: RepoPath, specifier: string) => RepoPath | null;
}

const FALLBACK_OPTIONS: TS.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.Preserve,
  strict: true,
  esModuleInterop: true,
};

/**
 * Builds one program per tsconfig that applies to the sites' files (the nearest `tsconfig.json` up
 * the tree, `extends` followed; none: defaults) with those files as roots, and asks its checker what
 * each use of each site's name on its line resolves to.
 */
export function checkCallSites(request: CheckRequest): CheckedSites {
  const { root, sites, files } = request;
  const absolute = (path: RepoPath): string => `${root}/${path}`;
  const toRepo = (fileName: string): RepoPath | null => {
    const real = files.realpath(fileName);
    return real.startsWith(`${root}/`) && !real.slice(root.length + 1).split("/").includes("node_modules") ? real.slice(root.length + 1) : null;
  };

  // One program per distinct set of options: the packages of a monorepo extending one base config share one.
  const optionsOf = new Map<string, TS.CompilerOptions>();
  const groups = new Map<string, { options: TS.CompilerOptions; indexes: number[] }>();
  sites.forEach((site, index) => {
    const config = nearestConfig(root, site.path, files) ?? "";
    let options = optionsOf.get(config);
    if (!options) {
      options = { ...(config === "" ? FALLBACK_OPTIONS : readOptions(config, files)), ...CHECK_ONLY };
      for (const key of OUTPUT_ONLY) delete options[key];
      optionsOf.set(config, options);
    }
    const key = JSON.stringify(Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const group = groups.get(key);
    if (group) group.indexes.push(index);
    else groups.set(key, { options, indexes: [index] });
  });

  const sourceFiles = new Map<string, TS.SourceFile>();
  const uses: ReachedDeclaration[][][] = sites.map(() => []);
  const inPrograms = new Set<string>();
  const missing = new Set<string>();
  const roots = new Set(sites.map((site) => absolute(site.path)));
  let unresolved = new Set<string>();
  const onMissing = (containingFile: string, specifier: string): void => {
    if (roots.has(containingFile) && !specifier.startsWith(".") && !specifier.startsWith("/")) unresolved.add(specifier);
  };
  for (const { options, indexes } of groups.values()) {
    const rootNames = [...new Set(indexes.map((i) => absolute(sites[i]!.path)))].sort();
    const program = ts.createProgram({ rootNames, options, host: compilerHost(root, options, files, sourceFiles, request.toSource, onMissing) });
    for (const file of program.getSourceFiles()) inPrograms.add(file.fileName);
    const checker = program.getTypeChecker();
    // `declare module "node:fs"` (@types/node) answers a specifier no resolution does.
    const ambient = new Set(checker.getAmbientModules().map((module) => module.name.replace(/^"|"$/g, "")));
    for (const specifier of unresolved) if (!ambient.has(specifier)) missing.add(packageOf(specifier));
    unresolved = new Set();
    for (const i of indexes) {
      const site = sites[i]!;
      const sourceFile = program.getSourceFile(absolute(site.path));
      if (!sourceFile) continue;
      uses[i] = usesOnLine(sourceFile, site.line, site.name).map((node) => reached(checker, node).map((declaration) => placeOf(declaration, toRepo)));
    }
  }
  return { uses, programFiles: inPrograms.size, missingPackages: [...missing].sort() };
}

/** What the checker needs and nothing more: no output, no checking of declaration files. */
const CHECK_ONLY: TS.CompilerOptions = {
  noEmit: true,
  skipLibCheck: true,
  allowJs: true,
  composite: false,
  incremental: false,
  declaration: false,
  declarationMap: false,
  emitDeclarationOnly: false,
  tsBuildInfoFile: undefined,
};

/** Options about output only, which differ between packages that type-check alike. */
const OUTPUT_ONLY = ["outDir", "rootDir", "declarationDir", "configFilePath", "tsBuildInfoFile", "sourceRoot", "mapRoot", "outFile"] as const;

function nearestConfig(root: string, path: RepoPath, files: CheckerFiles): string | null {
  const parts = path.split("/").slice(0, -1);
  for (let depth = parts.length; depth >= 0; depth -= 1) {
    const candidate = [root, ...parts.slice(0, depth), "tsconfig.json"].join("/");
    if (files.fileExists(candidate)) return candidate;
  }
  return null;
}

function readOptions(config: string, files: CheckerFiles): TS.CompilerOptions {
  const read = ts.readConfigFile(config, (path) => files.readFile(path));
  if (read.error || !read.config) return FALLBACK_OPTIONS;
  // NOTE: no directory listing: `include` globs would walk the whole tree, and the roots are given.
  const host: TS.ParseConfigHost = {
    useCaseSensitiveFileNames: true,
    readDirectory: () => [],
    fileExists: (path) => files.fileExists(path),
    readFile: (path) => files.readFile(path),
  };
  const parsed = ts.parseJsonConfigFileContent(read.config, host, config.slice(0, config.lastIndexOf("/")), undefined, config);
  return parsed.options;
}

function compilerHost(
  root: string,
  options: TS.CompilerOptions,
  files: CheckerFiles,
  sourceFiles: Map<string, TS.SourceFile>,
  toSource: CheckRequest["toSource"],
  onMissing: (containingFile: string, specifier: string) => void,
): TS.CompilerHost {
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const moduleHost: TS.ModuleResolutionHost = {
    fileExists: (path) => files.fileExists(path),
    readFile: (path) => files.readFile(path),
    directoryExists: (path) => files.directoryExists(path),
    getDirectories: (path) => files.getDirectories(path),
    realpath: (path) => files.realpath(path),
  };
  return {
    ...moduleHost,
    getSourceFile: (fileName, languageVersion) => {
      // Shared between programs: parsed alike only for the same language version and module format.
      const key = typeof languageVersion === "object" ? `${fileName}\0${languageVersion.languageVersion}\0${String(languageVersion.impliedNodeFormat)}` : `${fileName}\0${languageVersion}`;
      const cached = sourceFiles.get(key);
      if (cached) return cached;
      const text = files.readFile(fileName);
      if (text === undefined) return undefined;
      const sourceFile = ts.createSourceFile(fileName, text, languageVersion, true);
      sourceFiles.set(key, sourceFile);
      return sourceFile;
    },
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    writeFile: () => undefined,
    getCurrentDirectory: () => root,
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n",
    resolveModuleNameLiterals: (literals, containingFile, redirected, compilerOptions, containingSourceFile) =>
      literals.map((literal) => {
        const mode = ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions);
        const found = ts.resolveModuleName(literal.text, containingFile, compilerOptions, moduleHost, cache, redirected, mode);
        const resolved = found.resolvedModule;
        if (resolved && !resolved.isExternalLibraryImport) return found;
        // A workspace package reached through node_modules: its sources, as the linker resolves it.
        const from = containingFile.startsWith(`${root}/`) ? containingFile.slice(root.length + 1) : null;
        const source = from === null || literal.text.startsWith(".") ? null : toSource(from, literal.text);
        if (source === null) {
          if (!resolved) onMissing(containingFile, literal.text);
          return found;
        }
        const resolvedFileName = `${root}/${source}`;
        return { resolvedModule: { resolvedFileName, extension: extensionOf(resolvedFileName), isExternalLibraryImport: false } };
      }),
  };
}

/** The package a specifier names: `react` of `react/jsx-runtime`, `@angular/core` of `@angular/core/rxjs-interop`. */
function packageOf(specifier: string): string {
  return specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
}

/** The identifiers spelled `name` on a 1-based line that are not the name of a declaration. */
function usesOnLine(sourceFile: TS.SourceFile, line: number, name: string): TS.Node[] {
  const starts = sourceFile.getLineStarts();
  const from = starts[line - 1];
  if (from === undefined) return [];
  const to = starts[line] ?? sourceFile.text.length;
  const found: TS.Node[] = [];
  const visit = (node: TS.Node): void => {
    if (node.end < from || node.pos > to) return;
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && node.text === name) {
      const start = node.getStart(sourceFile);
      if (start >= from && start < to && !isDeclarationName(node)) found.push(node);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Declarations whose name is not a use of it (`{ setOptions }` shorthand is both, and counts as a use). */
const DECLARES = [
  ts.isFunctionDeclaration, ts.isMethodDeclaration, ts.isMethodSignature, ts.isPropertyDeclaration, ts.isPropertySignature,
  ts.isGetAccessorDeclaration, ts.isSetAccessorDeclaration, ts.isClassDeclaration, ts.isClassExpression, ts.isInterfaceDeclaration,
  ts.isTypeAliasDeclaration, ts.isEnumDeclaration, ts.isModuleDeclaration, ts.isVariableDeclaration, ts.isParameter,
  ts.isBindingElement, ts.isPropertyAssignment, ts.isFunctionExpression, ts.isImportSpecifier, ts.isExportSpecifier,
] as ((node: TS.Node) => node is TS.NamedDeclaration)[];

function isDeclarationName(node: TS.Node): boolean {
  const parent = node.parent;
  return parent !== undefined && DECLARES.some((is) => is(parent)) && (parent as TS.NamedDeclaration).name === node;
}

const EXTENSIONS = [".d.ts", ".d.mts", ".d.cts", ".tsx", ".mts", ".cts", ".ts", ".jsx", ".mjs", ".cjs", ".js"] as const;

function extensionOf(fileName: string): TS.Extension {
  return (EXTENSIONS.find((extension) => fileName.endsWith(extension)) ?? ".ts") as TS.Extension;
}

/** The declarations a use reaches: the signature a call resolves to, else its symbol's declarations (aliases followed). */
function reached(checker: TS.TypeChecker, node: TS.Node): TS.Declaration[] {
  const call = calledAt(node);
  if (call) {
    const declaration = checker.getResolvedSignature(call)?.getDeclaration();
    // A signature of a function type (`f: (x) => void`) is the type's, not the member's: the symbol tells which member.
    if (declaration && !ts.isFunctionTypeNode(declaration) && !ts.isJSDocSignature(declaration)) return [declaration];
  }
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.declarations ?? [];
}

/** The call, `new` or tagged template whose callee ends with this name. */
function calledAt(node: TS.Node): TS.CallLikeExpression | undefined {
  let callee: TS.Node = node;
  if (node.parent && ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) callee = node.parent;
  const parent = callee.parent;
  if (!parent) return undefined;
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression === callee) return parent;
  if (ts.isTaggedTemplateExpression(parent) && parent.tag === callee) return parent;
  if (ts.isDecorator(parent) && parent.expression === callee) return parent;
  return undefined;
}

function placeOf(declaration: TS.Declaration, toRepo: (fileName: string) => RepoPath | null): ReachedDeclaration {
  const sourceFile = declaration.getSourceFile();
  const start = startAfterDecorators(declaration, sourceFile);
  return { path: toRepo(sourceFile.fileName), line: sourceFile.getLineAndCharacterOfPosition(start).line + 1 };
}
