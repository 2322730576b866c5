// An index file's text as ctx reads it: a sharded one (symbol_index.md, call_index.md past
// shardAbove) with its shards in place, so a script sees the rows wherever they are kept.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { joinShards } from "../dist/formats/index-shards.js";

/** @param {string} dir a repository root @param {string} file an index file's name under .ai/ */
export function indexText(dir, file) {
  const top = readFileSync(join(dir, ".ai", file), "utf8");
  return joinShards(top, `.ai/${file}`, (path) => {
    try {
      return readFileSync(join(dir, ".ai", path), "utf8");
    } catch {
      return undefined;
    }
  });
}
