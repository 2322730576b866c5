import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

export interface FakeRegistry {
  /** The registry's address, for `npm_config_registry`. */
  url: string;
  /** The package names asked for, in order (a metadata or tarball request each). */
  requested: string[];
  close: () => Promise<void>;
}

/**
 * An npm registry on 127.0.0.1 that has every package: each one's bin (named after it, and `ctx`) appends
 * the package's name to the file `ranLog` and exits 0 — what npx would run for a name it fetched. It lets a
 * test see, without the network, which package a command would fetch, and whether it would run it.
 */
export async function startFakeRegistry(workDir: string, ranLog: string): Promise<FakeRegistry> {
  const requested: string[] = [];
  const tarballs = new Map<string, Buffer>();
  const tarball = (name: string): Buffer => {
    const cached = tarballs.get(name);
    if (cached) return cached;
    const dir = join(workDir, `pkg-${tarballs.size}`);
    mkdirSync(join(dir, "package"), { recursive: true });
    writeFileSync(join(dir, "package", "package.json"), JSON.stringify({ name, version: "9.9.9", bin: { [name]: "bin.js", ...(name === "ctx" ? {} : { ctx: "bin.js" }) } }));
    writeFileSync(
      join(dir, "package", "bin.js"),
      `#!/usr/bin/env node\nrequire("node:fs").appendFileSync(${JSON.stringify(ranLog)}, ${JSON.stringify(`${name}\n`)});\nconsole.log("${name} 9.9.9, from the registry");\n`,
      { mode: 0o755 },
    );
    execFileSync("tar", ["-czf", join(dir, "package.tgz"), "-C", dir, "package"]);
    const bytes = readFileSync(join(dir, "package.tgz"));
    tarballs.set(name, bytes);
    return bytes;
  };
  const server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? "/").split("?")[0]!.slice(1));
    const name = path.split("/-/")[0]!;
    requested.push(name);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (path.includes("/-/")) {
      response.writeHead(200, { "content-type": "application/octet-stream" }).end(tarball(name));
      return;
    }
    const bytes = tarball(name);
    const dist = {
      tarball: `${url}/${name}/-/${name}-9.9.9.tgz`,
      shasum: createHash("sha1").update(bytes).digest("hex"),
      integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
    };
    const version = { name, version: "9.9.9", bin: { [name]: "bin.js", ...(name === "ctx" ? {} : { ctx: "bin.js" }) }, dist };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ name, "dist-tags": { latest: "9.9.9" }, versions: { "9.9.9": version } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requested,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
