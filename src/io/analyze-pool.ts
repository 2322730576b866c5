import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { FileAnalysis } from "../analysis/analyze-file.js";
import type * as AnalyzeFileModule from "../analysis/analyze-file.js";
import type { AnalyzeRequest, AnalyzeResponse, AnalyzeWorkerData } from "./analyze-worker.js";

export type AnalysisResult = FileAnalysis | { error: string };

/** Below this many files, starting workers (each loads the compiler) costs more than it saves. */
const INLINE_LIMIT = 200;
const BATCH_FILES = 48;
/** Batches of similar weight, so that no worker is left with a heavy tail while another idles. */
const BATCH_CHARS = 200_000;
/**
 * Fewer cores than this: parse on the main thread. With two, one worker parses while the main
 * thread reads, hashes and takes the results in. Measured on the 2-vCPU bench machine (7k files):
 * 15% faster than inline; two workers were no faster than none, and the main thread parsing a
 * share of the files besides the worker was slower than leaving it all to the worker (its heap,
 * holding the run's results, makes every collection the parser triggers costlier).
 */
const MIN_CORES_FOR_WORKERS = 2;
// From dist/io/ and from the bundle in dist/lookup/ alike (scripts/bundle-lookup.mjs).
const WORKER_URL = new URL("../io/analyze-worker.js", import.meta.url);

export interface AnalyzePool {
  /**
   * Starts workers up to `size` (they load the compiler while the caller reads), or with size 0
   * loads the compiler here, so that inline analysis then runs inside each `submit` and no file's
   * text waits in memory. `compiler` false: the new workers load it only if a TypeScript or
   * JavaScript file comes (files of tree-sitter languages alone never need it).
   */
  warmUp(size: number, compiler?: boolean): Promise<void>;
  /**
   * Queues one file; results come back in any order. Inline, the analysis runs inside the call;
   * once more than INLINE_LIMIT files have come (a run with a cache that finds a branch switched),
   * workers are started for the rest.
   */
  submit(path: string, text: string): Promise<AnalysisResult>;
  /** Stops the workers (their heaps are freed); may be called again. */
  close(): Promise<void>;
}

/**
 * How many worker threads to use for `fileCount` files: one per core but the main thread's
 * (CTX_WORKERS overrides; 0 means inline). Workers run the compiled `analyze-worker.js`; when it
 * is absent (tests running from source) the analysis runs inline, which gives identical results.
 * When most files are tree-sitter languages' (`treeSitterShare`), one per core: their parser is
 * WebAssembly, with no collector's threads to leave a core to, and the main thread waits meanwhile
 * (netbox's full index, 1,220 Python files on 2 cores: 7.1 s with one worker, 5.6 s with two; the
 * compiler's files gain nothing from the second: medusa 10.5 s and 10.9 s).
 */
export function workerCountFor(fileCount: number, treeSitterShare = 0): number {
  if (!existsSync(fileURLToPath(WORKER_URL))) return 0;
  const requested = process.env.CTX_WORKERS === undefined ? undefined : Number(process.env.CTX_WORKERS);
  if (requested !== undefined && Number.isInteger(requested) && requested >= 0) return requested;
  const cores = availableParallelism();
  if (fileCount < INLINE_LIMIT || cores < MIN_CORES_FOR_WORKERS) return 0;
  return Math.min(treeSitterShare >= 0.5 ? cores : cores - 1, 8);
}

type Analyze = (path: string, text: string) => FileAnalysis;
type AnalysisModule = typeof AnalyzeFileModule;

function safely(analyze: Analyze, path: string, text: string): AnalysisResult {
  try {
    return analyze(path, text);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

export function createAnalyzePool(): AnalyzePool {
  let workers: WorkerQueue[] | undefined;
  let closed = false;
  let submitted = 0;
  let inline: Promise<AnalysisModule> | undefined;
  let analysis: AnalysisModule | undefined;
  const loadInline = (): Promise<AnalysisModule> => (inline ??= import("../analysis/analyze-file.js").then((module) => (analysis = module)));
  return {
    async warmUp(size, compiler = true) {
      if (size === 0) {
        const loaded = await loadInline();
        if (compiler) await loaded.loadScriptAnalysis();
        return;
      }
      workers ??= [];
      while (workers.length < size) workers.push(new WorkerQueue(compiler));
    },
    submit(path, text) {
      submitted += 1;
      if (!closed && submitted === INLINE_LIMIT + 1) {
        workers ??= [];
        while (workers.length < workerCountFor(Number.POSITIVE_INFINITY)) workers.push(new WorkerQueue());
      }
      if (workers && workers.length > 0) {
        // The least loaded worker takes the file.
        const target = workers.reduce((best, worker) => (worker.pendingChars < best.pendingChars ? worker : best));
        return target.submit(path, text);
      }
      // Inline, a file is analysed inside this call unless its language's parser is still loading.
      const ready = analysis ? analysis.analysisReady(path) : loadInline().then((loaded) => loaded.analysisReady(path));
      if (!ready) return Promise.resolve(safely(analysis!.analyzeFile, path, text));
      return ready.then(
        () => safely(analysis!.analyzeFile, path, text),
        (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
      );
    },
    async close() {
      closed = true;
      const closing = workers ?? [];
      workers = undefined;
      await Promise.all(closing.map((worker) => worker.close()));
    },
  };
}

/** One worker thread with batching: files are sent in batches of similar weight, answered in order. */
class WorkerQueue {
  pendingChars = 0;
  private readonly worker: Worker;
  private batch: { path: string; text: string; resolve: (result: AnalysisResult) => void }[] = [];
  private batchChars = 0;
  private readonly inFlight = new Map<number, ((result: AnalysisResult) => void)[]>();
  private nextId = 0;
  private failure: Error | undefined;

  constructor(compiler = true) {
    // A larger young generation lets the parser's short-lived nodes die in cheap scavenges instead
    // of being promoted and collected by the much slower full collector.
    this.worker = new Worker(WORKER_URL, { resourceLimits: { maxYoungGenerationSizeMb: 64 }, workerData: { compiler } satisfies AnalyzeWorkerData });
    this.worker.on("message", (response: AnalyzeResponse) => {
      const resolvers = this.inFlight.get(response.id) ?? [];
      this.inFlight.delete(response.id);
      response.results.forEach((result, i) => resolvers[i]?.(result));
    });
    this.worker.on("error", (error) => {
      this.failure = error;
      for (const resolvers of this.inFlight.values()) for (const resolve of resolvers) resolve({ error: error.message });
      this.inFlight.clear();
    });
  }

  submit(path: string, text: string): Promise<AnalysisResult> {
    if (this.failure) return Promise.resolve({ error: this.failure.message });
    return new Promise((resolve) => {
      this.pendingChars += text.length;
      this.batch.push({
        path,
        text,
        resolve: (result) => {
          this.pendingChars -= text.length;
          resolve(result);
        },
      });
      this.batchChars += text.length;
      if (this.batch.length >= BATCH_FILES || this.batchChars >= BATCH_CHARS) this.flush();
      else if (this.batch.length === 1) queueMicrotask(() => setImmediate(() => this.flush()));
    });
  }

  private flush(): void {
    if (this.batch.length === 0) return;
    const id = this.nextId++;
    this.inFlight.set(id, this.batch.map((item) => item.resolve));
    this.worker.postMessage({ id, files: this.batch.map(({ path, text }) => ({ path, text })) } satisfies AnalyzeRequest);
    this.batch = [];
    this.batchChars = 0;
  }

  async close(): Promise<void> {
    this.flush();
    await this.worker.terminate();
  }
}
