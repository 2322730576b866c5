/**
 * Route DSL methods named after an HTTP method (Laravel's `Route::get`, Rails' and Sinatra's `get`,
 * axum's `get(h)` and actix-web's `web::get()`), to the method; `any` serves every one.
 */
export const VERB_METHODS: ReadonlyMap<string, string> = new Map([
  ["get", "GET"],
  ["post", "POST"],
  ["put", "PUT"],
  ["patch", "PATCH"],
  ["delete", "DELETE"],
  ["head", "HEAD"],
  ["options", "OPTIONS"],
  ["trace", "TRACE"],
  ["any", "ALL"],
]);

/** A resource's singular, as Laravel and Rails name its parameter (`photos` → `photo`, `categories` → `category`, `statuses` → `status`). */
export function singular(word: string): string {
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us)$/.test(word)) return word;
  if (/(?:sses|uses|xes|zes|ches|shes)$/.test(word)) return word.slice(0, -2);
  return word.replace(/s$/, "");
}
