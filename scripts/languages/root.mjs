import { fileURLToPath } from "node:url";

/** This repository's root, for the oracles' paths. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
