// The inputs the throughput section validates: for each of three real tools, one realistic valid
// call and one invalid call with several problems at once, so "report every issue" has work to do.

export interface ValidatorCase {
  readonly slug: string;
  readonly server: string;
  readonly tool: string;
  /** Why this tool: what kind of checking it exercises. */
  readonly shape: string;
  readonly valid: Record<string, unknown>;
  readonly invalid: Record<string, unknown>;
}

export const validatorCases: readonly ValidatorCase[] = [
  {
    slug: "cloud-sheets",
    server: "CloudSheets",
    tool: "GetSpreadsheet",
    shape: "7 parameters: integer bounds, a string format",
    valid: { spreadsheet_id: "1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms", sheet_position: 2, start_row: 10, start_col: "B", max_rows: 200, max_cols: 12 },
    // missing spreadsheet_id, wrong type, bad format, above maximum, below minimum, unknown key
    invalid: { sheet_position: "2", start_col: "B2", max_rows: 5000, max_cols: 0, range: "A1:C3" },
  },
  {
    slug: "creator-api",
    server: "CreatorApi",
    tool: "FetchZetaRecords",
    shape: "6 parameters: 3 required strings, integers, a maximum",
    valid: { account_owner_identifier: "jane.doe", application_link_name: "sales-crm", report_link_name: "All_Leads", start_record_index: 1, record_limit: 200, filter_criteria: 'Status == "Open"' },
    // missing account_owner_identifier, wrong type, non-integer, above maximum, unknown key
    invalid: { application_link_name: 7, report_link_name: "All_Leads", start_record_index: 1.5, record_limit: 500, criteria: "x" },
  },
  {
    slug: "recruit-api",
    server: "RecruitApi",
    tool: "CreateCandidate",
    shape: "mode pattern: enum, request_body JSON format, required when mode is execute",
    valid: {
      mode: "execute",
      request_body: JSON.stringify({ data: [{ First_Name: "Ada", Last_Name: "Lovelace", Email: "ada@example.com", Mobile: "+44 20 7946 0000", Current_Employer: "Analytical Engines", Experience_in_Years: 7, Skill_Set: "math, poetry" }] }),
    },
    // bad enum value, request_body not JSON, unknown key
    invalid: { mode: "run", request_body: "{First_Name: Ada}", candidate_id: "42" },
  },
];
