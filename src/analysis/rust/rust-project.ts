import { BUILD_FILE_PATTERNS } from "../build-file-patterns.js";
import type { LanguageProject } from "../language-project.js";
import { rustPackages } from "./rust-packages.js";
import { rustResolver } from "./rust-resolver.js";

/** Cargo: manifests name the workspace's crates, and `use` paths lead through module files to them. */
export const RUST_PROJECT: LanguageProject = { buildFile: BUILD_FILE_PATTERNS.rust!, packages: rustPackages, resolver: rustResolver };
