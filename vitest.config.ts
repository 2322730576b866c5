import { accessSync, constants, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// The tests create hundreds of small git repositories and indexes. On a disk-backed /tmp (this project's 2-core CI VM:
// ext4 on a virtual disk) that file churn made the suite I/O-bound, 81–110 s wall with 93 s of system time; in RAM it ran
// in 36 s. So temp dirs go to /dev/shm when it is a writable directory and TMPDIR was not chosen by the user. Workers and the
// ctx processes the tests spawn inherit it.
if (!process.env.TMPDIR && writableDirectory("/dev/shm")) process.env.TMPDIR = "/dev/shm";

function writableDirectory(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/fixtures/**", "node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Most tests wait on git, node and compiler processes, so at least 2 files run at a time even on 2 cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
