// Example values come from what a spec entry states, or from nothing: a table of parameters and the
// value each gets, including the ones the spec cannot ground (no value, so no example).
import { describe, expect, it } from "vitest";
import { exampleValue, nameWords, opaqueParameter } from "../../../src/emit/model/example-values.ts";
import type { Parameter, Server } from "../../../src/ir/types.ts";
import { workspaceCatalog } from "../../support.ts";

const catalog = workspaceCatalog();
const sigma = catalog.servers.find((server) => server.name === "SigmaApi")!;
const recruit = catalog.servers.find((server) => server.name === "RecruitApi")!;
const position = { file: "specs/x.yaml", line: 1, col: 1 };
const parameter = (fields: Partial<Parameter>): Parameter => ({
  name: "p",
  schema: { type: ["string"] },
  requirement: "always",
  notes: [],
  judgments: [],
  implicit: false,
  position,
  ...fields,
});

describe("exampleValue", () => {
  it.each<[string, Parameter, unknown, Server?]>([
    [
      "an enum's first value that is not the default",
      parameter({
        name: "opening_state",
        schema: { type: ["string"], enum: ["Draft", "Open"] },
        requirement: "optional",
        default: "Draft",
      }),
      "Open",
    ],
    [
      "no value for an enum whose values are not shown",
      parameter({ name: "order_by", schema: { type: ["string"], valuesNotShown: true, enumName: "OrderBy" } }),
      undefined,
    ],
    ["a page size inside the maximum", parameter({ name: "limit", schema: { type: ["integer"], maximum: 5 } }), 5],
    [
      "a page size other than the default",
      parameter({ name: "limit", schema: { type: ["integer"], maximum: 50 }, requirement: "optional", default: 10 }),
      20,
    ],
    ["an offset from 0", parameter({ name: "start_offset", schema: { type: ["integer"] } }), 25],
    [
      "a timeout inside its bound",
      parameter({ name: "timeout_in_seconds", schema: { type: ["integer"], maximum: 59 } }),
      30,
    ],
    ["a row after the header", parameter({ name: "start_row", schema: { type: ["integer"] } }), 2],
    [
      "the other boolean than the default",
      parameter({
        name: "include_shared_drives",
        schema: { type: ["boolean"] },
        requirement: "optional",
        default: false,
      }),
      true,
    ],
    [
      "never an unsafe switch turned on",
      parameter({ name: "unsafe_skip_verification", schema: { type: ["boolean"] } }),
      false,
    ],
    [
      "a date-time that reads as its bound",
      parameter({ name: "filter_created_before", schema: { type: ["string"], toolFormat: "date-time" } }),
      "2026-03-31T23:59:59Z",
    ],
    [
      "a YYYY-MM-DD date",
      parameter({ name: "target_hire_date", schema: { type: ["string"], toolFormat: "date" } }),
      "2026-03-02",
    ],
    [
      "cell data of the documented shape",
      parameter({ name: "data", schema: { type: ["string"], toolFormat: "cell-data" } }),
      '{"1":{"A":"Region","B":"Revenue"},"2":{"A":"North","B":1250}}',
    ],
    [
      "the items a description names",
      parameter({
        name: "identifiers",
        schema: { type: ["string"], toolFormat: "csv" },
        description: "comma-separated list naming jobIds, targetHireDate and isBackfill",
      }),
      "jobIds,targetHireDate",
    ],
    [
      "the server's documented event types",
      parameter({ name: "event_filter", schema: { type: ["string"], toolFormat: "csv" } }),
      "webset.created,monitor.run.completed",
      sigma,
    ],
    [
      "a quoted literal the description gives",
      parameter({ name: "enable_streaming", description: "'true' gives streaming updates" }),
      "true",
    ],
    ["a stable id named for its resource", parameter({ name: "webset_id" }), expect.stringMatching(/^webset_\d{4}$/)],
    ["an e-mail address", parameter({ name: "candidate_email" }), "jane.doe@example.com"],
    ["no value for a free-form string the name says nothing about", parameter({ name: "fields_to_update" }), undefined],
    [
      "an empty object where the spec allows no key",
      parameter({ name: "empty_request_body", schema: { type: ["object"], maxProperties: 0 } }),
      {},
    ],
    [
      "no value for an object whose keys are not named",
      parameter({ name: "webset_details", schema: { type: ["object"] } }),
      undefined,
    ],
    [
      "named keys whose names say their kind, one optional key at most",
      parameter({
        name: "payload",
        schema: {
          type: ["object"],
          keys: [
            { name: "webhookId" },
            { name: "enabled", description: "optional; one of enabled, requestUrl" },
            { name: "requestUrl", description: "optional; one of enabled, requestUrl" },
            { name: "archiveEmail" },
          ],
        },
      }),
      { webhookId: expect.stringMatching(/^webhook_\d{4}$/), enabled: true },
    ],
    [
      "an array of enum items",
      parameter({
        name: "sort_direction",
        schema: { type: ["array"], items: { type: ["string"], enum: ["ASCENDING", "DESCENDING"] } },
      }),
      ["ASCENDING"],
    ],
    [
      "nothing for an optional parameter equal to its default",
      parameter({ name: "sheet_position", schema: { type: ["integer"] }, requirement: "optional", default: 2 }),
      undefined,
    ],
  ])("gives %s", (_case, p, expected, server = recruit) => {
    expect(exampleValue(p, { server })).toEqual(expected);
  });

  it("gives one resource the same id in every tool, and different resources different ids", () => {
    const id = (name: string) => exampleValue(parameter({ name }), { server: recruit });
    expect(id("opening_id")).toBe(id("new_opening_id"));
    expect(id("opening_id")).not.toBe(id("job_id"));
  });

  it("is a pure function of the spec: the same value every time, whatever the clock", () => {
    const p = parameter({ name: "created_after", schema: { type: ["string"], toolFormat: "date-time" } });
    expect(exampleValue(p, { server: sigma })).toBe(exampleValue(p, { server: sigma }));
  });
});

describe("nameWords and opaqueParameter", () => {
  it.each([
    ["application_link_name", ["application", "link", "name"]],
    ["interviewStageId", ["interview", "stage", "id"]],
    ["ISO8601_date", ["iso8601", "date"]],
  ])("splits %s", (name, words) => {
    expect(nameWords(name)).toEqual(words);
  });

  it.each([
    ["pagination_cursor", true],
    ["http_secret_key", true],
    ["paging_before_token", true],
    ["created_after", false],
    ["spreadsheet_id", false],
  ])("%s is opaque: %s", (name, opaque) => {
    expect(opaqueParameter(name)).toBe(opaque);
  });
});
