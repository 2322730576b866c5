import type { TraverseSource } from "../core/traverse/traverse-source.js";
import type { RepoPath } from "../model.js";
import { hashFiles } from "./hash-files.js";
import { invocationAt } from "./locate-ctx.js";
import {
  loadAliasLookup,
  loadCallLookup,
  loadEndpointLookup,
  loadListenLookup,
  loadExportedNames,
  loadMemberCalls,
  loadModuleLookup,
  loadOverrideLookup,
  loadSymbolLookup,
  loadSymbolNames,
  lookupSession,
  openIndexReader,
} from "./lookup-cache.js";

/**
 * The index of the repository at `root` as a traverse reads it: the lookup cache (rebuilt from the
 * committed index when stale), the files on disk for their hashes, the memory files. What only
 * some kinds read is imported when first asked for: `traverse Symbol` is the hot path.
 */
export function openTraverseSource(root: string): TraverseSource {
  let invocation: string | undefined;
  // One query's lookups share their stamps and the call shards they read (see LookupSession).
  const session = lookupSession();
  return {
    symbols: (name) => loadSymbolLookup(root, name, session),
    symbolNames: () => loadSymbolNames(root),
    aliases: (name) => loadAliasLookup(root, name),
    endpoints: () => loadEndpointLookup(root, session),
    modules: () => loadModuleLookup(root, session),
    calls: (direction, name) => loadCallLookup(root, direction, name, session),
    memberCalls: (direction, container) => loadMemberCalls(root, direction, container),
    listens: () => loadListenLookup(root, session),
    overrides: (name) => loadOverrideLookup(root, name, session),
    exportedNames: (nodes) => loadExportedNames(root, nodes),
    declarationsIn: async (path: RepoPath) => {
      const { readDeclarations, wasRead } = await import("./read-declarations.js");
      const reader = await openIndexReader(root);
      if (!reader) return null;
      const [file] = await readDeclarations(root, reader, await reader.routing(), [path]);
      return wasRead(file) ? file.declarations : null;
    },
    mentions: async (word, sites, otherCalls) => {
      const reader = await openIndexReader(root);
      if (!reader) return undefined;
      const { readMentionAccount } = await import("./read-mention-account.js");
      return readMentionAccount(root, (await reader.routing()).paths(), word, sites, otherCalls);
    },
    hash: (paths) => hashFiles(root, paths),
    cachedErrors: async () => (await import("./read-memory.js")).readCachedErrors(root),
    memory: async () => (await import("./read-memory.js")).readMemory(root, { entries: true }),
    get invocation() {
      return (invocation ??= invocationAt(root));
    },
  };
}
