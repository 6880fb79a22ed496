// Figures of a run and its Markdown report.
import { rssVerdict } from './rss.mjs';

const pct = (values, p) => {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/**
 * Latency, two ways. Per request: from its first send to its final answer, every retry and every wait between them
 * included (a wait on `Retry-After`, a 409 in progress waited out up to the lease, 30 s): what a client's caller
 * waits for. Per attempt: one HTTP exchange, from sending it to having read the whole answer (a render's image, a
 * chat turn that waits for its reply up to MESSAGE_WAIT_MS): what the service takes. Jobs (animate, video) answer 202
 * at once; their run until the callback is not in either. Only requests that ended (`ms` set) count.
 */
export function latency(records) {
  const req = records.filter((r) => r.ms != null);
  const attempts = req.flatMap((r) => r.attempts.filter((a) => a.ms != null && !a.error).map((a) => ({ op: `${r.service}/${r.op}`, ms: a.ms })));
  const summary = (values) => ({ n: values.length, p50: pct(values, 50), p99: pct(values, 99), max: values.length ? Math.max(...values) : null });
  const ops = [...new Set(req.map((r) => `${r.service}/${r.op}`))].sort();
  const waited = (r) => r.attempts.length > 1;
  return {
    request: summary(req.map((r) => r.ms)),
    attempt: summary(attempts.map((a) => a.ms)),
    // Requests that took more than one attempt, and why the first was not final (what makes the per-request tail).
    retried: req.filter(waited).length,
    retriedBy: req.filter(waited).reduce((o, r) => {
      const a = r.attempts[0];
      const k = a.error ? a.error.replace(/^network:/, '') : a.status === 409 && /in_progress/.test(a.code ?? '') ? '409 in_progress' : String(a.status);
      o[k] = (o[k] ?? 0) + 1;
      return o;
    }, {}),
    duplicates: summary(req.filter((r) => r.duplicate).map((r) => r.ms)),
    byOp: Object.fromEntries(
      ops.map((op) => [
        op,
        {
          request: summary(req.filter((r) => `${r.service}/${r.op}` === op).map((r) => r.ms)),
          attempt: summary(attempts.filter((a) => a.op === op).map((a) => a.ms)),
          retried: req.filter((r) => `${r.service}/${r.op}` === op && waited(r)).length,
        },
      ]),
    ),
  };
}

/** Client-side errors by kind, counted per attempt (what a client saw before its retry got through, or gave up). */
function errorKinds(records) {
  const kinds = {};
  for (const r of records) {
    for (const a of r.attempts) {
      let k = null;
      if (a.error) k = a.error.replace(/^network:/, '');
      else if (a.status >= 500) k = `${a.status}${a.code && /^[a-z_]+$/.test(a.code) ? ` ${a.code}` : ''}`;
      else if (a.status === 429) k = '429';
      else if (a.status === 409 && /in_progress/.test(a.code ?? '')) k = '409 in_progress';
      else if (a.status === 412) k = '412 (If-Match lost the race)';
      if (k) kinds[k] = (kinds[k] ?? 0) + 1;
    }
  }
  return kinds;
}

/** Seconds from the end of the fault until the probes (every service's API through its proxy, every process's /readyz) all pass and stay passing. */
function recovery(timeline, faultStart, faultEnd, until) {
  const window = timeline.filter((t) => t.at >= faultStart && t.at <= until);
  const bad = window.filter((t) => !t.api || !t.ready);
  const apiBad = window.filter((t) => !t.api);
  const lastBad = bad.at(-1);
  const recoveredAt = lastBad ? lastBad.at + 1000 : faultEnd;
  return {
    recoverS: Math.max(0, (recoveredAt - faultEnd) / 1000).toFixed(1),
    apiDownS: apiBad.length,
    neverRecovered: !!lastBad && lastBad === window.at(-1),
  };
}

export function phaseStats({ name, what, records, timeline, faultStart, faultEnd, trafficEnd, settled, invariants, notes, faultError, unplanned }) {
  const byService = {};
  for (const r of records) {
    const s = (byService[r.service] ??= { requests: 0, ok: 0, refused: 0, failed: 0 });
    s.requests++;
    s[r.outcome === 'ok' ? 'ok' : r.outcome === 'refused' ? 'refused' : 'failed']++;
  }
  // During the fault: requests sent from its start until 5 s after its end (an instant fault such as FLUSHALL gets 10 s).
  const faultWindowEnd = Math.max(faultEnd + 5000, faultStart + 10_000);
  const during = records.filter((r) => r.start >= faultStart && r.start <= faultWindowEnd && r.ms != null);
  const rec = recovery(timeline, faultStart, faultEnd, trafficEnd);
  return {
    name,
    what,
    notes,
    faultError,
    unplanned,
    faultS: ((faultEnd - faultStart) / 1000).toFixed(1),
    requests: records.length,
    byService,
    errors: errorKinds(records),
    p99Fault: pct(
      during.map((r) => r.ms),
      99,
    ),
    p99FaultAttempt: latency(during).attempt.p99,
    latency: latency(records),
    p99All: pct(
      records.filter((r) => r.ms != null).map((r) => r.ms),
      99,
    ),
    duringCount: during.length,
    ...rec,
    settleS: (settled.ms / 1000).toFixed(1),
    settledLeft: settled.left,
    invariants,
    held: invariants.filter((i) => i.ok).length,
  };
}

export function soakStats({ samples, records, settled, invariants, seconds, exits }) {
  const warmIdx = samples.findIndex((s) => s.at >= Math.max(120_000, seconds * 100));
  const procs = (samples[0]?.procs ?? []).map((p, i) => {
    const after = samples.slice(Math.max(0, warmIdx)).map((s) => ({ at: s.at, rss: s.procs[i].rss }));
    const cpu = samples.reduce((s, x) => s + x.procs[i].cpu, 0) / samples.length;
    // The V8 heap's used bytes (from /metrics) the same way: not judged, it tells a heap that grows from RSS that does.
    const heap = samples
      .slice(Math.max(0, warmIdx))
      .filter((s) => s.procs[i].heap)
      .map((s) => ({ at: s.at, rss: s.procs[i].heap.used }));
    // Where the resident memory is, start → end (medians of the same windows), not judged: anonymous and file-backed
    // pages (smaps_rollup), what V8 holds for the main heap (its new space apart), the render and video threads' heaps
    // (creative), external memory (Buffers, ArrayBuffers, WebAssembly memories; main thread and threads), and the rest
    // of the anonymous memory: the allocator's arenas, native libraries' own memory, thread stacks.
    const series = (f) => {
      const pts = samples
        .slice(Math.max(0, warmIdx))
        .map((s) => ({ at: s.at, rss: f(s.procs[i]) }))
        .filter((x) => Number.isFinite(x.rss) && x.rss > 0);
      if (pts.length < 2) return null;
      const v = rssVerdict(pts);
      return { start: v.start, end: v.end };
    };
    const h = (q) => q.heap;
    const memory = {
      anon: series((q) => q.smaps?.anon),
      file: series((q) => q.smaps?.file),
      heapTotal: series((q) => h(q)?.total),
      newSpace: series((q) => h(q)?.newSpace),
      threads: series((q) => h(q)?.threadsTotal),
      external: series((q) => (h(q) ? h(q).external + (h(q).threadsExternal ?? 0) : NaN)),
      rest: series((q) => (q.smaps && h(q) ? q.smaps.anon - h(q).total - (h(q).threadsTotal ?? 0) - h(q).external - (h(q).threadsExternal ?? 0) : NaN)),
    };
    return { name: p.name, ...rssVerdict(after), cpu, heap: heap.length >= 2 ? rssVerdict(heap) : null, memory };
  });
  const ok = records.filter((r) => r.outcome === 'ok').length;
  return {
    seconds,
    warmupS: samples[warmIdx]?.at / 1000,
    procs,
    flat: procs.every((p) => p.flat),
    requests: records.length,
    ok,
    p99: pct(
      records.filter((r) => r.ms != null).map((r) => r.ms),
      99,
    ),
    latency: latency(records),
    settleS: (settled.ms / 1000).toFixed(1),
    invariants,
    held: invariants.filter((i) => i.ok).length,
    exits,
    samples,
  };
}

const ms = (v) => (v == null ? '–' : `${v} ms`);

/** One sentence: per request (waits included) and per attempt (one HTTP exchange), and what the retried requests met first. */
function latencyLine(l) {
  if (!l) return '';
  const why = kinds(l.retriedBy);
  return (
    `Per request (first send to final answer, retries and their waits included): p50 ${ms(l.request.p50)}, p99 ${ms(l.request.p99)}; ` +
    `per attempt (one HTTP exchange): p50 ${ms(l.attempt.p50)}, p99 ${ms(l.attempt.p99)}. ` +
    `${l.retried} requests took more than one attempt (first answer: ${why}); the second halves of double submits: p50 ${ms(l.duplicates.p50)}, p99 ${ms(l.duplicates.p99)}.`
  );
}

/** Per operation: requests, p50/p99 per request and per attempt, and how many were retried. */
function latencyTable(l) {
  const L = ['| operation | requests | per request p50 / p99 | per attempt p50 / p99 | max attempt | retried |', '| --- | --- | --- | --- | --- | --- |'];
  for (const [op, x] of Object.entries(l.byOp))
    L.push(
      `| ${op} | ${x.request.n} | ${ms(x.request.p50)} / ${ms(x.request.p99)} | ${ms(x.attempt.p50)} / ${ms(x.attempt.p99)} | ${ms(x.attempt.max)} | ${x.retried} |`,
    );
  return L;
}

const mb = (b) => `${(b / 1048576).toFixed(0)} MB`;
const kinds = (o) =>
  Object.entries(o)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ') || 'none';

export function renderReport({ command, phases, rateLimits, soak, rates, duration, started }) {
  const L = [];
  L.push(
    `Run \`${command}\` (${started}); traffic per service: ${Object.entries(rates)
      .map(([s, r]) => `${s} ${r} req/s`)
      .join(', ')}, ${duration / 1000} s per fault (fault after 10 s).`,
  );
  L.push('');
  L.push(
    '| fault | requests sent (ok / refused / no answer) | errors seen by clients (attempts, by kind) | p99 during fault: request / attempt | time to recover | backlog settled | invariants held |',
  );
  L.push('| --- | --- | --- | --- | --- | --- | --- |');
  for (const p of phases) {
    const t = Object.values(p.byService).reduce((a, s) => ({ ok: a.ok + s.ok, refused: a.refused + s.refused, failed: a.failed + s.failed }), {
      ok: 0,
      refused: 0,
      failed: 0,
    });
    L.push(
      `| ${p.name} | ${p.requests} (${t.ok} / ${t.refused} / ${t.failed}) | ${kinds(p.errors)} | ${p.p99Fault ?? '–'} / ${p.p99FaultAttempt ?? '–'} ms | ${p.recoverS} s${p.apiDownS ? ` (API probe failing ${p.apiDownS} s)` : ''} | ${p.settleS} s | ${p.held}/${p.invariants.length}${p.faultError ? ` (fault not injected: ${p.faultError})` : ''} |`,
    );
  }
  L.push('');
  for (const p of phases) {
    L.push(`#### ${p.name}`);
    L.push('');
    L.push(`${p.what.join('; ')}. Fault lasted ${p.faultS} s.${p.notes.length ? ` ${p.notes.join('; ')}.` : ''}`);
    L.push(
      `Per service (ok / refused / no answer): ${Object.entries(p.byService)
        .map(([s, x]) => `${s} ${x.requests} (${x.ok} / ${x.refused} / ${x.failed})`)
        .join(
          ', ',
        )}. ${latencyLine(p.latency)}${p.unplanned.length ? ` Exits not asked for: ${p.unplanned.join(', ')}.` : ''}${p.settledLeft ? ` Still pending after the settle timeout: ${JSON.stringify(p.settledLeft)}.` : ''}`,
    );
    const failed = p.invariants.filter((i) => !i.ok);
    if (failed.length) {
      L.push('');
      for (const i of failed) L.push(`- **failed**: ${i.name}: ${i.count} (${i.violations.join('; ')})`);
    }
    const notes = p.invariants.filter((i) => i.note).map((i) => `${i.name}: ${i.note}`);
    if (notes.length) L.push(`${failed.length ? '\n' : ''}${notes.join('. ')}.`);
    L.push('');
  }
  L.push('Invariants checked after each fault (from the databases and the receivers):');
  L.push('');
  for (const i of phases[0]?.invariants ?? soak?.invariants ?? []) L.push(`- ${i.name}`);
  L.push('');
  if (rateLimits && Object.keys(rateLimits).length) {
    L.push(
      `Rate limits across replicas (a fresh key, limit + 20 requests through the round-robin proxy): ${Object.entries(rateLimits)
        .map(([s, r]) => `${s} ${r.passed} passed of ${r.limit + 20} (limit ${r.limit}, ${r.limited} answered 429)${r.ok ? '' : ' **FAILED**'}`)
        .join('; ')}.`,
    );
    L.push('');
  }
  if (soak) {
    const win = Math.round(soak.procs[0]?.windowS ?? 0);
    L.push(
      `Soak: ${soak.seconds} s of steady traffic, ${soak.requests} requests (${soak.ok} ok), ${latencyLine(soak.latency)} Invariants ${soak.held}/${soak.invariants.length}, backlog settled in ${soak.settleS} s${soak.exits.length ? `, exits: ${soak.exits.join(', ')}` : ', no process exited'}. RSS after warm-up (${Math.round(soak.warmupS)} s): start and end are the medians of the first and last ${win} s, growth = end vs start, trend = least-squares line over the soak after warm-up, max = highest sample (not judged); mean CPU:`,
    );
    L.push('');
    L.push(...latencyTable(soak.latency));
    L.push('');
    L.push('| process | RSS start (median) | end (median) | max | growth | trend | max vs start | CPU (mean) | V8 heap used start → end (trend) |');
    L.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    const pc = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
    for (const p of soak.procs)
      L.push(
        `| ${p.name} | ${mb(p.start)} | ${mb(p.end)} | ${mb(p.max)} | ${pc(p.growth)}${p.flat ? '' : ' **not flat**'} | ${pc(p.trend)} | ${pc(p.maxGrowth)} | ${(p.cpu * 100).toFixed(1)}% | ${p.heap ? `${mb(p.heap.start)} → ${mb(p.heap.end)} (${pc(p.heap.trend)})` : '-'} |`,
      );
    L.push('');
    if (soak.procs.some((p) => p.memory?.anon)) {
      L.push(
        'Where the memory is, start → end (same windows; anonymous and file pages from /proc/PID/smaps_rollup; V8 heap total of the main thread, its new space, and of the render/video threads; external: Buffers, ArrayBuffers and WebAssembly memories; rest: anonymous memory none of these explains, i.e. the allocator and native libraries):',
      );
      L.push('');
      L.push("| process | anonymous | file | V8 heap total | of it new space | threads' heaps | external | rest |");
      L.push('| --- | --- | --- | --- | --- | --- | --- | --- |');
      const se = (x) => (x ? `${mb(x.start)} → ${mb(x.end)}` : '-');
      for (const p of soak.procs) {
        const m = p.memory ?? {};
        L.push(`| ${p.name} | ${se(m.anon)} | ${se(m.file)} | ${se(m.heapTotal)} | ${se(m.newSpace)} | ${se(m.threads)} | ${se(m.external)} | ${se(m.rest)} |`);
      }
      L.push('');
    }
    L.push(
      `RSS ${soak.flat ? 'flat within 10% after warm-up for every process (growth and trend)' : '**not** flat within 10% for every process (growth or trend above 10%)'}.`,
    );
    for (const i of soak.invariants.filter((x) => !x.ok)) L.push(`- **failed** (soak): ${i.name}: ${i.count} (${i.violations.join('; ')})`);
  }
  return `${L.join('\n')}\n`;
}
