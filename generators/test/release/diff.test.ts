// Change-class table: each case edits the widget spec in one place, loads both sides through the
// real loader and asserts the exact plain-word lines and the bump the package gets.
import { describe, expect, it } from "vitest";
import type { Level } from "../../src/release/change.ts";
import { compareServers } from "../../src/release/compare-servers.ts";
import { compareBound, type BoundSide } from "../../src/release/compare-values.ts";
import { changeLines } from "../../src/release/report.ts";
import { edit, loadWidget, modes, widgetSpec } from "./widget.ts";

interface Case {
  readonly name: string;
  readonly text: string;
  readonly lines: readonly string[];
  readonly bump: Level;
}

const executeWidget = `  - name: ExecuteWidget
    purpose: run a widget
    scopes: [widgets.write]
    modePattern: true
    parameters:
      - { name: widget_id, type: string, required: execute }
      - { name: label, type: string }
`;
const since = "      - { name: since, type: string, description: start date }\n";
const G = "WidgetApi.GetWidget";

const breaking: Case[] = [
  {
    name: "tool removed",
    text: edit([executeWidget, ""]),
    lines: ["WidgetApi.ExecuteWidget: tool removed (breaking)"],
    bump: "major",
  },
  {
    name: "tool renamed",
    text: edit(["name: ExecuteWidget", "name: RunWidget"]),
    lines: ["WidgetApi.ExecuteWidget: tool removed (breaking)", "WidgetApi.RunWidget: tool added (feature)"],
    bump: "major",
  },
  {
    name: "parameter removed",
    text: edit([since, ""]),
    lines: [`${G}: parameter since removed (breaking)`],
    bump: "major",
  },
  {
    name: "parameter renamed",
    text: edit(["name: since", "name: from_date"]),
    lines: [`${G}: parameter since removed (breaking)`, `${G}: optional parameter from_date added (feature)`],
    bump: "major",
  },
  {
    name: "optional parameter made required",
    text: edit(["description: start date }", "description: start date, required: true }"]),
    lines: [`${G}: since changed from optional to required (breaking)`],
    bump: "major",
  },
  {
    name: "optional parameter made execute-required",
    text: edit(["{ name: label, type: string }", "{ name: label, type: string, required: execute }"]),
    lines: ["WidgetApi.ExecuteWidget: label changed from optional to required when mode is execute (breaking)"],
    bump: "major",
  },
  {
    name: "execute-required parameter made always required",
    text: edit([
      "{ name: widget_id, type: string, required: execute }",
      "{ name: widget_id, type: string, required: true }",
    ]),
    lines: ["WidgetApi.ExecuteWidget: widget_id changed from required when mode is execute to required (breaking)"],
    bump: "major",
  },
  {
    name: "execute-required parameter made optional",
    text: edit(["{ name: widget_id, type: string, required: execute }", "{ name: widget_id, type: string }"]),
    lines: ["WidgetApi.ExecuteWidget: widget_id changed from required when mode is execute to optional (feature)"],
    bump: "minor",
  },
  {
    name: "execute-required parameter added",
    text: edit([
      "{ name: label, type: string }",
      "{ name: label, type: string }\n      - { name: tag, type: string, required: execute }",
    ]),
    lines: ["WidgetApi.ExecuteWidget: parameter tag added, required when mode is execute (breaking)"],
    bump: "major",
  },
  {
    name: "required parameter added",
    text: edit([since, `${since}      - { name: owner, type: string, required: true }\n`]),
    lines: [`${G}: parameter owner added, required (breaking)`],
    bump: "major",
  },
  {
    name: "type changed",
    text: edit(["{ name: since, type: string,", "{ name: since, type: integer,"]),
    lines: [`${G}: since type changed from string to integer (breaking)`],
    bump: "major",
  },
  {
    name: "minimum raised",
    text: edit(["minimum: 1, maximum: 50", "minimum: 5, maximum: 50"]),
    lines: [`${G}: limit minimum raised from 1 to 5 (breaking)`],
    bump: "major",
  },
  {
    name: "maximum lowered",
    text: edit(["maximum: 50", "maximum: 20"]),
    lines: [`${G}: limit maximum lowered from 50 to 20 (breaking)`],
    bump: "major",
  },
  {
    name: "enum value removed",
    text: edit(["enum: [red, blue]", "enum: [red]"]),
    lines: [`${G}: color enum value "blue" removed (breaking)`],
    bump: "major",
  },
  {
    name: "enum type named",
    text: edit(["enum: [red, blue], default: red", "enum: [red, blue], enumName: Color, default: red"]),
    lines: [`${G}: color enum type renamed from (unnamed) to Color (breaking)`],
    bump: "major",
  },
  {
    name: "secret added to an existing tool",
    text: edit(["secrets: [WIDGET_KEY]", "secrets: [WIDGET_KEY, WIDGET_SALT]"]),
    lines: [`${G}: needs secret WIDGET_SALT (breaking)`],
    bump: "major",
  },
  {
    name: "scope added to an existing tool",
    text: edit(["scopes: [widgets.read]", "scopes: [widgets.read, widgets.write]"]),
    lines: [`${G}: needs scope widgets.write (breaking)`],
    bump: "major",
  },
  {
    name: "format added",
    text: edit(["description: start date }", "format: date, description: start date }"]),
    lines: [`${G}: since format changed from none to date (breaking)`],
    bump: "major",
  },
  {
    name: "default changed",
    text: edit(["maximum: 50, default: 10", "maximum: 50, default: 20"]),
    lines: [`${G}: limit default changed from 10 to 20 (breaking)`],
    bump: "major",
  },
  {
    name: "requirement rule added",
    text: edit([
      since,
      `${since}    rules:\n      - { kind: requires, parameter: since, requires: limit, text: since needs limit }\n`,
    ]),
    lines: [`${G}: rule "since requires limit" added (breaking)`],
    bump: "major",
  },
  {
    name: "parameters listed where they were not shown",
    text: edit(["parameters: not-shown", "parameters: []"]),
    lines: ["WidgetApi.ListWidgets: parameters now listed (any other input is rejected) (breaking)"],
    bump: "major",
  },
];

const features: Case[] = [
  {
    name: "tool added",
    text:
      `${widgetSpec}  - name: DeleteWidget\n    purpose: delete a widget\n    scopes: [widgets.write]\n    ` +
      "parameters: []\n",
    lines: ["WidgetApi.DeleteWidget: tool added (feature)"],
    bump: "minor",
  },
  {
    name: "optional parameter added",
    text: edit([since, `${since}      - { name: page, type: integer }\n`]),
    lines: [`${G}: optional parameter page added (feature)`],
    bump: "minor",
  },
  {
    name: "maximum raised",
    text: edit(["maximum: 50", "maximum: 100"]),
    lines: [`${G}: limit maximum raised from 50 to 100 (feature)`],
    bump: "minor",
  },
  {
    name: "minimum lowered",
    text: edit(["minimum: 1, maximum: 50", "minimum: 0, maximum: 50"]),
    lines: [`${G}: limit minimum lowered from 1 to 0 (feature)`],
    bump: "minor",
  },
  {
    name: "integer widened to number",
    text: edit(["{ name: limit, type: integer,", "{ name: limit, type: number,"]),
    lines: [`${G}: limit type changed from integer to number (feature)`],
    bump: "minor",
  },
  {
    name: "enum value added",
    text: edit(["enum: [red, blue]", "enum: [red, blue, green]"]),
    lines: [`${G}: color enum value "green" added (feature)`],
    bump: "minor",
  },
  {
    name: "required parameter made optional",
    text: edit(["{ name: widget_id, type: string, required: true }", "{ name: widget_id, type: string }"]),
    lines: [`${G}: widget_id changed from required to optional (feature)`],
    bump: "minor",
  },
  {
    name: "secret no longer needed",
    text: edit(["secrets: [WIDGET_KEY]", "secrets: []"]),
    lines: [`${G}: no longer needs secret WIDGET_KEY (feature)`],
    bump: "minor",
  },
];

const docs: Case[] = [
  {
    name: "tool purpose",
    text: edit(["purpose: read a widget", "purpose: read one widget"]),
    lines: [`${G}: purpose changed (docs)`],
    bump: "patch",
  },
  {
    name: "parameter description",
    text: edit(["description: start date", "description: first day"]),
    lines: [`${G}: since description changed (docs)`],
    bump: "patch",
  },
  {
    name: "server description",
    text: edit(["description: Widgets for tests.", "description: Widgets, for tests."]),
    lines: ["WidgetApi: description changed (docs)"],
    bump: "patch",
  },
  {
    name: "tool notes",
    text: edit(["    purpose: list widgets\n", "    purpose: list widgets\n    notes: [Cached for a minute.]\n"]),
    lines: ["WidgetApi.ListWidgets: notes changed (docs)"],
    bump: "patch",
  },
  {
    name: "default documented",
    text: edit(["description: start date }", 'description: start date, default: "2020-01-01" }']),
    lines: [`${G}: since default "2020-01-01" documented (docs)`],
    bump: "patch",
  },
  {
    name: "precedence rule added",
    text: edit([
      since,
      `${since}    rules:\n      - { kind: precedence, parameter: since, over: limit, text: since wins }\n`,
    ]),
    lines: [`${G}: rule "since takes precedence over limit" added (docs)`],
    bump: "patch",
  },
];

const unchanged: Case[] = [
  { name: "identical text", text: widgetSpec, lines: [], bump: "none" },
  {
    name: "same spec in block style",
    text: edit([since, "      - name: since\n        type: string\n        description: start date\n"]),
    lines: [],
    bump: "none",
  },
];

describe.each([
  ["breaking (major)", breaking],
  ["feature (minor)", features],
  ["docs (patch)", docs],
  ["no change", unchanged],
])("%s", (_, cases) => {
  it.each(cases)("$name", ({ text, lines, bump }) => {
    const diff = compareServers(loadWidget(widgetSpec), loadWidget(text), modes);
    expect(changeLines(diff)).toEqual(lines);
    expect(diff.bump).toBe(bump);
  });
});

describe("parameter values inside lists and objects", () => {
  // A spec with an array and an object parameter, changed in one place at a time.
  const tags = "      - { name: tags, type: array, items: { type: string, enum: [a, b] } }\n";
  const filter = "      - { name: filter, type: object, keys: [{ name: owner }], maxProperties: 3 }\n";
  const base = edit([since, `${since}${tags}${filter}`]);
  const cases: [string, string, string, string[], Level][] = [
    [
      "item enum value removed",
      "enum: [a, b]",
      "enum: [a]",
      [`${G}: tags items enum value "b" removed (breaking)`],
      "major",
    ],
    [
      "item enum value added",
      "enum: [a, b]",
      "enum: [a, b, c]",
      [`${G}: tags items enum value "c" added (feature)`],
      "minor",
    ],
    [
      "object key removed",
      "keys: [{ name: owner }]",
      "keys: []",
      [`${G}: filter key owner removed (breaking)`],
      "major",
    ],
    [
      "object key documented",
      "{ name: owner }",
      "{ name: owner, description: who }",
      [`${G}: filter key descriptions changed (docs)`],
      "patch",
    ],
    [
      "object bound lowered",
      "maxProperties: 3",
      "maxProperties: 2",
      [`${G}: filter maxProperties lowered from 3 to 2 (breaking)`],
      "major",
    ],
  ];
  it.each(cases)("%s", (_, from, to, lines, bump) => {
    const diff = compareServers(loadWidget(base), loadWidget(base.replace(from, to)), modes);
    expect(changeLines(diff)).toEqual(lines);
    expect(diff.bump).toBe(bump);
  });
});

describe("a diff with changes of every class", () => {
  const diff = compareServers(
    loadWidget(widgetSpec),
    loadWidget(
      edit(
        ["description: start date", "description: first day"],
        ["enum: [red, blue]", "enum: [red, blue, green]"],
        ["maximum: 50", "maximum: 20"],
      ),
    ),
    modes,
  );

  it("bumps by the strongest change and lists breaking changes first", () => {
    expect(diff.bump).toBe("major");
    expect(changeLines(diff)).toEqual([
      `${G}: limit maximum lowered from 50 to 20 (breaking)`,
      `${G}: color enum value "green" added (feature)`,
      `${G}: since description changed (docs)`,
    ]);
  });
});

describe("bounds", () => {
  const cases: [BoundSide, number | undefined, number | undefined, string[]][] = [
    ["lower", 1, 5, ["major: m bound raised from 1 to 5"]],
    ["lower", 5, 1, ["minor: m bound lowered from 5 to 1"]],
    ["lower", undefined, 1, ["major: m bound 1 added"]],
    ["lower", 1, undefined, ["minor: m bound 1 removed"]],
    ["upper", 50, 20, ["major: m bound lowered from 50 to 20"]],
    ["upper", 20, 50, ["minor: m bound raised from 20 to 50"]],
    ["upper", undefined, 50, ["major: m bound 50 added"]],
    ["upper", 50, undefined, ["minor: m bound 50 removed"]],
    ["upper", 50, 50, []],
  ];
  it.each(cases)("%s bound %s → %s", (side, before, after, expected) => {
    expect(compareBound("m bound", side, before, after).map((f) => `${f.bump}: ${f.text}`)).toEqual(expected);
  });
});
