// JSON as the IR and the emitters hold it: spec values (defaults, enum members, examples) and JSON
// Schema objects. Its own module so the IR's types, the request-body IR and the schema emitters
// share these shapes without importing one another.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON Schema 2020-12 object as the emitters build it: keywords to JSON-safe values. */
export type JsonSchema = { [keyword: string]: unknown };
