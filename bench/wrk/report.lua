-- Appended to every wrk run: prints one JSON line the bench parses.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,"p50Us":%d,"p99Us":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50),
    latency:percentile(99), e.status, e.connect, e.read, e.write, e.timeout))
end
