#!/usr/bin/env node
// Built-in reply engine turn-time benchmark: plays the dev dialogues (D, E, G) through the engine in process, each turn
// with the conversation's history and memory (facts and statements of the earlier turns, as the services keep them),
// and times each reply next to a baseline in the same run: the same message with no history and no memory. Prints the
// median and spread of both and their ratio. See README.md beside this file. Not run in CI.
//
//   node tools/bench/conversation/run.mjs [--rounds 1] [--warmup 100] [--parts "dev D,dev E,dev G"] [--json]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadConversationLibrary } from './bundle.mjs';

const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '100' },
    parts: { type: 'string', default: 'dev D,dev E,dev G' },
    json: { type: 'boolean', default: false },
  },
});
const rounds = Math.max(1, Number(opts.rounds));
const parts = new Set(opts.parts.split(',').map((p) => p.trim()));

// The library is TypeScript: bundle it (with its dialogue suite) once into tmp/, then load it.
const lib = await loadConversationLibrary();
const { createReplyEngine, getSoul, soulNamed, extractFacts, extractStatements, mergeFacts, allDialogues, planTurns } = lib;

const engine = createReplyEngine({ provider: 'builtin' });
const soulOf = (d) =>
  d.service === 'messaging'
    ? d.agent.name
      ? soulNamed(getSoul(d.agent.soul_id), d.agent.name)
      : getSoul(d.agent.soul_id)
    : { id: `bench_${d.id}`, name: d.entity.name, description: d.entity.purpose, tone: 'friendly', language: 'en', styleRules: [], greeting: '' };

/** Every turn of the chosen dialogues with the history and memory it is answered with (messaging keeps 20 messages). */
const turns = [];
for (const { dialogue, part } of allDialogues()) {
  if (!parts.has(part)) continue;
  const soul = soulOf(dialogue);
  const history = [];
  let facts = [];
  for (const t of planTurns(dialogue)) {
    const previous = history.at(-1)?.content;
    facts = mergeFacts(facts, [...extractFacts(t.say, { previous }), ...extractStatements(t.say)]);
    const request = { soul, replyLanguage: 'auto', history: history.slice(-20), message: t.say, facts: [...facts] };
    turns.push({ request, bare: { soul, replyLanguage: 'auto', history: [], message: t.say, facts: [] } });
    const reply = await engine.reply(request);
    history.push({ role: 'user', content: t.say }, { role: 'assistant', content: reply.content });
  }
}
if (!turns.length) {
  console.error(`No dialogues in parts: ${[...parts].join(', ')}`);
  process.exit(2);
}

// Warm-up: the first `warmup` turns of both, then `rounds` passes, the two kinds alternating turn by turn (so drift hits
// both alike).
const timed = async (req) => {
  const t0 = performance.now();
  await engine.reply(req);
  return performance.now() - t0;
};
for (const t of turns.slice(0, Number(opts.warmup))) {
  await timed(t.request);
  await timed(t.bare);
}
const memory = [];
const baseline = [];
for (let r = 0; r < rounds; r++) {
  for (const [k, t] of turns.entries()) {
    if ((k + r) % 2) {
      baseline.push(await timed(t.bare));
      memory.push(await timed(t.request));
    } else {
      memory.push(await timed(t.request));
      baseline.push(await timed(t.bare));
    }
  }
}

const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))];
};
const stats = (xs) => ({ median: q(xs, 0.5), p25: q(xs, 0.25), p75: q(xs, 0.75), p90: q(xs, 0.9), p99: q(xs, 0.99), max: Math.max(...xs) });
const result = {
  parts: [...parts],
  turns: turns.length,
  rounds,
  memory: stats(memory),
  baseline: stats(baseline),
  ratio: q(memory, 0.5) / q(baseline, 0.5),
};
if (opts.json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  const row = (label, s) =>
    `${label.padEnd(38)} median ${s.median.toFixed(2).padStart(6)} ms   p25 ${s.p25.toFixed(2).padStart(6)}   p75 ${s.p75.toFixed(2).padStart(6)}   p90 ${s.p90
      .toFixed(2)
      .padStart(6)}   p99 ${s.p99.toFixed(2).padStart(6)}   max ${s.max.toFixed(2).padStart(7)}`;
  console.log(
    `built-in engine, in process: ${turns.length} turns of ${[...parts].join(', ')}, ${rounds} round(s) after ${Math.min(turns.length, Number(opts.warmup))} warm-up turns`,
  );
  console.log(row('reply with history and memory', result.memory));
  console.log(row('baseline: same message, nothing known', result.baseline));
  console.log(`memory / baseline, medians: ${result.ratio.toFixed(2)}x`);
}
