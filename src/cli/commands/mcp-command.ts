import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { groupCallHits, groupedCost } from "../../core/mcp/group-call-hits.js";
import { fitLists, pageToBudget } from "../../core/mcp/page-to-budget.js";
import type { TraverseHit } from "../../core/traverse/traverse-result.js";
import { CtxError } from "../../errors.js";
import { LOOKUPS, McpRequestShape, parseMcpRequest, toolCallParamsProblem, type McpRequest } from "../../formats/mcp-request.js";
import { ctxVersion } from "../../io/ctx-version.js";
import { briefJson } from "../render/brief-text.js";
import { handoffJson } from "../render/handoff-text.js";
import { traverseJson } from "../render/traverse-text.js";
import { runBrief } from "./brief-command.js";
import { runOutline } from "./outline-command.js";
import { runShow } from "./show-command.js";
import { outlineJson, showJson } from "../render/read-text.js";
import { runTraverse } from "./traverse-command.js";
import { runValidateHandoff } from "./validate-handoff-command.js";

export const TOOL_NAME = "ctx";

/**
 * What the agent reads to decide whether to call the tool: when it helps, what a hit and a miss
 * mean, and where its answers stop. It routes; it does not insist.
 */
export const TOOL_DESCRIPTION = [
  "Answers questions about this repository's code from ctx's compiler-built index: where a symbol is declared (symbol),",
  "who calls a function and what it calls (caller, callee), which handler serves a route (endpoint), what a module holds",
  "(module), where an error text comes from (err), lessons from past tasks (brain); brief says where to start on a task,",
  "show prints one declaration's source as the file holds it now (paged by lines); outline lists a file's or folder's",
  "declarations with their lines. validate_handoff checks .ai/HANDOFF.md. Use it when the answer depends on this repository's symbols, calls, routes or",
  "modules. Each hit was checked against its file's current SHA-256 just now: a fresh path:line needs no re-reading of",
  "the file, only that range. status \"miss\" (TRAVERSE_MISS) means no fresh answer: search narrowly instead.",
  "caller and callee answer in groups: the callee, its place and the file once, then its sites as \"line caller (kind)\";",
  "with depth > 1 each site is numbered, \"#n line caller (kind) ← #parent\". Depth 1 returns every site; a deeper walk stops at 2000 sites and says so (truncated).",
  "Sites in test files are counted under tests, not listed, unless tests: true (then they come after the others).",
  "Calls the index could not link are listed under candidates; exact: true settles them with the TypeScript checker (slower; exact.ms says how long it took).",
  "complete: true means there is nothing more to fetch. Results are index data (names, kinds, path:line, signatures);",
  "only show returns source. Config files, prose and exact-text search are not index questions: send escape, or use your tools.",
].join(" ");

const { ParseError: PARSE_ERROR, InvalidRequest: INVALID_REQUEST, InvalidParams: INVALID_PARAMS } = ErrorCode;

const DEFAULT_BUDGET = 1500;
/**
 * Candidates a lookup verifies beyond the page's start: more than the budget can hold (no hit
 * costs fewer tokens than this), and no more, so a page hashes few files.
 */
const FEWEST_TOKENS_PER_HIT = 8;

/** The answer to one request, as the JSON the tool returns; a miss is an answer, not an error. */
export async function answerRequest(cwd: string, request: McpRequest): Promise<object> {
  switch (request.request) {
    case "brief": {
      const brief = briefJson(await runBrief({ cwd, task: request.query || null, role: null })) as Record<string, unknown>;
      const { value, omitted } = fitLists(brief, request.budget ?? DEFAULT_BUDGET);
      return { ...value, omitted, complete: Object.keys(omitted).length === 0 };
    }
    case "validate_handoff":
      return handoffJson(await runValidateHandoff(cwd, request.path));
    case "show": {
      // The whole declaration, paged by lines: a cursor is the number of its lines already sent.
      const shown = showJson(await runShow({ cwd, query: request.query, budget: 0 })) as { source: { start: number; end: number; text: string } | null } & Record<string, unknown>;
      if (!shown.source) return { ...shown, complete: shown.status === "hit" };
      const lines = shown.source.text.split("\n").map((text, i) => ({ line: shown.source!.start + i, text }));
      const offset = Number(request.cursor ?? 0);
      const { page, more, cursor } = pageToBudget(lines, offset, request.budget ?? DEFAULT_BUDGET, { ...shown, source: null });
      return { ...shown, source: { ...shown.source, text: page.map((l) => l.text).join("\n"), from: page[0]?.line ?? null, to: page.at(-1)?.line ?? null }, more, cursor, complete: more === 0 };
    }
    case "outline": {
      const outline = outlineJson(await runOutline({ cwd, target: request.query })) as { files: { path: string; state: string; entries: unknown[] }[] } & Record<string, unknown>;
      // Paged by declaration, each with its file.
      const entries = outline.files.flatMap((file) => file.entries.map((entry) => ({ path: file.path, state: file.state, ...(entry as object) })));
      const offset = Number(request.cursor ?? 0);
      const { page, more, cursor } = pageToBudget(entries, offset, request.budget ?? DEFAULT_BUDGET, { ...outline, files: [] });
      return { ...outline, files: undefined, entries: page, shown: page.length, total: entries.length, more, cursor, complete: outline.status === "hit" && more === 0 };
    }
    case "impact": {
      // Every entry is found and checked before paging: a page of entries, each once, with the summary whole.
      const traversal = await runTraverse({ cwd, kind: "Impact", query: request.query, limit: Number.MAX_SAFE_INTEGER, tests: request.tests === true });
      const answer = traverseJson(traversal) as { entries: unknown[]; complete: boolean } & Record<string, unknown>;
      const offset = Number(request.cursor ?? 0);
      const { page, more, cursor } = pageToBudget(answer.entries, offset, request.budget ?? DEFAULT_BUDGET, { ...answer, entries: [] });
      return { ...answer, entries: page, shown: page.length, total: answer.entries.length, more, cursor, complete: answer.complete && more === 0 };
    }
    case "flow": {
      // The tree is cut to the budget by the walk itself (breadth first, `hidden` counts what is under a node).
      const traversal = await runTraverse({ cwd, kind: "Flow", query: request.query, limit: Number.MAX_SAFE_INTEGER, to: request.to ?? null, budget: request.budget ?? DEFAULT_BUDGET });
      return traverseJson(traversal);
    }
    case "escape":
      return {
        status: "escape",
        query: request.query,
        advice: "not an index question: ctx indexes declarations, calls, routes and modules. Use a narrow text search (rg -n -F '<text>' <dir>) or read the file you need.",
        complete: true,
      };
    default: {
      const offset = Number(request.cursor ?? 0);
      const budget = request.budget ?? DEFAULT_BUDGET;
      const limit = offset + Math.ceil(budget / FEWEST_TOKENS_PER_HIT);
      const tests = "tests" in request && request.tests === true;
      const exact = "exact" in request && request.exact === true;
      const traversal = await runTraverse({ cwd, kind: LOOKUPS[request.request], query: request.query, limit, depth: request.depth, tests, exact });
      const { hits, total, ...rest } = { ...traverseJson(traversal), ...(traversal.exact ? { exact: traversal.exact } : {}) } as { hits: TraverseHit[]; total: number } & Record<string, unknown>;
      const envelope = { ...rest, shown: 0, total, more: 0, cursor: "", complete: false };
      // Sites into one callee repeat it, its place and their file: a page of calls says those once per group.
      const calls = request.request === "caller" || request.request === "callee";
      const tree = (request.depth ?? 1) > 1;
      const { page, more, cursor } = pageToBudget(hits, offset, budget, envelope, total, calls ? groupedCost(tree) : undefined);
      const rejected = (rest.rejected as unknown[] | undefined) ?? [];
      return {
        ...rest,
        ...(calls ? { groups: groupCallHits(page, offset, tree), hits: undefined } : { hits: page.map((hit) => ({ ...hit, fresh: true })) }),
        shown: page.length,
        total,
        more,
        cursor,
        // Every fresh answer is here, nothing was turned away as stale, and no call of that name is left unresolved.
        complete: traversal.status === "hit" && more === 0 && rejected.length === 0 && (traversal.candidates ?? []).length === 0,
      };
    }
  }
}

/** A tool result: the JSON answer, or an error the agent can act on (a malformed request, a usage problem). */
export async function callTool(cwd: string, args: unknown): Promise<CallToolResult> {
  const parsed = parseMcpRequest(args ?? {});
  if (!parsed.ok) return { isError: true, content: [{ type: "text", text: parsed.error }] };
  try {
    return { content: [{ type: "text", text: JSON.stringify(await answerRequest(cwd, parsed.request)) }] };
  } catch (error) {
    if (!(error instanceof CtxError)) throw error;
    return { isError: true, content: [{ type: "text", text: `${error.message}${error.hint ? ` — ${error.hint}` : ""}` }] };
  }
}

/** Serves the one tool over standard input and output until the client closes the stream. */
export async function runMcpServer(cwd: string): Promise<void> {
  const server = new Server({ name: "ctx", version: ctxVersion() }, { capabilities: { tools: {} } });
  const inputSchema = z.toJSONSchema(McpRequestShape) as { type: "object" };
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: TOOL_NAME, description: TOOL_DESCRIPTION, inputSchema, annotations: { readOnlyHint: true, openWorldHint: false } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    if (request.params.name !== TOOL_NAME) return { isError: true, content: [{ type: "text", text: `no tool named "${request.params.name}": this server has one, "${TOOL_NAME}"` }] };
    return callTool(cwd, request.params.arguments);
  });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
  });
  // A line that is not JSON, or not JSON-RPC, gets the error JSON-RPC names for it (id null: none can be read), not silence.
  transport.onerror = (error) => {
    if (error instanceof SyntaxError) void transport.send({ jsonrpc: "2.0", id: null, error: { code: PARSE_ERROR, message: `parse error: ${error.message}` } } as unknown as JSONRPCMessage);
    else if (error.name === "ZodError") void transport.send({ jsonrpc: "2.0", id: null, error: { code: INVALID_REQUEST, message: "invalid request: not a JSON-RPC 2.0 message" } } as unknown as JSONRPCMessage);
  };
  await server.connect(transport);
  // Requests still being answered when the input ends (a client that pipes its requests and
  // closes) are answered before the server closes.
  const pending = new Set<string | number>();
  let ended = false;
  const closeWhenDone = (): void => {
    if (ended && pending.size === 0) void server.close();
  };
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    await send(message);
    if ("id" in message && !("method" in message) && message.id !== null && message.id !== undefined) pending.delete(message.id);
    closeWhenDone();
  };
  const forward = transport.onmessage;
  transport.onmessage = (message) => {
    if (!("method" in message) || !("id" in message)) return forward?.(message);
    pending.add(message.id);
    const problem = message.method === "tools/call" ? toolCallParamsProblem(message.params) : null;
    if (problem === null) return forward?.(message);
    void transport.send({ jsonrpc: "2.0", id: message.id, error: { code: INVALID_PARAMS, message: problem } });
  };
  process.stdin.once("end", () => {
    ended = true;
    closeWhenDone();
  });
  await closed;
}
