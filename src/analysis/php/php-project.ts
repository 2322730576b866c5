import { BUILD_FILE_PATTERNS } from "../build-file-patterns.js";
import type { LanguageProject } from "../language-project.js";
import { composerPackages } from "./composer-packages.js";
import { phpResolver } from "./php-resolver.js";

/** composer.json decides PHP's modules (a monorepo's packages) and where its names load from (PSR-4, PSR-0, classmap, files). */
export const PHP_PROJECT: LanguageProject = { buildFile: BUILD_FILE_PATTERNS.php!, packages: composerPackages, resolver: phpResolver };
