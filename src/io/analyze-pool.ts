import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { FileAnalysis } from "../analysis/analyze-file.js";
import type { AnalyzeRequest, AnalyzeResponse } from "./analyze-worker.js";

export type AnalysisResult = FileAnalysis | { error: string };

/** Below this many files, starting workers (each loads the compiler) costs more than it saves. */
export const INLINE_LIMIT = 200;
const BATCH_FILES = 48;
const WORKER_URL = new URL("./analyze-worker.js", import.meta.url);

export interface AnalyzePool {
  /** Starts `size` workers now, so they load the compiler while the caller lists and reads files. */
  warmUp(size: number): void;
  /** Analyses files in order; starts workers sized for the batch unless warmUp did already. */
  analyze(files: readonly { path: string; text: string }[], onProgress?: (done: number) => void): Promise<AnalysisResult[]>;
  close(): Promise<void>;
}

/**
 * How many worker threads to use for `fileCount` files: one per core (CTX_WORKERS overrides; 0
 * means inline). Workers run the compiled `analyze-worker.js`; when it is absent (tests running
 * from source) the analysis runs inline, which gives identical results.
 */
export function workerCountFor(fileCount: number): number {
  if (!existsSync(fileURLToPath(WORKER_URL))) return 0;
  const requested = process.env.CTX_WORKERS === undefined ? undefined : Number(process.env.CTX_WORKERS);
  if (requested !== undefined && Number.isInteger(requested) && requested >= 0) return requested;
  return fileCount < INLINE_LIMIT ? 0 : Math.min(availableParallelism(), 8);
}

export function createAnalyzePool(): AnalyzePool {
  let workers: Worker[] | undefined;
  const start = (size: number): Worker[] =>
    // A larger young generation lets the parser's short-lived nodes die in cheap scavenges instead
    // of being promoted and collected by the much slower full collector.
    Array.from({ length: size }, () => new Worker(WORKER_URL, { resourceLimits: { maxYoungGenerationSizeMb: 64 } }));
  return {
    warmUp(size) {
      workers ??= start(size);
    },
    async analyze(files, onProgress) {
      if (files.length === 0) return [];
      workers ??= start(workerCountFor(files.length));
      return workers.length === 0 ? analyzeInline(files, onProgress) : analyzeOnWorkers(workers, files, onProgress);
    },
    async close() {
      await Promise.all((workers ?? []).map((worker) => worker.terminate()));
    },
  };
}

async function analyzeInline(files: readonly { path: string; text: string }[], onProgress?: (done: number) => void): Promise<AnalysisResult[]> {
  const { analyzeFile } = await import("../analysis/analyze-file.js");
  return files.map(({ path, text }, i) => {
    try {
      return analyzeFile(path, text);
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    } finally {
      onProgress?.(i + 1);
    }
  });
}

async function analyzeOnWorkers(
  workers: readonly Worker[],
  files: readonly { path: string; text: string }[],
  onProgress?: (done: number) => void,
): Promise<AnalysisResult[]> {
  const results: AnalysisResult[] = new Array(files.length);
  const batches: { start: number; files: { path: string; text: string }[] }[] = [];
  for (let start = 0; start < files.length; start += BATCH_FILES) batches.push({ start, files: files.slice(start, start + BATCH_FILES) });
  let next = 0;
  let done = 0;
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          const send = (): void => {
            const id = next++;
            const batch = batches[id];
            if (!batch) {
              worker.off("message", receive);
              worker.off("error", reject);
              resolve();
              return;
            }
            worker.postMessage({ id, files: batch.files } satisfies AnalyzeRequest);
          };
          const receive = (response: AnalyzeResponse): void => {
            const batch = batches[response.id]!;
            response.results.forEach((result, i) => {
              results[batch.start + i] = result;
            });
            done += response.results.length;
            onProgress?.(done);
            send();
          };
          worker.on("message", receive);
          worker.on("error", reject);
          send();
        }),
    ),
  );
  return results;
}
