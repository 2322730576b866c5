// V8's code cache for a few large CommonJS modules, kept in the temp directory: compiling the
// TypeScript compiler costs more than parsing a small changed file with it. Node 22 does this for
// every module (module.enableCompileCache); Node 20, which ctx supports, does not.
// NODE_DISABLE_COMPILE_CACHE=1 (Node's own switch) turns it off.
import { createHash } from "node:crypto";
import fs from "node:fs";
import Module, { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";

type Compile = (this: NodeJS.Module, content: string, filename: string) => unknown;

const cached = new Set<string>();
const prototype = Module.prototype as unknown as { _compile: Compile };
const compile = prototype._compile;

function cacheFileFor(filename: string): string {
  const stat = fs.statSync(filename);
  const key = createHash("sha256").update(`${filename}\0${stat.size}\0${stat.mtimeMs}\0${process.version}\0${process.arch}`).digest("hex").slice(0, 32);
  const user = typeof process.getuid === "function" ? String(process.getuid()) : "user";
  return path.join(os.tmpdir(), `ctx-compile-cache-${user}`, `${key}.bin`);
}

/** Compiles `filename`, when it is required next, with the code cache (and leaves a cache for the next process). */
export function enableCompileCache(filename: string): void {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return;
  cached.add(filename);
  if (prototype._compile !== compile) return;
  prototype._compile = function (this: NodeJS.Module, content: string, file: string): unknown {
    if (!cached.has(file)) return compile.call(this, content, file);
    let script: vm.Script;
    try {
      const cacheFile = cacheFileFor(file);
      let cachedData: Buffer | undefined;
      try {
        cachedData = fs.readFileSync(cacheFile);
      } catch {
        cachedData = undefined;
      }
      script = new vm.Script(Module.wrap(content), { filename: file, cachedData });
      if (cachedData === undefined || script.cachedDataRejected) {
        // Written at exit, so that what this process compiled lazily is in the cache too.
        process.once("exit", () => {
          try {
            fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
            const temp = `${cacheFile}.${process.pid}.tmp`;
            fs.writeFileSync(temp, script.createCachedData());
            fs.renameSync(temp, cacheFile);
          } catch {
            // A cache that cannot be written costs the next process only the compile.
          }
        });
      }
    } catch {
      return compile.call(this, content, file);
    }
    const wrapper = script.runInThisContext() as (...args: unknown[]) => unknown;
    return wrapper.call(this.exports, this.exports, createRequire(file), this, file, path.dirname(file));
  };
}
