-- Each request is a view of / by a new person: an address of its own behind the proxy, so every
-- view is hashed and written as a row of its own (nothing for the counter to join).
local run = tonumber(os.getenv("BENCH_RUN_ID") or "0") % 200
local counter = 0

request = function()
  counter = counter + 1
  local address = string.format("10.%d.%d.%d", run, math.floor(counter / 256) % 256, counter % 256)
  return wrk.format("GET", "/", {
    ["Accept-Encoding"] = "br",
    ["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) " ..
      "Chrome/131.0.0.0 Safari/537.36",
    ["X-Forwarded-For"] = address,
  })
end
