// A small spec that exercises every kind of change the release classifier knows, and a helper to
// change it in exactly one place. Shared by the diff and release-plan tests.
import { catalogModes, loadSpecText } from "../../src/release/spec-input.ts";
import type { Server } from "../../src/ir/types.ts";
import { workspaceRoot } from "../support.ts";

export const widgetFile = "specs/widget-api.yaml";

export const widgetSpec = `server: WidgetApi
kind: starter
domain: widgets
description: Widgets for tests.
source: test
auth:
  type: user-authorization
  provider: not-shown
  scopeBase: not-shown
  scopes:
    - name: widgets.read
    - name: widgets.write
secrets:
  - { name: WIDGET_KEY, description: the key }
  - { name: WIDGET_SALT, description: the salt }
tools:
  - name: GetWidget
    purpose: read a widget
    scopes: [widgets.read]
    secrets: [WIDGET_KEY]
    parameters:
      - { name: widget_id, type: string, required: true }
      - { name: limit, type: integer, minimum: 1, maximum: 50, default: 10 }
      - { name: color, type: string, enum: [red, blue], default: red }
      - { name: since, type: string, description: start date }
  - name: ExecuteWidget
    purpose: run a widget
    scopes: [widgets.write]
    modePattern: true
    parameters:
      - { name: widget_id, type: string, required: execute }
      - { name: label, type: string }
  - name: ListWidgets
    purpose: list widgets
    scopes: [widgets.read]
    parameters: not-shown
`;

/** Applies each [from, to] replacement once, failing loudly when `from` is not in the text. */
export function edit(...edits: readonly (readonly [string, string])[]): string {
  return edits.reduce((text, [from, to]) => {
    if (!text.includes(from)) throw new Error(`test setup: "${from}" is not in the spec`);
    return text.replace(from, to);
  }, widgetSpec);
}

/** The workspace catalog's mode values, which the comparison names `~` parameters by. */
export const modes = catalogModes(workspaceRoot);

export function loadWidget(text: string): Server {
  return loadSpecText(workspaceRoot, text, widgetFile);
}
