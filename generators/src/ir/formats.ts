// The string formats a parameter may name, each with the name of the runtime predicate that checks
// it. The runtime's own table (packages/runtime/src/formats.ts) holds the predicates; the IR depends
// on no runtime code, so it lists the names here and a test holds the two lists to each other.
export const formatPredicates = {
  date: "isDate",
  "date-time": "isDateTime",
  url: "isUrl",
  uri: "isUri",
  "column-letters": "isColumnLetters",
  column: "isColumn",
  csv: "isCsv",
  json: "isJson",
  "cell-data": "isCellData",
  bearer: "isBearer",
  jwt: "isJwt",
} as const;

export type FormatName = keyof typeof formatPredicates;
