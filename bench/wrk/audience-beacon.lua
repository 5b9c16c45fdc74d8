-- Each request is one page's Web Vitals beacon, as the page sends it, from an address of its own:
-- the intake believes 30 beacons a minute from one address, and a crowd sends one each. Each is
-- a page load of its own too: the intake keeps one sample of each metric per page load.
local run = tonumber(os.getenv("BENCH_RUN_ID") or "0") % 200
local counter = 0
local metrics = '"metrics":[{"name":"LCP","value":1234.5},{"name":"CLS","value":0.012},' ..
  '{"name":"INP","value":88},{"name":"TTFB","value":120.4}]}'

request = function()
  counter = counter + 1
  local address = string.format("10.%d.%d.%d", run, math.floor(counter / 256) % 256, counter % 256)
  local body = string.format('{"pageLoad":"bench-%d-%d",', run, counter) .. metrics
  return wrk.format("POST", "/api/audience", {
    ["Content-Type"] = "text/plain;charset=UTF-8",
    ["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) " ..
      "Chrome/131.0.0.0 Safari/537.36",
    ["X-Forwarded-For"] = address,
  }, body)
end
