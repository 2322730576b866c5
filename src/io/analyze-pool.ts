import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { FileAnalysis } from "../analysis/analyze-file.js";
import type { AnalyzeRequest, AnalyzeResponse } from "./analyze-worker.js";

export type AnalysisResult = FileAnalysis | { error: string };

/** Below this many files, starting workers (each loads the compiler) costs more than it saves. */
const INLINE_LIMIT = 200;
const BATCH_FILES = 64;

/**
 * Analyses files on worker threads, one per core (CTX_WORKERS overrides; 0 analyses inline).
 * Workers run the compiled `analyze-worker.js`; when it is absent (tests running from source)
 * the analysis runs inline, which gives identical results.
 */
export async function analyzeFiles(
  files: readonly { path: string; text: string }[],
  onProgress?: (done: number) => void,
): Promise<AnalysisResult[]> {
  if (files.length === 0) return [];
  const workerUrl = new URL("./analyze-worker.js", import.meta.url);
  const requested = process.env.CTX_WORKERS === undefined ? undefined : Number(process.env.CTX_WORKERS);
  const workerCount = requested ?? (files.length < INLINE_LIMIT ? 0 : Math.min(availableParallelism(), 8));
  if (workerCount <= 0 || !existsSync(fileURLToPath(workerUrl))) {
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

  const results: AnalysisResult[] = new Array(files.length);
  const batches: { id: number; start: number; files: { path: string; text: string }[] }[] = [];
  for (let start = 0; start < files.length; start += BATCH_FILES) {
    batches.push({ id: batches.length, start, files: files.slice(start, start + BATCH_FILES) });
  }
  let next = 0;
  let done = 0;
  const workers = Array.from({ length: Math.min(workerCount, batches.length) }, () => new Worker(workerUrl));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = (): void => {
              const batch = batches[next++];
              if (!batch) {
                resolve();
                return;
              }
              worker.postMessage({ id: batch.id, files: batch.files } satisfies AnalyzeRequest);
            };
            worker.on("message", (response: AnalyzeResponse) => {
              const batch = batches[response.id]!;
              response.results.forEach((result, i) => {
                results[batch.start + i] = result;
              });
              done += response.results.length;
              onProgress?.(done);
              send();
            });
            worker.on("error", reject);
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results;
}
