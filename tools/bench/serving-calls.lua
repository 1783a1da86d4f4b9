-- wrk script for the serving bench: each connection is a 2026-07-28 client sending stateless
-- tools/call POSTs (protocol version and client info in _meta, the Mcp-Method and Mcp-Name
-- headers), cycling over four CloudSheets tools with varied arguments. A call counts as answered
-- only when the status is 200 and the body is a JSON-RPC result with structured content and no
-- isError; the rest are counted as failed. done() prints one JSON line for the bench to read.
--
-- wrk corrects its latency histogram for coordinated omission before done() sees it: for every
-- call slower than twice the mean interval between one connection's calls, it adds made-up calls
-- at that interval below it, as if clients sent at a fixed rate. These clients wait for each
-- answer, like the other MCP figures in the bench, so done() undoes that correction (exactly: see
-- raw()) and reports each call's own round trip.

local meta = '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",'
  .. '"io.modelcontextprotocol/clientInfo":{"name":"bench","version":"1"},'
  .. '"io.modelcontextprotocol/clientCapabilities":{}}'

-- Tool name and arguments (%d varies the input from one request to the next).
local calls = {
  { "CloudSheets_GetSpreadsheet", '{"spreadsheet_id":"s%d","max_rows":%d}' },
  { "CloudSheets_GetSpreadsheetMetadata", '{"spreadsheet_id":"m%d"}' },
  { "CloudSheets_WriteToCell", '{"spreadsheet_id":"w%d","column":"B","row":%d,"value":"v"}' },
  { "CloudSheets_SearchSpreadsheets", '{"spreadsheet_contains":["q%d"],"limit":%d}' },
}

local requests = {}
local next_request = 0
-- Globals: read by done() through each thread.
answered = 0
failed = 0

local function build()
  for i = 1, 128 do
    local call = calls[(i - 1) % #calls + 1]
    local n = i % 40 + 1
    local body = '{"jsonrpc":"2.0","id":' .. i .. ',"method":"tools/call","params":{"name":"' .. call[1]
      .. '","arguments":' .. string.format(call[2], n, n) .. ',' .. meta .. '}}'
    requests[i] = wrk.format("POST", nil, {
      ["Content-Type"] = "application/json",
      ["Accept"] = "application/json, text/event-stream",
      ["Mcp-Protocol-Version"] = "2026-07-28",
      ["Mcp-Method"] = "tools/call",
      ["Mcp-Name"] = call[1],
    }, body)
  end
end

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

-- Built here, not at load: wrk adds the Host header to wrk.headers after loading the script.
function init(args)
  build()
end

function request()
  next_request = next_request % #requests + 1
  return requests[next_request]
end

function response(status, headers, body)
  if status == 200 and string.find(body, '"structuredContent"', 1, true)
      and not string.find(body, '"isError":true', 1, true) and not string.find(body, '"error":{', 1, true) then
    answered = answered + 1
  else
    failed = failed + 1
  end
end

-- The histogram as recorded, from wrk's corrected one. wrk 4 adds, for each recorded value v at or
-- above 2e (e = runtime / (calls / connections), in whole microseconds), one count at v - e, v - 2e,
-- ... while above e. So the corrected count at v (above e) is the recorded one plus the corrected
-- count at v + e, and the recorded count is the difference. Returns sorted values, their counts, the total.
local function raw(latency, summary, connections)
  local per_connection = math.floor(summary.requests / connections)
  local e = per_connection > 0 and math.floor(summary.duration / per_connection) or math.huge
  local corrected, values = {}, {}
  for i = 1, #latency do
    local value, count = latency(i)
    corrected[value] = count
    table.insert(values, value)
  end
  table.sort(values)
  local counts, total = {}, 0
  for i, value in ipairs(values) do
    local count = corrected[value]
    if value > e then count = count - (corrected[value + e] or 0) end
    counts[i] = count
    total = total + count
  end
  return values, counts, total
end

local function percentile(values, counts, total, p)
  local rank, seen = math.ceil(total * p / 100), 0
  for i, value in ipairs(values) do
    seen = seen + counts[i]
    if seen >= rank and counts[i] > 0 then return value end
  end
  return values[#values] or 0
end

function done(summary, latency, _)
  local ok, bad = 0, 0
  for _, thread in ipairs(threads) do
    ok = ok + thread:get("answered")
    bad = bad + thread:get("failed")
  end
  local values, counts, total = raw(latency, summary, tonumber(os.getenv("WRK_CONNECTIONS")))
  local e = summary.errors
  io.write(string.format(
    '{"durationUs":%d,"requests":%d,"answered":%d,"failed":%d,"connectErrors":%d,"readErrors":%d,'
      .. '"writeErrors":%d,"timeouts":%d,"recorded":%d,"p50Us":%d,"p90Us":%d,"p99Us":%d,"maxUs":%d,'
      .. '"correctedP99Us":%d}\n',
    summary.duration, summary.requests, ok, bad, e.connect, e.read, e.write, e.timeout, total,
    percentile(values, counts, total, 50), percentile(values, counts, total, 90),
    percentile(values, counts, total, 99), latency.max, latency:percentile(99)))
end
