// Worker-thread entry: analyses the files it is sent and posts the results back, in order.
import { parentPort, workerData } from "node:worker_threads";
import { analysisReady, analyzeFile, loadScriptAnalysis, type FileAnalysis } from "../analysis/analyze-file.js";

export interface AnalyzeWorkerData {
  /** Load the compiler at once, while the main thread reads (a repository with TypeScript or JavaScript files). */
  compiler: boolean;
}

// A failure to load it is met by the first file that needs it.
if ((workerData as AnalyzeWorkerData | undefined)?.compiler !== false) loadScriptAnalysis().catch(() => undefined);

export interface AnalyzeRequest {
  id: number;
  files: { path: string; text: string }[];
}

export interface AnalyzeResponse {
  id: number;
  results: (FileAnalysis | { error: string })[];
}

parentPort?.on("message", async (request: AnalyzeRequest) => {
  const results: AnalyzeResponse["results"] = [];
  for (const { path, text } of request.files) {
    try {
      // A language's parser is loaded the first time one of its files comes.
      const ready = analysisReady(path);
      if (ready) await ready;
      results.push(analyzeFile(path, text));
    } catch (error) {
      results.push({ error: error instanceof Error ? error.message : String(error) });
    }
  }
  parentPort!.postMessage({ id: request.id, results } satisfies AnalyzeResponse);
});
