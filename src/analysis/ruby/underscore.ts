/** A constant's file name as Rails and Zeitwerk spell it: `HTTPClient` is `http_client`, `OrderLine` is `order_line`. */
export function underscore(name: string): string {
  return name
    .replace(/([A-Z\d]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/([a-z\d])([A-Z])/g, "$1_$2")
    .replace(/-/g, "_")
    .toLowerCase();
}
