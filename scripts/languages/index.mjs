// Every language scripts/eval-languages.mjs measures, one module each: its repositories (tuning and
// held out, pinned by commit), its file extensions, its symbol oracle and the scope the oracle covers.
import csharp from "./csharp.mjs";
import go from "./go.mjs";
import java from "./java.mjs";
import php from "./php.mjs";
import python from "./python.mjs";
import ruby from "./ruby.mjs";
import rust from "./rust.mjs";

export const LANGUAGES = [python, go, java, csharp, rust, php, ruby];
