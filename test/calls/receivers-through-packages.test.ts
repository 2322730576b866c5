import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ctx, git, tempDir } from "../helpers/fixture.js";

// Receivers whose type comes back through code outside the repository (issue 37): each shape is
// linked when the package's declaration files are installed, as the compiler reads them, and stays
// a candidate when they are not. The declarations below are written as the packages publish them
// (@types/react's `export =` namespace, rxjs's `exports` map and re-exports), reduced to what is called.

const REACT_TYPES = {
  "node_modules/@types/react/package.json": JSON.stringify({ name: "@types/react", version: "19.0.0", types: "index.d.ts" }),
  "node_modules/@types/react/index.d.ts": `export = React;
export as namespace React;

declare namespace React {
    type SetStateAction<S> = S | ((prevState: S) => S);
    type Dispatch<A> = (value: A) => void;
    type DependencyList = readonly unknown[];
    interface RefObject<T> {
        current: T;
    }
    function useState<S>(initialState: S | (() => S)): [S, Dispatch<SetStateAction<S>>];
    function useState<S = undefined>(): [S | undefined, Dispatch<SetStateAction<S | undefined>>];
    function useRef<T>(initialValue: T): RefObject<T>;
    function useRef<T>(initialValue: T | null): RefObject<T | null>;
    function useRef<T>(initialValue: T | undefined): RefObject<T | undefined>;
    function useMemo<T>(factory: () => T, deps: DependencyList): T;
    function useEffect(effect: () => void, deps?: DependencyList): void;
}
`,
};

const RXJS = {
  "node_modules/rxjs/package.json": JSON.stringify({ name: "rxjs", version: "7.8.2", exports: { ".": { types: "./dist/types/index.d.ts", default: "./dist/esm5/index.js" } } }),
  "node_modules/rxjs/dist/types/index.d.ts": "export { Observable } from './internal/Observable';\nexport { map } from './internal/operators/map';\nexport * from './internal/types';\n",
  "node_modules/rxjs/dist/types/internal/types.d.ts": `import { Observable } from './Observable';
export interface UnaryFunction<T, R> {
    (source: T): R;
}
export interface OperatorFunction<T, R> extends UnaryFunction<Observable<T>, Observable<R>> {
}
`,
  "node_modules/rxjs/dist/types/internal/Observable.d.ts": `import { OperatorFunction } from './types';
export declare class Observable<T> {
    subscribe(next: (value: T) => void): void;
    pipe(): Observable<T>;
    pipe<A>(op1: OperatorFunction<T, A>): Observable<A>;
    pipe<A, B>(op1: OperatorFunction<T, A>, op2: OperatorFunction<A, B>): Observable<B>;
}
`,
  "node_modules/rxjs/dist/types/internal/operators/map.d.ts": "import { OperatorFunction } from '../types';\nexport declare function map<T, R>(project: (value: T, index: number) => R): OperatorFunction<T, R>;\n",
};

const OBSERVER = `export class QueryObserver {
  constructor(readonly options: object) {}

  setOptions(options: object): void {
    void options;
  }
}
`;

async function repository(files: Record<string, string>): Promise<string> {
  const dir = tempDir();
  git(dir, "init", "-q");
  writeFileSync(join(dir, ".gitignore"), "node_modules\n");
  for (const [path, text] of Object.entries({ "src/query-observer.ts": OBSERVER, ...files })) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  expect((await ctx(dir, "index", "-q")).code).toBe(0);
  return dir;
}

interface Answer {
  hits: { path: string; line: number }[];
  candidates?: { path: string; line: number }[];
  complete: boolean;
}

/** The lines of `file` that call QueryObserver.setOptions, linked and left as candidates. */
async function setOptionsCalls(dir: string, file: string): Promise<{ linked: number[]; candidates: number[]; complete: boolean }> {
  const run = await ctx(dir, "traverse", "Caller", "QueryObserver.setOptions", "--json");
  const answer = JSON.parse(run.stdout) as Answer;
  const lines = (sites: { path: string; line: number }[] | undefined): number[] => (sites ?? []).filter((site) => site.path === file).map((site) => site.line);
  return { linked: lines(answer.hits), candidates: lines(answer.candidates), complete: answer.complete };
}

describe("receivers typed through installed packages' declarations", () => {
  it("`const [observer] = React.useState(() => new Observer(…))`, `Observer: typeof QueryObserver`", async () => {
    const use = `import * as React from "react";
import type { QueryObserver } from "./query-observer";

export function useBaseQuery(options: object, Observer: typeof QueryObserver) {
  const [observer] = React.useState(() => new Observer(options));
  React.useEffect(() => {
    observer.setOptions(options);
  }, [observer, options]);
}
`;
    const installed = await repository({ ...REACT_TYPES, "src/use.ts": use });
    expect(await setOptionsCalls(installed, "src/use.ts")).toEqual({ linked: [7], candidates: [], complete: true });
    // Not installed: the same call is a candidate, and the answer is not complete.
    const bare = await repository({ "src/use.ts": use });
    expect(await setOptionsCalls(bare, "src/use.ts")).toEqual({ linked: [], candidates: [7], complete: false });
  });

  it("`useRef<QueryObserver>(…)` and `ref.current`; `useMemo(() => new QueryObserver(…), [])`", async () => {
    const dir = await repository({
      ...REACT_TYPES,
      "src/use.ts": `import { useMemo, useRef } from "react";
import { QueryObserver } from "./query-observer";

export function useLatest(options: object) {
  const ref = useRef<QueryObserver>(null!);
  ref.current.setOptions(options);
  const memo = useMemo(() => new QueryObserver(options), [options]);
  memo.setOptions(options);
  const held = useRef(new QueryObserver(options));
  held.current.setOptions(options);
}
`,
    });
    expect(await setOptionsCalls(dir, "src/use.ts")).toEqual({ linked: [6, 8, 10], candidates: [], complete: true });
  });

  it("RxJS: `o$.subscribe((o) => …)` and `o$.pipe(map((o) => …))`, through the package's exports map and re-exports", async () => {
    const dir = await repository({
      ...RXJS,
      "src/use.ts": `import { map, type Observable } from "rxjs";
import type { QueryObserver } from "./query-observer";

export function follow(observers$: Observable<QueryObserver>, options: object) {
  observers$.subscribe((observer) => observer.setOptions(options));
  return observers$.pipe(
    map((observer) => {
      observer.setOptions(options);
      return observer;
    }),
  );
}
`,
    });
    expect(await setOptionsCalls(dir, "src/use.ts")).toEqual({ linked: [5, 8], candidates: [], complete: true });
  });

  it("a package's call is outside the repository, never a candidate of a repository function of that name", async () => {
    const dir = await repository({
      ...REACT_TYPES,
      "src/effects.ts": "export function useMemo(): number {\n  return 1;\n}\n",
      "src/use.ts": 'import * as React from "react";\n\nexport function f(): number {\n  return React.useMemo(() => 2, []);\n}\n',
    });
    const run = JSON.parse((await ctx(dir, "traverse", "Caller", "useMemo", "--json")).stdout) as { status: string; candidates?: unknown[] };
    expect(run.status).toBe("miss");
    expect(run.candidates ?? []).toEqual([]);
  });

  it("relinks when a package is installed where none was, though no source changed", async () => {
    const use = 'import { useMemo } from "react";\nimport { QueryObserver } from "./query-observer";\n\nexport function f(options: object) {\n  useMemo(() => new QueryObserver(options), []).setOptions(options);\n}\n';
    const dir = await repository({ "src/use.ts": use });
    expect(await setOptionsCalls(dir, "src/use.ts")).toEqual({ linked: [], candidates: [5], complete: false });
    for (const [path, text] of Object.entries(REACT_TYPES)) {
      mkdirSync(join(dir, path, ".."), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    expect(await setOptionsCalls(dir, "src/use.ts")).toEqual({ linked: [5], candidates: [], complete: true });
  });

  it("relinks when an installed package's declarations change", async () => {
    const use = 'import { useMemo } from "react";\nimport { QueryObserver } from "./query-observer";\n\nexport function f(options: object) {\n  useMemo(() => new QueryObserver(options), []).setOptions(options);\n}\n';
    const dir = await repository({ ...REACT_TYPES, "src/use.ts": use });
    expect(await setOptionsCalls(dir, "src/use.ts")).toEqual({ linked: [5], candidates: [], complete: true });
    // An upgrade that no longer says what useMemo hands back: nothing in the repository changed.
    const path = join(dir, "node_modules/@types/react/index.d.ts");
    writeFileSync(path, REACT_TYPES["node_modules/@types/react/index.d.ts"].replace("function useMemo<T>(factory: () => T, deps: DependencyList): T;", "function useMemo(factory: () => unknown, deps: DependencyList): unknown;"));
    expect((await ctx(dir, "index", "-q")).code).toBe(0);
    expect(await setOptionsCalls(dir, "src/use.ts")).toEqual({ linked: [], candidates: [5], complete: false });
  });
});

describe("receivers typed through the standard library's declarations", () => {
  it("`map.get(k)` of a `Map<string, QueryObserver>`, declared or made with `new Map<…>()`", async () => {
    const dir = await repository({
      "src/use.ts": `import { QueryObserver } from "./query-observer";

export class Cache {
  private readonly made = new Map<string, QueryObserver>();

  constructor(private readonly entries: Map<string, QueryObserver>) {}

  refresh(key: string): void {
    this.entries.get(key)?.setOptions({});
    this.made.get(key)!.setOptions({});
  }
}
`,
    });
    expect(await setOptionsCalls(dir, "src/use.ts")).toEqual({ linked: [9, 10], candidates: [], complete: true });
  });

  it("a member of a mapped type (`{ [K in keyof T]: QueryObserver }`) and of a `Record<string, QueryObserver>`", async () => {
    const dir = await repository({
      "src/use.ts": `import type { QueryObserver } from "./query-observer";

type Observers<T> = { [K in keyof T]: QueryObserver };

export function refresh(db: Observers<{ users: 1 }>, byKey: Record<string, QueryObserver>): void {
  db.users.setOptions({});
  byKey["a"]!.setOptions({});
}
`,
    });
    expect(await setOptionsCalls(dir, "src/use.ts")).toEqual({ linked: [6, 7], candidates: [], complete: true });
  });

  it("`p.then((o) => …)` of a `Promise<QueryObserver>`", async () => {
    const dir = await repository({
      "src/use.ts": `import { QueryObserver } from "./query-observer";

export async function load(): Promise<QueryObserver> {
  return new QueryObserver({});
}

export function refresh(): void {
  void load().then((observer) => observer.setOptions({}));
}
`,
    });
    expect(await setOptionsCalls(dir, "src/use.ts")).toEqual({ linked: [8], candidates: [], complete: true });
  });
});
