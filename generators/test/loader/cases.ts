// The bad-spec table: each case breaks a known-good spec (or the catalog, or the file set) in one
// place; load.test.ts asserts the exact code and position, and that every code has a case.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DiagnosticCode } from "../../src/loader/diagnostics.ts";
import { workspaceRoot } from "../support.ts";

export const file = "specs/widget-api.yaml";
export const catalogFile = "specs/catalog.yaml";

// Line numbers below refer to this text (line 1 is the schema comment).
export const good = `# yaml-language-server: $schema=./schema/server.schema.json
server: WidgetApi
kind: starter
domain: widgets
description: Widgets for tests.
source: test
auth:
  type: api-key
  secret: WIDGET_KEY
secrets:
  - { name: WIDGET_KEY, description: the key }
tools:
  - name: GetWidget
    purpose: read a widget
    secrets: [WIDGET_KEY]
    parameters:
      - { name: widget_id, type: string, required: true }
      - { name: limit, type: integer, minimum: 1, maximum: 50, default: 10 }
      - { name: color, type: string, enum: [red, blue], default: red }
  - name: ExecuteWidget
    purpose: run a widget
    secrets: [WIDGET_KEY]
    modePattern: true
    parameters:
      - { name: widget_id, type: string, required: execute }
`;

const catalogText = readFileSync(join(workspaceRoot, catalogFile), "utf8");

/** Replaces each `from` (first occurrence) in `base`, failing loudly when one is not there. */
export function edit(...pairs: [from: string, to: string][]): string {
  return editIn(good, pairs);
}

function editIn(base: string, pairs: [string, string][]): string {
  return pairs.reduce((text, [from, to]) => {
    if (!text.includes(from)) throw new Error(`test setup: "${from}" is not in the base text`);
    return text.replace(from, to);
  }, base);
}

const bytes = (text: string, at: string, inserted: number[]): Uint8Array => {
  const encoded = Buffer.from(text, "utf8");
  const offset = encoded.indexOf(at);
  return Buffer.concat([encoded.subarray(0, offset), Buffer.from(inserted), encoded.subarray(offset)]);
};

/** Moves `path` out of the workspace and leaves a symbolic link to it in its place. */
export function replaceWithLink(root: string, path: string): void {
  const target = join(mkdtempSync(join(tmpdir(), "toolcat-elsewhere-")), "target");
  writeFileSync(target, readFileSync(join(root, path)));
  rmSync(join(root, path));
  symlinkSync(target, join(root, path));
}

const param = (line: string): string => edit(["      - { name: color,", `      - ${line}\n      - { name: color,`]);
const userAuth = edit([
  "auth:\n  type: api-key\n  secret: WIDGET_KEY",
  "auth:\n  type: user-authorization\n  scopes: [{ name: widgets.read }]",
]);

const captured = "specs/request-bodies/widget-api/ExecuteWidget.json";
/** A capture of the widget spec's mode-pattern tool whose answer (line 5, column 13) is `answer`. */
const capture = (answer: string): Record<string, string> => ({
  [captured]:
    '{\n  "tool": "WidgetApi.ExecuteWidget",\n  "capturedFrom": "http://127.0.0.1:1",\n  "capturedAt": ' +
    `"2025-01-01T00:00:00.000Z",\n  "answer": ${answer}\n}\n`,
});

export interface Case {
  readonly name: string;
  /** The server spec; `good` when only other files change. */
  readonly text?: string | Uint8Array;
  /** Other files in memory (path → content), e.g. a broken catalog or a second server. */
  readonly files?: Readonly<Record<string, string>>;
  /** Files to load; [file] when omitted. */
  readonly only?: readonly string[];
  /** A workspace without a catalog, for missing-catalog. */
  readonly emptyRoot?: boolean;
  /** Files made on disk in a scratch workspace (catalog and `good` already there), for links. */
  readonly disk?: (root: string) => void;
  readonly code: DiagnosticCode;
  /** `line:col`, in `file` unless `in` names another file. */
  readonly at: string;
  readonly in?: string;
}

export const cases: readonly Case[] = [
  // The file as text and as YAML.
  { name: "YAML syntax error", text: edit(["kind: starter", "kind: [starter"]), code: "yaml-syntax", at: "4:1" },
  {
    name: "duplicate YAML key",
    text: edit(["kind: starter", "kind: starter\nkind: optimized"]),
    code: "duplicate-key",
    at: "4:1",
  },
  {
    name: "unresolved tag",
    text: edit(["description: Widgets", "description: !!js/function Widgets"]),
    code: "yaml-tag",
    at: "5:14",
  },
  { name: "undefined alias", text: edit(["domain: widgets", "domain: *nope"]), code: "yaml-alias", at: "4:9" },
  {
    name: "alias bomb",
    text:
      `${good}x0: &a [a, a, a, a, a, a, a, a, a, a]\nx1: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nx2: [*b, ` +
      "*b, *b, *b, *b, *b, *b, *b, *b, *b]\n",
    code: "yaml-alias",
    at: "27:9",
  },
  { name: "complex mapping key", text: `${good}? [a, b]\n: 1\n`, code: "complex-key", at: "26:3" },
  { name: "nesting too deep", text: `${good}x: ${"[".repeat(40)}${"]".repeat(40)}\n`, code: "too-deep", at: "26:36" },
  { name: "file over 1 MiB", text: `${good}#${"x".repeat(1024 * 1024)}\n`, code: "file-too-large", at: "1:1" },
  { name: "invalid UTF-8", text: bytes(good, "a widget", [0xff]), code: "invalid-encoding", at: "14:19" },
  { name: "raw NUL byte", text: edit(["read a widget", "read \0a widget"]), code: "forbidden-character", at: "14:19" },
  {
    name: "escaped bidi override",
    text: edit(["purpose: read a widget", 'purpose: "read \\u202E a widget"']),
    code: "forbidden-character",
    at: "14:14",
  },
  {
    name: "escaped lone surrogate",
    text: edit(["purpose: read a widget", 'purpose: "read \\uD800 a widget"']),
    code: "forbidden-character",
    at: "14:14",
  },
  {
    name: "raw line separator",
    text: edit(["read a widget", "read \u2028a widget"]),
    code: "forbidden-character",
    at: "14:19",
  },
  // Structure (the JSON Schema).
  {
    name: "unknown key (typo)",
    text: edit(["    purpose: read a widget", "    purpse: read a widget"]),
    code: "unknown-key",
    at: "14:5",
  },
  { name: "missing required key", text: edit(["    purpose: read a widget\n", ""]), code: "missing-key", at: "13:5" },
  { name: "wrong value type", text: edit(["minimum: 1,", "minimum: one,"]), code: "wrong-type", at: "18:48" },
  { name: "invalid value", text: edit(["kind: starter", "kind: huge"]), code: "invalid-value", at: "3:7" },
  {
    name: "unknown parameter type",
    text: edit(["type: string, required: true", "type: strng, required: true"]),
    code: "unknown-type",
    at: "17:34",
  },
  {
    name: "unknown format",
    text: edit(["type: string, required: true", "type: string, format: colour, required: true"]),
    code: "unknown-format",
    at: "17:50",
  },
  // Names.
  {
    name: "tool name not PascalCase",
    text: edit(["  - name: GetWidget", "  - name: get_widget"]),
    code: "invalid-identifier",
    at: "13:11",
  },
  {
    name: "parameter name not snake_case",
    text: edit(["{ name: color,", "{ name: Color,"]),
    code: "invalid-identifier",
    at: "19:17",
  },
  {
    name: "enumName not PascalCase",
    text: edit(["enum: [red, blue]", "enumName: my-colors, enum: [red, blue]"]),
    code: "invalid-identifier",
    at: "19:48",
  },
  {
    name: "catalog ToolMode name not PascalCase",
    files: { [catalogFile]: catalogText.replace("  name: ToolMode", "  name: tool-mode") },
    code: "invalid-identifier",
    at: "10:9",
    in: catalogFile,
  },
  {
    name: "catalog enumName not UPPER_SNAKE_CASE",
    files: { [catalogFile]: catalogText.replace("enumName: EXECUTE", "enumName: execute now") },
    code: "invalid-identifier",
    at: "16:17",
    in: catalogFile,
  },
  {
    name: "parameter named constructor",
    text: edit(["{ name: color,", "{ name: constructor,"]),
    code: "reserved-name",
    at: "19:17",
  },
  {
    name: "parameter named with a reserved word",
    text: edit(["{ name: color,", "{ name: delete,"]),
    code: "reserved-name",
    at: "19:17",
  },
  {
    name: "enum value __proto__",
    text: edit(["enum: [red, blue]", "enum: [red, __proto__]"]),
    code: "reserved-name",
    at: "19:50",
  },
  {
    name: "object key toString",
    text: param("{ name: options, type: object, keys: [{ name: toString }] }"),
    code: "reserved-name",
    at: "19:55",
  },
  {
    name: "object default with a __proto__ key",
    text: param('{ name: options, type: object, default: { "__proto__": 1 } }'),
    code: "reserved-name",
    at: "19:64",
  },
  {
    name: "name clash between tool exports",
    text: edit(["  - name: GetWidget", "  - name: Validate"], ["  - name: ExecuteWidget", "  - name: Tool"]),
    code: "name-clash",
    at: "20:11",
  },
  {
    name: "tool deriving a runtime import",
    text: edit(["  - name: GetWidget", "  - name: LangChain"]),
    code: "name-clash",
    at: "13:11",
  },
  {
    name: "model name over providers' 64 characters",
    text: edit(["  - name: GetWidget", `  - name: Get${"Widget".repeat(9)}`]),
    code: "name-clash",
    at: "13:11",
  },
  {
    name: "server deriving the catalog's ToolMode name",
    files: { [catalogFile]: catalogText.replace("  name: ToolMode", "  name: WidgetApiClient") },
    code: "name-clash",
    at: "2:9",
  },
  {
    name: "catalog ToolMode name a generated type",
    files: { [catalogFile]: catalogText.replace("  name: ToolMode", "  name: ToolName") },
    code: "name-clash",
    at: "10:9",
    in: catalogFile,
  },
  {
    name: "file not named after the server",
    text: edit(["server: WidgetApi", "server: GadgetApi"]),
    code: "file-name-mismatch",
    at: "2:9",
  },
  // Duplicates.
  {
    name: "duplicate tool name",
    text: edit(["  - name: ExecuteWidget", "  - name: GetWidget"]),
    code: "duplicate-tool",
    at: "20:11",
  },
  {
    name: "duplicate parameter name",
    text: edit(["{ name: color,", "{ name: limit,"]),
    code: "duplicate-parameter",
    at: "19:17",
  },
  {
    name: "duplicate secret",
    text: edit([
      "  - { name: WIDGET_KEY, description: the key }",
      "  - { name: WIDGET_KEY, description: the key }\n  - { name: WIDGET_KEY, description: again }",
    ]),
    code: "duplicate-secret",
    at: "12:13",
  },
  {
    name: "duplicate object key",
    text: param("{ name: options, type: object, keys: [{ name: a }, { name: a }] }"),
    code: "duplicate-object-key",
    at: "19:68",
  },
  {
    name: "duplicate enum value",
    text: edit(["enum: [red, blue]", "enum: [red, red]"]),
    code: "duplicate-enum-value",
    at: "19:50",
  },
  {
    name: "server in two files",
    only: [file, "specs/widget-api-copy.yaml"],
    files: { "specs/widget-api-copy.yaml": good },
    code: "duplicate-server",
    at: "2:9",
  },
  // Meaning.
  {
    name: "~ on a tool without mode",
    text: edit(["type: string, required: true }", "type: string, required: execute }"]),
    code: "execute-without-mode",
    at: "17:52",
  },
  {
    name: "mode listed on a mode-pattern tool",
    text: edit([
      "{ name: widget_id, type: string, required: execute }",
      "{ name: mode, type: string, required: true }",
    ]),
    code: "reserved-parameter",
    at: "25:17",
  },
  {
    name: "minimum above maximum",
    text: edit(["minimum: 1, maximum: 50", "minimum: 60, maximum: 50"]),
    code: "invalid-range",
    at: "18:48",
  },
  {
    name: "minimum on a string",
    text: edit(["type: string, required: true", "type: string, minimum: 1, required: true"]),
    code: "constraint-mismatch",
    at: "17:51",
  },
  {
    name: "default above maximum",
    text: edit(["maximum: 50, default: 10", "maximum: 50, default: 99"]),
    code: "invalid-default",
    at: "18:73",
  },
  {
    name: "default outside enum",
    text: edit(["enum: [red, blue], default: red", "enum: [red, blue], default: green"]),
    code: "invalid-default",
    at: "19:66",
  },
  {
    name: "default of the wrong type",
    text: edit(["maximum: 50, default: 10", "maximum: 50, default: ten"]),
    code: "invalid-default",
    at: "18:73",
  },
  {
    name: "secret not declared",
    text: edit([
      "    secrets: [WIDGET_KEY]\n    parameters:\n      - { name: widget_id",
      "    secrets: [WIDGET_TOKEN]\n    parameters:\n      - { name: widget_id",
    ]),
    code: "undeclared-secret",
    at: "15:15",
  },
  {
    name: "auth secret not declared",
    text: edit(["  secret: WIDGET_KEY", "  secret: OTHER_KEY"]),
    code: "undeclared-secret",
    at: "9:11",
  },
  {
    name: "scope not declared",
    text: userAuth.replace(
      "    secrets: [WIDGET_KEY]\n    parameters:\n      - { name: widget_id",
      "    secrets: [WIDGET_KEY]\n    scopes: [widgets.write]\n    parameters:\n      - { name: widget_id",
    ),
    code: "undeclared-scope",
    at: "16:14",
  },
  {
    name: "known path of an unknown tool",
    text: `${good}http:\n  knownPaths:\n    - { tool: GetWidgte, template: /widgets }\n`,
    code: "unknown-tool",
    at: "28:15",
  },
  {
    name: "rule naming an unknown parameter",
    text: edit([
      "    modePattern: true",
      "    rules:\n      - { kind: requires, parameter: widget_idd, requires: mode, text: t }\n    modePattern: true",
    ]),
    code: "unknown-parameter",
    at: "24:38",
  },
  {
    name: "required-when without equals",
    text: edit([
      "    modePattern: true",
      "    rules:\n      - { kind: required-when, parameter: widget_id, when: mode, text: t }\n    modePattern: true",
    ]),
    code: "invalid-rule",
    at: "24:9",
  },
  {
    name: "required-when value that its enum does not have",
    text: edit([
      "    modePattern: true",
      "    rules:\n      - { kind: required-when, parameter: widget_id, when: mode, equals: run, text: t }\n" +
        "    modePattern: true",
    ]),
    code: "invalid-rule",
    at: "24:74",
  },
  {
    name: "limit that disagrees with the parameter",
    text: `${good}limits:\n  - text: at most 40\n    appliesTo: [{ tool: GetWidget, parameter: limit, maximum: 40 }]\n`,
    code: "limit-mismatch",
    at: "28:63",
  },
  // Files.
  {
    name: "spec file that does not exist",
    only: ["specs/nowhere-api.yaml"],
    code: "missing-file",
    at: "1:1",
    in: "specs/nowhere-api.yaml",
  },
  {
    name: "catalog synonym repeated in its group",
    files: { [catalogFile]: catalogText.replace("[delete, remove, drop, erase", "[delete, remove, drop, delete") },
    code: "duplicate-synonym",
    at: "65:30",
    in: catalogFile,
  },
  {
    name: "catalog synonym of filler words only",
    files: { [catalogFile]: catalogText.replace("[cell, range]", "[cell, of the]") },
    code: "invalid-synonym",
    at: "88:14",
    in: catalogFile,
  },
  {
    name: "catalog synonym not lowercase words",
    files: { [catalogFile]: catalogText.replace("[cell, range]", "[cell, Range!]") },
    code: "invalid-value",
    at: "88:14",
    in: catalogFile,
  },
  { name: "workspace without a catalog", emptyRoot: true, code: "missing-catalog", at: "1:1", in: catalogFile },
  {
    name: "spec that is a symbolic link",
    disk: (root) => replaceWithLink(root, file),
    code: "not-a-regular-file",
    at: "1:1",
  },
  {
    name: "capture directory that is a symbolic link",
    disk: (root) => {
      const elsewhere = mkdtempSync(join(tmpdir(), "toolcat-elsewhere-"));
      mkdirSync(join(root, "specs/request-bodies"));
      symlinkSync(elsewhere, join(root, "specs/request-bodies/widget-api"));
    },
    code: "outside-workspace",
    at: "1:1",
    in: "specs/request-bodies/widget-api",
  },
  {
    name: "file that is not spec text",
    text: "//registry.example.com/:_authToken=not-a-spec\n",
    code: "not-spec-text",
    at: "1:1",
  },
  // Captured request body schemas.
  {
    name: "captured body schema with an unsupported type",
    files: {
      "specs/request-bodies/widget-api/ExecuteWidget.json":
        '{\n  "tool": "WidgetApi.ExecuteWidget",\n  "capturedFrom": "http://127.0.0.1:1",\n  "capturedAt": ' +
        '"2025-01-01T00:00:00.000Z",\n  "answer": { "type": "object", "properties": { "size": { "type": "huge" } ' +
        "} }\n}\n",
    },
    code: "invalid-request-body",
    at: "5:67",
    in: "specs/request-bodies/widget-api/ExecuteWidget.json",
  },
  {
    name: "captured body schema for a tool without the mode pattern",
    files: { "specs/request-bodies/widget-api/GetWidget.json": '{ "tool": "WidgetApi.GetWidget" }\n' },
    code: "invalid-request-body",
    at: "1:1",
    in: "specs/request-bodies/widget-api/GetWidget.json",
  },
  {
    name: "captured body with a non-finite enum value",
    files: capture('{ "enum": [1, 1e400] }'),
    code: "invalid-request-body",
    at: "5:27",
    in: captured,
  },
  {
    name: "captured body with null properties",
    files: capture('{ "type": "object", "properties": null }'),
    code: "invalid-request-body",
    at: "5:47",
    in: captured,
  },
  {
    name: "captured body as JSON text with a bidi control",
    files: capture(String.raw`"{\"description\": \"a\\u202eb\"}"`),
    code: "forbidden-character",
    at: "5:13",
    in: captured,
  },
  {
    name: "captured body as JSON text nested too deep",
    files: capture(JSON.stringify(`${"[".repeat(40)}${"]".repeat(40)}`)),
    code: "too-deep",
    at: "5:13",
    in: captured,
  },
  {
    name: "captured body whose component is itself or null",
    files: capture(
      '{ "$ref": "#/components/schemas/A", "components": { "schemas": { "A": { "$ref": "#/components/schemas/A", ' +
        '"nullable": true } } } }',
    ),
    code: "request-body-cycle",
    at: "5:93",
    in: captured,
  },
  {
    name: "captured body whose components fan out past the expansion limit",
    files: capture(
      JSON.stringify({
        $ref: "#/components/schemas/C0",
        components: {
          schemas: Object.fromEntries(
            Array.from({ length: 12 }, (_, i) => [
              `C${i}`,
              i === 11
                ? {}
                : {
                    type: "array",
                    items: { anyOf: [0, 1, 2, 3].map(() => ({ $ref: `#/components/schemas/C${i + 1}` })) },
                  },
            ]),
          ),
        },
      }),
    ),
    code: "request-body-too-large",
    at: "5:13",
    in: captured,
  },
];
