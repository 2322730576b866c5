import type { LanguageProject } from "../language-project.js";

// Build files to come (issue 41): no modules, no import resolved yet.
export const RUST_PROJECT: LanguageProject = { buildFile: /^$/, packages: () => [], resolver: () => () => null };
