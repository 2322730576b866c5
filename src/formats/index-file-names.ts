// NOTE: the names alone, apart from their parsers, so code that only locates the files (the
// lookup path of `ctx traverse`) does not load js-yaml and the Markdown parsers.
export const SYMBOL_INDEX_FILE = "symbol_index.md";
export const ENDPOINT_INDEX_FILE = "endpoint_index.md";
export const FILE_INDEX_FILE = "file_index.md";
export const DOMAIN_MANIFEST_FILE = "domain-manifest.yaml";
export const CALL_INDEX_FILE = "call_index.md";
export const INDEX_CONFIG_FILE = "index-config.yaml";
