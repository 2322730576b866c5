import { z } from "zod";

/** The index lookups, as `ctx traverse` names them (the MCP request uses the lower-case name). */
export const LOOKUPS = { symbol: "Symbol", caller: "Caller", callee: "Callee", impact: "Impact", flow: "Flow", endpoint: "Endpoint", module: "Module", err: "Err", brain: "Brain" } as const;
export type Lookup = keyof typeof LOOKUPS;

const QUERY_HELP: Record<Lookup, string> = {
  symbol: "a declaration's name: `UsersService`, `UsersService.find`, or `src/users.ts:find`",
  caller: "the function or method whose callers you want: `UsersService.find`",
  callee: "the function or method whose calls you want: `src/users/users.controller.ts:get`",
  impact: "the declaration whose reach you want: every route, command, export or other entry point that calls it through any chain, `OrderService.applyPromotions` or `src/order.ts:120`",
  flow: 'where to start: a route ("POST /orders") or a declaration (`OrdersController.create`); what it runs comes back as a tree',
  endpoint: 'a route: "GET /users/:id", or a path alone',
  module: "a module name from .ai/domain-manifest.yaml, or a path inside one",
  err: "error text (a message, a stack line): where it is thrown or handled",
  brain: "words of a past task: lessons and decisions kept by ctx complete-task",
};

// One definition per field, shared by every request that takes it and by the schema clients are shown.
const query = z.string().trim().min(1);
const depth = z.number().int().min(1).max(3).describe("caller/callee: levels to walk, 1–3 (default 1)");
const budget = z.number().int().min(100).max(20000).describe("the most tokens the result may take (default 1500); what does not fit is counted, with a cursor");
const tests = z.boolean().describe("caller/callee: also list the sites in test files, after the others; impact: list the test declarations that reach it (default false: they are counted under `tests`)");
const exact = z.boolean().describe("caller/callee: settle the unresolved candidates with the TypeScript checker, over only their files and what they import (slower: `exact.ms` says how long it took)");
const to = z.string().trim().min(1).describe("flow: a declaration to reach; the answer is then the call paths from the start to it");
const cursor = z.string().regex(/^\d+$/).describe("from a previous result's `cursor`: where to continue");

const lookup = <K extends Lookup>(request: K) =>
  z.strictObject({ request: z.literal(request), query: query.describe(QUERY_HELP[request]), depth: depth.optional(), budget: budget.optional(), cursor: cursor.optional() });
const callLookup = <K extends "caller" | "callee">(request: K) => lookup(request).extend({ tests: tests.optional(), exact: exact.optional() });

/** Every request the one tool answers, told apart by `request`. */
export const McpRequest = z.discriminatedUnion("request", [
  lookup("symbol"),
  callLookup("caller"),
  callLookup("callee"),
  z.strictObject({ request: z.literal("impact"), query: query.describe(QUERY_HELP.impact), tests: tests.optional(), budget: budget.optional(), cursor: cursor.optional() }),
  z.strictObject({ request: z.literal("flow"), query: query.describe(QUERY_HELP.flow), to: to.optional(), budget: budget.optional() }),
  lookup("endpoint"),
  lookup("module"),
  lookup("err"),
  lookup("brain"),
  z.strictObject({
    request: z.literal("show"),
    query: query.describe("a declaration: `UsersService.find`, `src/users.ts:find`, `src/users.ts:42` (the one holding that line), or a route `GET /users/:id`"),
    budget: budget.optional(),
    cursor: cursor.optional(),
  }),
  z.strictObject({ request: z.literal("outline"), query: query.describe("a file, a folder or a module: its declarations with their lines"), budget: budget.optional(), cursor: cursor.optional() }),
  z.strictObject({ request: z.literal("brief"), query: z.string().trim().optional().describe("the task in words (default: the handoff's objective)"), budget: budget.optional() }),
  z.strictObject({ request: z.literal("validate_handoff"), path: z.string().min(1).optional().describe("the handoff to check (default .ai/HANDOFF.md)") }),
  z.strictObject({ request: z.literal("escape"), query: query.describe("the question, in words"), reason: z.string().trim().min(1).describe("why the index cannot answer it") }),
]);
export type McpRequest = z.infer<typeof McpRequest>;

export const REQUEST_KINDS = McpRequest.options.map((option) => option.shape.request.value);

/**
 * The input schema clients are shown: one flat object — many clients reject a top-level union —
 * whose `request` says which of the other fields apply. Requests are checked against McpRequest.
 */
export const McpRequestShape = z.object({
  request: z.enum(REQUEST_KINDS).describe(
    "symbol, caller, callee, impact, flow, endpoint, module, err, brain: index lookups (impact: the entry points that reach a declaration through any chain of calls; flow: what a route or declaration runs, as a tree within the budget); show: one declaration's source now; outline: a file's or folder's declarations; brief: where to start on a task; validate_handoff: check .ai/HANDOFF.md; escape: a question the index cannot answer (config, prose, exact text)",
  ),
  query: z.string().optional().describe("what to look up (required except for brief and validate_handoff); for brief, the task"),
  depth: depth.optional(),
  tests: tests.optional(),
  exact: exact.optional(),
  to: to.optional(),
  budget: budget.optional(),
  cursor: cursor.optional(),
  path: z.string().optional().describe("validate_handoff: the handoff to check"),
  reason: z.string().optional().describe("escape: why the index cannot answer"),
});

/** The request, or one line naming the field that is wrong, what was expected, and what came. */
export function parseMcpRequest(input: unknown): { ok: true; request: McpRequest } | { ok: false; error: string } {
  const parsed = McpRequest.safeParse(input);
  if (parsed.success) return { ok: true, request: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join(".") : issue.code === "unrecognized_keys" ? issue.keys.join(", ") : "request";
  const kind = typeof input === "object" && input !== null && "request" in input ? String((input as { request: unknown }).request) : undefined;
  const known = kind !== undefined && (REQUEST_KINDS as readonly string[]).includes(kind);
  const expected =
    issue.code === "invalid_union" || (field === "request" && !known)
      ? `one of ${REQUEST_KINDS.join(", ")}`
      : issue.code === "unrecognized_keys"
        ? `no such field for request "${kind}"`
        : issue.message;
  return { ok: false, error: `invalid request: field \`${field}\`${known ? ` (request "${kind}")` : ""}: ${expected}` };
}

/**
 * What is wrong with a `tools/call` request's params before the SDK sees them, as one line, or
 * null: the SDK's own check answers a null `arguments` with an internal error and a schema dump.
 */
export function toolCallParamsProblem(params: unknown): string | null {
  const kind = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "an array" : typeof value);
  if (typeof params !== "object" || params === null || Array.isArray(params)) return `invalid params: expected an object with \`name\` and \`arguments\`, got ${kind(params)}`;
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  if (typeof name !== "string") return `invalid params: \`name\` must be a string (the tool, "ctx"), got ${kind(name)}`;
  if (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args))) return `invalid params: \`arguments\` must be an object (the request, e.g. {"request":"symbol","query":"Foo"}), got ${kind(args)}`;
  return null;
}
