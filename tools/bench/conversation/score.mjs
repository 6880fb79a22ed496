// The dialogue suite in process, for tuning: plays the chosen parts through the built-in engine as the services do (each
// turn with the history window and the facts and statements of the earlier turns; entity souls from derivePersonality),
// and prints each part's count per service. Failing turns are printed for the tuned and dev parts only, never for the
// frozen ones and dev S, never tuned on (score.ts HIDDEN_PARTS). Counts run within a few turns of the HTTP suites (dialogues.e2e), which are the
// figures of record. Not run in CI.
//   node tools/bench/conversation/score.mjs "dev K,dev L" [--dump id]
import { loadConversationLibrary } from './bundle.mjs';

const lib = await loadConversationLibrary();
const {
  createReplyEngine,
  getSoul,
  soulNamed,
  extractFacts,
  extractStatements,
  mergeFacts,
  allDialogues,
  planTurns,
  checkReply,
  isChecked,
  HIDDEN_PARTS,
  derivePersonality,
} = lib;
const parts = new Set((process.argv[2] ?? 'dev K').split(',').map((p) => p.trim()));
const dumpId = process.argv.indexOf('--dump') > 0 ? process.argv[process.argv.indexOf('--dump') + 1] : undefined;
const engine = createReplyEngine({ provider: 'builtin' });
const counts = {};
const fails = [];
for (const { dialogue: d, part } of allDialogues({ dev: true })) {
  if (!parts.has(part)) continue;
  const frozen = HIDDEN_PARTS.includes(part);
  if (frozen && dumpId) continue;
  let soul,
    language,
    replyLanguage = 'auto',
    histN;
  if (d.service === 'messaging') {
    const base = getSoul(d.agent.soul_id);
    soul = soulNamed(base, d.agent.name ?? 'Nina');
    language = d.agent.language;
    replyLanguage = d.agent.reply_language ?? 'auto';
    histN = 24;
  } else {
    const p = derivePersonality(d.entity.name, d.entity.purpose);
    soul = {
      id: d.id,
      name: d.entity.name,
      description: d.entity.purpose,
      tone: p.tone,
      language: p.language,
      styleRules: p.style_rules,
      greeting: p.greeting,
    };
    language = p.language;
    histN = 20;
  }
  const history = [];
  let facts = [];
  for (const t of planTurns(d)) {
    const previous = history.at(-1)?.content;
    facts = mergeFacts(facts, [...extractFacts(t.say, { previous }), ...extractStatements(t.say)]);
    const userName = d.service === 'entity' ? (d.endUser.name ?? facts.find((f) => f.kind === 'name')?.value) : undefined;
    const { content } = await engine.reply({ soul, language, replyLanguage, history: history.slice(-histN), message: t.say, facts: [...facts], userName });
    history.push({ role: 'user', content: t.say }, { role: 'assistant', content });
    if (dumpId === d.id) console.log(`U: ${t.say}\nA: ${content}\n`);
    if (isChecked(t.check)) {
      const problems = checkReply(content, t.check);
      const key = `${part} ${d.service}`;
      counts[key] ??= [0, 0];
      counts[key][1]++;
      if (!problems.length) counts[key][0]++;
      else if (!frozen) fails.push(`FAIL ${d.id} (${part}): ${JSON.stringify(t.say)} → ${JSON.stringify(content)} [${problems.join('; ')}]`);
    }
  }
}
if (!dumpId) for (const f of fails) console.log(f);
let tp = 0,
  tt = 0;
for (const [k, [p, t]] of Object.entries(counts).sort()) {
  console.log(`${k}: ${p}/${t}`);
  tp += p;
  tt += t;
}
console.log(`total: ${tp}/${tt} (${((tp / tt) * 100).toFixed(1)}%)`);
