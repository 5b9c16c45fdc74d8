-- Each request is a valid enquiry with a body of its own, so no duplicate check can short-cut it.
-- It carries no proof-of-work solution, so the server stores it as spam: no outbox row, no email.
local run = os.getenv("BENCH_RUN_ID") or "0"
local service = os.getenv("BENCH_SERVICE") or "Brand Strategy"
local counter = 0

request = function()
  counter = counter + 1
  local body = string.format(
    '{"name":"Bench Visitor %d","email":"visitor-%s-%d@example.com","service":"%s",' ..
    '"message":"Enquiry %d of run %s: we would like a new identity for our bakery.","website":""}',
    counter, run, counter, service, counter, run)
  return wrk.format("POST", "/api/send-contact-email",
    { ["Content-Type"] = "application/json" }, body)
end
