import type { RepoPath } from "../../model.js";

/** A declaration the checker says a use of a name reaches. */
export interface ReachedDeclaration {
  /** Repo-relative when the file is in the repository (its real path, outside node_modules); null outside it (a package, the standard library). */
  path: RepoPath | null;
  /** 1-based line where the declaration starts, decorators left out (as the symbol index counts it). */
  line: number;
}

/** Where a declaration of the index lies: the symbol index's lines. */
export interface DeclarationSpan {
  path: RepoPath;
  line: number;
  endLine: number;
}

/**
 * What `--exact` did: the checker's verdict on the candidate sites the linker left unresolved.
 * Every field is deterministic but `ms`.
 */
export interface ExactCheck {
  /** Candidate sites given to the checker, and the files holding them. */
  sites: number;
  files: number;
  /** Files in the programs the checker built (the sites' files, what they import, declaration files, the standard library). */
  programFiles: number;
  /** Wall time of the check, in milliseconds, loading the compiler included. */
  ms: number;
  /** Sites proved to call the declaration (Caller) or a declaration of the index (Callee): now hits, marked `exact`. */
  calls: number;
  /** Sites proved to call another declaration (Caller) or one outside the repository (Callee): no longer candidates. */
  other: number;
  /** Sites the checker could not settle (an `any` receiver, a declaration in an unindexed file): still candidates. */
  unsettled: number;
  /** Candidate sites not given to the checker: in files it does not read (Python, Go). */
  skipped: number;
  /** Packages the candidates' files import that are not installed: the checker cannot see what they hand back. */
  missingPackages: string[];
  /** Candidate sites past --limit, not checked (still candidates, counted in `candidatesMore`). */
  pastLimit: number;
}

export type Settlement = { verdict: "calls"; declaration: ReachedDeclaration } | { verdict: "other" } | { verdict: "unknown" };

const within = (declaration: ReachedDeclaration, span: DeclarationSpan): boolean =>
  declaration.path === span.path && declaration.line >= span.line && declaration.line <= span.endLine;

/**
 * Caller: a site calls the declaration when some use of its name on its line reaches one of the
 * declarations the answer counts (`targets`: it, what it overrides, what overrides it); another one
 * when every use reaches declarations the checker placed, all elsewhere — in indexed files or outside
 * the repository. A declaration in an unindexed file of the repository (a workspace package's build
 * output) may stand for the indexed one: that site stays a candidate.
 */
export function settleCaller(uses: readonly (readonly ReachedDeclaration[])[], targets: readonly DeclarationSpan[], isIndexed: (path: RepoPath) => boolean): Settlement {
  for (const declarations of uses) {
    const hit = declarations.find((declaration) => targets.some((span) => within(declaration, span)));
    if (hit) return { verdict: "calls", declaration: hit };
  }
  return isSettledElsewhere(uses, isIndexed) ? { verdict: "other" } : { verdict: "unknown" };
}

/**
 * Callee: a site calls the first declaration in an indexed file that a use of its name reaches;
 * something outside the repository when every use reaches only declarations there.
 */
export function settleCallee(uses: readonly (readonly ReachedDeclaration[])[], isIndexed: (path: RepoPath) => boolean): Settlement {
  for (const declarations of uses) {
    const hit = declarations.find((declaration) => declaration.path !== null && isIndexed(declaration.path));
    if (hit) return { verdict: "calls", declaration: hit };
  }
  return uses.length > 0 && uses.every((declarations) => declarations.length > 0 && declarations.every((d) => d.path === null)) ? { verdict: "other" } : { verdict: "unknown" };
}

function isSettledElsewhere(uses: readonly (readonly ReachedDeclaration[])[], isIndexed: (path: RepoPath) => boolean): boolean {
  return uses.length > 0 && uses.every((declarations) => declarations.length > 0 && declarations.every((d) => d.path === null || isIndexed(d.path)));
}

/** The innermost span holding a declaration the checker reached, or undefined. */
export function spanOf<T extends DeclarationSpan>(declaration: ReachedDeclaration, spans: readonly T[]): T | undefined {
  return spans.filter((span) => within(declaration, span)).sort((a, b) => b.line - a.line || a.endLine - b.endLine)[0];
}
