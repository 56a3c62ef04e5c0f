-- The money phase's members for wrk (bench/run.ts): wrk's own C client drives the calls, so the
-- load generator takes as little of the machine as pgbench's does. One thread; arguments:
--   <transfer|wallet> <file of member tokens, one a line> <prefix of this run's Idempotency-Keys> [calls a second]
-- With a rate, calls leave on a fixed schedule for all connections together (a late one leaves at
-- once, as a member does not wait for the server to catch up); latency counts from the call's sending.
-- transfer: each member in turn alternates 1 baht wallet → PG and back, each call with a key of its own.
-- wallet: GET /api/wallet, each member in turn.
-- Prints one line of JSON when done: requests, seconds, p50/p99 in ms, non-2xx and socket errors.

local ffi = require('ffi')
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
  int clock_gettime(int clock, bench_timespec *at);
]]
local CLOCK_MONOTONIC = 1
local clock = ffi.new('bench_timespec')
local function nowMs()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, clock)
  return tonumber(clock.tv_sec) * 1000 + tonumber(clock.tv_nsec) / 1e6
end

local mode, tokens, keyPrefix = nil, {}, nil
local sent, toGame = 0, {}
-- Paced: ms between two calls, and when the next one is due.
local interval, nextDue = nil, nil
local toGameBody = '{"from":"WALLET","to":"PG","amount":1}'
local backBody = '{"from":"PG","to":"WALLET","amount":1}'

-- How many ms this call waits: calls are due one interval apart, from the first.
local function pacedDelay()
  local now = nowMs()
  local due = nextDue or now
  nextDue = due + interval
  return math.max(0, due - now)
end

function init(args)
  mode, keyPrefix = args[1], args[3]
  -- wrk asks delay() before each call only when the script defines it: only a paced run does.
  if args[4] then
    interval = 1000 / tonumber(args[4])
    delay = pacedDelay
  end
  for line in io.lines(args[2]) do
    if #line > 0 then tokens[#tokens + 1] = line end
  end
end

-- wrk calls request() once before the run, to check what it builds (script_verify_request, thread 0
-- only: this script runs one thread); that request is never sent, so it must move no member's turn.
local probed = false

function request()
  if not probed then
    probed = true
    return wrk.format('GET', '/api/wallet')
  end
  sent = sent + 1
  local member = (sent - 1) % #tokens + 1
  local headers = { ['authorization'] = 'Bearer ' .. tokens[member], ['x-client'] = 'wallet-user', ['content-type'] = 'application/json' }
  if mode == 'wallet' then
    return wrk.format('GET', '/api/wallet', headers)
  end
  local there = not toGame[member]
  toGame[member] = there
  headers['idempotency-key'] = keyPrefix .. '-' .. sent
  return wrk.format('POST', '/api/wallet/transfer', headers, there and toGameBody or backBody)
end

-- The first refusal, told once (done() runs in another Lua state than the thread's).
local refusalTold = false

function response(status, headers, body)
  if status >= 300 and not refusalTold then
    refusalTold = true
    io.stderr:write('first refusal: ' .. status .. ' ' .. body .. '\n')
  end
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format('{"requests":%d,"seconds":%.3f,"p50":%.1f,"p99":%.1f,"non2xx":%d,"errors":%d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    errors.status, errors.connect + errors.read + errors.write + errors.timeout))
end
