// Where code publishes to a channel and where it listens on one: what connects an event bus's
// `publish(new E())` to `ofType(E)`, an emitter's `emit("order.placed")` to `on("order.placed", …)`,
// a queue's `add` to its process function. The compiler sees no call there; a reader follows it.
import { CHANNEL_QUOTE } from "../model.js";
import { ts, type TS } from "./compiler.js";
import { entityName, isLiteralName, skipOuter } from "./syntax-names.js";

/**
 * What names a channel: a declaration (an event class, a constant, the property holding a queue),
 * linked as any reference is, or a string (`"order.placed"`, a template's fixed parts with `*` for
 * each substitution, so `team/${id}/updated` is `team/` + `*` + `/updated`).
 */
export type ChannelKey = { expression: TS.Expression } | { text: string; node: TS.Node };

/** A string key as it is written to the call index: quoted, so it can never read as a declaration's name. */
export const channelText = (text: string): string => `${CHANNEL_QUOTE}${text}${CHANNEL_QUOTE}`;

/** Keys are names, not prose: anything else (spaces, `|`, quotes, control characters) is not a key ctx records. */
const KEY_TEXT = /^[\w.:/*@#$+-]{1,120}$/;

/**
 * Events every stream and socket emits: a listener on `"error"` or `"data"` listens to its own
 * stream, not to the repository's other `emit("error")` calls.
 */
const STREAM_EVENTS = new Set(["error", "data", "end", "close", "finish", "open", "message", "connect", "connection", "disconnect", "ready", "exit", "drain", "readable", "request", "response", "change", "timeout", "abort", "pipe", "unpipe", "listening", "line", "resize", "progress", "load", "completed", "failed", "active", "stalled", "success"]);

/** Calls that listen on the channel their first argument names, given a function to run. */
const LISTEN_WITH_HANDLER = new Set(["on", "once", "addListener", "prependListener", "prependOnceListener", "process"]);
/** Calls whose arguments are the channels listened on (`eventBus.ofType(E)`, a GraphQL subscription's `asyncIterator("topic")`). */
const LISTEN = new Set(["ofType", "asyncIterator", "asyncIterableIterator"]);
/** Calls that publish on the channel their first argument names. */
const EMIT = new Set(["emit", "emitAsync", "publish", "dispatch", "send", "trigger", "broadcast", "add", "addBulk"]);
/** A wrapper of one of them named after it (`kafkaProducer.emitMessage(TOPIC, …)`, `bus.publishEvent(E, …)`): its first argument names the channel too, when it is a key. */
const EMIT_WRAPPER = /^(?:emit|publish|dispatch|send|trigger|broadcast)[A-Z]\w*$/;
/** A class decorated with these handles the channels its arguments name, in the method named. */
const HANDLER_CLASSES = new Map([
  ["EventsHandler", "handle"],
  ["CommandHandler", "execute"],
  ["QueryHandler", "execute"],
]);
/** A method decorated with these listens on the channel its argument names (`@OnEvent("order.placed")`, `@Process(JOB)`). */
const HANDLER_METHODS = new Set(["OnEvent", "Process", "EventPattern", "MessagePattern"]);

/** The channel an argument names, or undefined for a value that names none (a payload, a callback, a local). */
export function channelKeyOf(node: TS.Expression | undefined): ChannelKey | undefined {
  const expression = node && skipOuter(node);
  if (!expression) return undefined;
  if (isLiteralName(expression)) return stringKey(expression.text, expression);
  if (ts.isTemplateExpression(expression)) {
    const text = expression.head.text + expression.templateSpans.map((span) => `*${span.literal.text}`).join("");
    return stringKey(text, expression);
  }
  if (ts.isIdentifier(expression) || ts.isPropertyAccessExpression(expression)) {
    // `E.name`: the class's name stands for the class.
    if (ts.isPropertyAccessExpression(expression) && expression.name.text === "name" && ts.isIdentifier(expression.expression)) return { expression: expression.expression };
    return { expression };
  }
  // `PortfolioChangedEvent.getName()`: a key a class computes of itself stands for the class.
  if (ts.isCallExpression(expression) && expression.arguments.length === 0) {
    const callee = skipOuter(expression.expression);
    if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && /^[A-Z]/.test(callee.expression.text)) return { expression: callee.expression };
  }
  // `@Process({ name: JOB })`.
  if (ts.isObjectLiteralExpression(expression)) {
    const name = expression.properties.find((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === "name");
    return name && ts.isPropertyAssignment(name) ? channelKeyOf(name.initializer) : undefined;
  }
  return undefined;
}

function stringKey(text: string, node: TS.Node): ChannelKey | undefined {
  return KEY_TEXT.test(text) && !STREAM_EVENTS.has(text) ? { text, node } : undefined;
}

const isFunction = (node: TS.Expression | undefined): boolean => {
  const expression = node && skipOuter(node);
  return !!expression && (ts.isArrowFunction(expression) || ts.isFunctionExpression(expression) || ts.isIdentifier(expression) || ts.isPropertyAccessExpression(expression));
};

const calledName = (call: TS.CallExpression | TS.NewExpression): string | undefined => {
  const callee = skipOuter(call.expression);
  return ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined;
};

/**
 * The channels a call listens on: `x.ofType(E)`, `x.on("k", fn)`, `queue.process("job", fn)`,
 * `new Worker("queue", fn)`, `createQueue({ name, process })` (the name; the variable or property
 * it is stored in is one too, see storedQueue).
 */
export function listenedKeys(call: TS.CallExpression | TS.NewExpression): ChannelKey[] {
  const name = calledName(call);
  const args = call.arguments ?? [];
  if (name === undefined) return [];
  if (ts.isNewExpression(call)) return name === "Worker" && args.length >= 2 && isFunction(args[1]) ? keys([args[0]]) : [];
  if (!ts.isPropertyAccessExpression(skipOuter(call.expression))) return [];
  if (LISTEN.has(name)) return keys(args);
  if (LISTEN_WITH_HANDLER.has(name) && args.length >= 2 && !isFunction(args[0]) && isFunction(args[args.length - 1])) return keys([args[0]]);
  const options = queueOptions(call);
  return options ? keys([options.name]) : [];
}

/**
 * The channels a call publishes on: `emitter.emit("k", …)`, `queue.add(JOB, data)`; not `publish(new E())`
 * (the `new` is the publish). `this.ordersQueue.add(data)` publishes on the queue stored there (storedQueue):
 * a receiver named as a queue.
 */
export function emittedKeys(call: TS.CallExpression): { keys: ChannelKey[]; queue?: TS.Expression } {
  const name = calledName(call);
  const callee = skipOuter(call.expression);
  if (name === undefined || !(EMIT.has(name) || EMIT_WRAPPER.test(name)) || !ts.isPropertyAccessExpression(callee)) return { keys: [] };
  const receiver = skipOuter(callee.expression);
  const queue = (name === "add" || name === "addBulk") && QUEUE_NAME.test(ts.isPropertyAccessExpression(receiver) ? receiver.name.text : ts.isIdentifier(receiver) ? receiver.text : "") ? receiver : undefined;
  return { keys: emittedKey(name, call), ...(queue ? { queue } : {}) };
}

/**
 * `@InjectQueue(QUEUE) private readonly queue: Queue` (NestJS Bull and BullMQ): the queue a
 * property holds, by the key `@Processor(QUEUE)` names it with; undefined for any other member.
 */
export function injectedQueue(member: TS.Node): ChannelKey | undefined {
  for (const decorator of (ts.canHaveDecorators(member) ? ts.getDecorators(member) : undefined) ?? []) {
    const expression = skipOuter(decorator.expression);
    const callee = ts.isCallExpression(expression) ? skipOuter(expression.expression) : undefined;
    if (callee && ts.isIdentifier(callee) && callee.text === "InjectQueue") return channelKeyOf((expression as TS.CallExpression).arguments[0]);
  }
  return undefined;
}

/**
 * `@Processor(QUEUE) class P { @Process(JOB) handle(job) {} }` (NestJS Bull), `@Processor(QUEUE) class
 * P extends WorkerHost { process(job) {} }` (BullMQ): the queue a class processes, and its methods that
 * run a job — every `@Process` method and `process`. A job added by a name known only at run time
 * reaches any of them.
 */
export function processorQueue(node: TS.ClassLikeDeclaration): { key: ChannelKey; methods: { name: TS.Identifier; everyJob: boolean }[] } | undefined {
  for (const decorator of ts.getDecorators(node) ?? []) {
    const expression = skipOuter(decorator.expression);
    const callee = ts.isCallExpression(expression) ? skipOuter(expression.expression) : undefined;
    if (!callee || !ts.isIdentifier(callee) || callee.text !== "Processor") continue;
    const key = channelKeyOf((expression as TS.CallExpression).arguments[0]);
    if (!key) return undefined;
    const methods = node.members.flatMap((member) => {
      if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) return [];
      const process = (ts.getDecorators(member) ?? []).map((d) => skipOuter(d.expression)).find((e) => {
        const c = ts.isCallExpression(e) ? skipOuter(e.expression) : e;
        return ts.isIdentifier(c) && c.text === "Process";
      });
      // `@Process(JOB)` runs one job; `@Process()` and BullMQ's `process(job)` run every job of the queue.
      const named = process !== undefined && ts.isCallExpression(process) && channelKeyOf(process.arguments[0]) !== undefined;
      return process !== undefined || member.name.text === "process" ? [{ name: member.name, everyJob: !named }] : [];
    });
    return { key, methods };
  }
  return undefined;
}

/** A property or variable that holds a queue is named as one (`ordersQueue`, `jobQueue`, `emailJobs`). */
const QUEUE_NAME = /(?:queue|jobs)$/i;

function emittedKey(name: string, call: TS.CallExpression): ChannelKey[] {
  const first = call.arguments[0];
  if (!first || ts.isNewExpression(skipOuter(first)) || isFunction(first) && !isKeyName(first)) return [];
  // `set.add(x)`, `queue.add(data)`: only a string or a constant-looking name is a key there.
  if ((name === "add" || name === "addBulk" || name === "send" || !EMIT.has(name)) && (call.arguments.length < 2 || !isKeyName(first))) return [];
  return keys([first]);
}

/** A string, a template, or a name spelled as a constant (`ORDER_PLACED`, `Events.OrderPlaced`, `E.getName()`). */
function isKeyName(node: TS.Expression): boolean {
  const expression = skipOuter(node);
  if (isLiteralName(expression) || ts.isTemplateExpression(expression) || ts.isCallExpression(expression)) return true;
  const last = ts.isPropertyAccessExpression(expression) ? expression.name.text : ts.isIdentifier(expression) ? expression.text : "";
  return /^[A-Z][A-Z0-9_]*$/.test(last) || (ts.isPropertyAccessExpression(expression) && /^[A-Z]/.test(last));
}

/** `createQueue({ name: "x", process: fn })`: a queue made with the function that processes its jobs. */
export function queueOptions(call: TS.CallExpression | TS.NewExpression): { name: TS.Expression | undefined } | undefined {
  for (const argument of call.arguments ?? []) {
    const object = skipOuter(argument);
    if (!ts.isObjectLiteralExpression(object)) continue;
    const property = (name: string): TS.ObjectLiteralElementLike | undefined => object.properties.find((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === name);
    const process = property("process");
    const handler = process && (ts.isMethodDeclaration(process) || (ts.isPropertyAssignment(process) && isFunction(process.initializer)));
    if (!handler) continue;
    const name = property("name");
    return { name: name && ts.isPropertyAssignment(name) ? name.initializer : undefined };
  }
  return undefined;
}

/**
 * `this.queue = await jobs.createQueue({ process })`, `const queue = createQueue({ process })`:
 * the value stored is the queue, so whoever reads it to `add` a job publishes to that process function.
 */
export function storedQueue(value: TS.Expression | undefined): boolean {
  let expression = value && skipOuter(value);
  if (expression && ts.isAwaitExpression(expression)) expression = skipOuter(expression.expression);
  return !!expression && (ts.isCallExpression(expression) || ts.isNewExpression(expression)) && queueOptions(expression) !== undefined;
}

/** The channels a decorator makes its declaration listen on, and for a class, the method that handles them. */
export function decoratorListens(decorator: TS.Decorator, onClass: boolean): { keys: ChannelKey[]; method?: string } | undefined {
  const expression = skipOuter(decorator.expression);
  if (!ts.isCallExpression(expression)) return undefined;
  const callee = skipOuter(expression.expression);
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
  if (name === undefined) return undefined;
  if (onClass && HANDLER_CLASSES.has(name)) return { keys: keys(expression.arguments), method: HANDLER_CLASSES.get(name)! };
  if (!onClass && HANDLER_METHODS.has(name)) return { keys: keys(expression.arguments.slice(0, 1)) };
  return undefined;
}

function keys(args: readonly (TS.Expression | undefined)[]): ChannelKey[] {
  return args.flatMap((argument) => {
    const key = channelKeyOf(argument);
    return key ? [key] : [];
  });
}

/**
 * The channel of the handlers that run every job of a queue (`@Process()`, BullMQ's `process`): a job
 * added by its name reaches them and the handler of that name; one added by a name known only at run
 * time reaches the queue (every handler). Spelled after the queue's key as written (`DATA_QUEUE:*`).
 */
export function everyJobOf(queue: ChannelKey): ChannelKey | undefined {
  const written = "text" in queue ? queue.text : entityName(queue.expression);
  const node = "text" in queue ? queue.node : queue.expression;
  return written === undefined ? undefined : stringKey(`${written}:*`, node);
}
