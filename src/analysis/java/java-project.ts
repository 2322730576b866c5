import { BUILD_FILE_PATTERNS } from "../build-file-patterns.js";
import type { LanguageProject } from "../language-project.js";
import { javaPackages } from "./java-packages.js";
import { javaResolver } from "./java-resolver.js";

/** Maven's and Gradle's build files: modules from them; imports resolve by package path, which needs none. */
export const JAVA_PROJECT: LanguageProject = {
  buildFile: BUILD_FILE_PATTERNS.java!,
  packages: (buildFiles) => javaPackages(buildFiles),
  resolver: (paths) => javaResolver(paths),
};
