// Worker-thread entry: analyses the files it is sent and posts the results back, in order.
import { parentPort } from "node:worker_threads";
import { analyzeFile, type FileAnalysis } from "../analysis/analyze-file.js";

export interface AnalyzeRequest {
  id: number;
  files: { path: string; text: string }[];
}

export interface AnalyzeResponse {
  id: number;
  results: (FileAnalysis | { error: string })[];
}

parentPort?.on("message", (request: AnalyzeRequest) => {
  const results = request.files.map(({ path, text }) => {
    try {
      return analyzeFile(path, text);
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  });
  parentPort!.postMessage({ id: request.id, results } satisfies AnalyzeResponse);
});
