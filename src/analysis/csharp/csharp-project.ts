import { BUILD_FILE_PATTERNS } from "../build-file-patterns.js";
import type { LanguageProject } from "../language-project.js";
import { csharpPackages } from "./csharp-packages.js";
import { csharpResolver } from "./csharp-resolver.js";

/** .NET's build files: projects (.csproj) as modules, and the root namespaces `using` directives resolve by; a .sln is watched, not read. */
export const CSHARP_PROJECT: LanguageProject = {
  buildFile: BUILD_FILE_PATTERNS["c-sharp"]!,
  packages: (buildFiles) => csharpPackages(buildFiles),
  resolver: (paths, buildFiles) => csharpResolver(paths, buildFiles),
};
