// Latency figures of a run's records (`<report>.records.json`, written next to every report): per request (first
// send to final answer, waits included) and per attempt (one HTTP exchange), per operation, and the slowest requests
// with their attempts, to tell a slow endpoint from a client waiting on Retry-After.
//   node tools/chaos/latency.mjs tmp/chaos/report.records.json [--since ISO] [--slowest 10]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { latency } from './report.mjs';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { since: { type: 'string' }, slowest: { type: 'string', default: '10' } } });
if (!positionals[0]) {
  console.error('usage: node tools/chaos/latency.mjs FILE.records.json [--since ISO] [--slowest N]');
  process.exit(2);
}
const since = values.since ? Date.parse(values.since) : 0;
const records = JSON.parse(readFileSync(positionals[0], 'utf8')).filter((r) => r.start >= since);
const l = latency(records);
const row = (name, s) =>
  `${name.padEnd(28)} n=${String(s.n).padStart(5)}  p50 ${String(s.p50).padStart(6)} ms  p99 ${String(s.p99).padStart(6)} ms  max ${String(s.max).padStart(6)} ms`;
console.log(row('all, per request', l.request));
console.log(row('all, per attempt', l.attempt));
console.log(row('double submits, per request', l.duplicates));
console.log(`retried: ${l.retried} (first answer: ${JSON.stringify(l.retriedBy)})`);
for (const [op, x] of Object.entries(l.byOp)) {
  console.log(row(`${op}, per request`, x.request));
  console.log(row(`${op}, per attempt`, x.attempt));
}
console.log(`\nslowest ${values.slowest} requests:`);
for (const r of records
  .filter((x) => x.ms != null)
  .sort((a, b) => b.ms - a.ms)
  .slice(0, Number(values.slowest))) {
  const attempts = r.attempts.map((a) => `${a.error ?? `${a.status}${a.code ? ` ${a.code}` : ''}`} in ${a.ms} ms (+${a.at - r.start} ms)`).join('; ');
  console.log(`${r.service}/${r.op}${r.duplicate ? ' (double submit)' : ''}: ${r.ms} ms, ${r.outcome}: ${attempts}`);
}
