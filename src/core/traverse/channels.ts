import { CHANNEL_QUOTE, type CallEdge } from "../../model.js";
import { nodeKey, type CallNode } from "./find-calls.js";

/** What a publisher reaches a listener through, as a chain names it: `event OrderPlacedEvent`, `queue SearchService.updateQueue`, `channel 'stock.low'`. */
export interface ChannelStep {
  kind: "event" | "queue" | "channel";
  through: string;
}

/** A property or variable holding a queue is named as one (analysis/channel-sites.ts stores its process function as its listener). */
const QUEUE_NAME = /(?:queue|jobs)$/i;

/** The channel a `listen` or `emit` row names: its declaration's key, or its quoted string. */
const channelOf = (edge: CallEdge): string => (edge.target ? nodeKey({ path: edge.target.path, name: edge.callee }) : edge.callee);

/**
 * The index's `listen` rows, joined at query time to what publishes on the same channel: an `emit`
 * row naming it, or `new E()` of an event class listened on. Joined here rather than linked at index
 * time, so that a new listener in one file changes no other file's rows.
 */
export class Channels {
  private readonly byListener = new Map<string, CallEdge[]>();
  private readonly byChannel = new Map<string, CallEdge[]>();

  constructor(listens: readonly CallEdge[]) {
    for (const listen of listens) {
      if (listen.via !== "listen" || listen.caller === "(module)") continue;
      push(this.byListener, nodeKey({ path: listen.path, name: listen.caller }), listen);
      push(this.byChannel, channelOf(listen), listen);
    }
  }

  get size(): number {
    return this.byChannel.size;
  }

  /** The `listen` rows of a declaration: the channels it listens on. */
  heardBy(node: CallNode): readonly CallEdge[] {
    return this.byListener.get(nodeKey(node)) ?? [];
  }

  /** The `listen` rows on the channel a row publishes on: an `emit` row's, or the event class `new E()` makes. */
  listenersOf(edge: CallEdge): readonly CallEdge[] {
    if (edge.via === "emit" || (edge.via === "new" && edge.target?.kind === "class")) return this.byChannel.get(channelOf(edge)) ?? [];
    return [];
  }

  /** Whether a row publishes on the channel `listen` listens on. */
  publishes(edge: CallEdge, listen: CallEdge): boolean {
    if (edge.via !== "emit" && !(edge.via === "new" && edge.target?.kind === "class")) return false;
    return channelOf(edge) === channelOf(listen) && !(edge.path === listen.path && edge.line === listen.line);
  }

  /** How a chain through `listen`'s channel is labelled. */
  static step(listen: CallEdge): ChannelStep {
    // `'MAIL_QUEUE:*'`: every job of a queue (analysis/channel-sites.ts everyJobOf).
    const everyJob = /^'(.+):\*'$/.exec(listen.callee);
    if (everyJob) return { kind: "queue", through: everyJob[1]! };
    if (listen.callee.startsWith(CHANNEL_QUOTE)) return { kind: "channel", through: listen.callee };
    const kind = listen.target?.kind === "class" ? "event" : QUEUE_NAME.test(listen.callee) ? "queue" : "channel";
    return { kind, through: listen.callee };
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
