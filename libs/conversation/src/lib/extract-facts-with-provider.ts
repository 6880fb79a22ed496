import { z } from 'zod';
import { AiSdkEngine } from './ai-sdk-engine';
import { extractFacts, mergeFacts } from './facts';
import { languageFamily } from './language';
import { SECRET_NOUNS } from './slots';
import { fold, squish, titleCase } from './text';
import type { EngineConfig, Fact, FactKind, ReplyEngine } from './types';

const KINDS: FactKind[] = ['name', 'preference', 'plan', 'goal', 'relation', 'location', 'job', 'identifier', 'contact', 'date', 'other'];
const PROPER_NOUN_KINDS = new Set<FactKind>(['name', 'relation', 'location']);
/** Values kept exactly as the model returned them (codes, emails, dates). */
const VERBATIM_KINDS = new Set<FactKind>(['identifier', 'contact', 'date', 'goal']);

const factsSchema = z.object({
  facts: z
    .array(
      z.object({
        kind: z.string(),
        key: z.string().optional(),
        value: z.union([z.string(), z.number()]),
        text: z.string().optional(),
      }),
    )
    .max(50),
});

const SYSTEM = `You extract durable facts about the PERSON WHO WROTE the message (not about other people in general, not about the assistant).
Return ONLY a JSON object, no prose: {"facts":[{"kind":"...","key":"...","value":"...","text":"..."}]}
kind is one of: name, preference, plan, goal, relation, location, job, identifier, contact, date, other.
key conventions: name → "name"; preference → "likes" | "dislikes" | "favorite_<thing>"; plan → "plan"; goal → "goal"; relation → the relation in English ("sister", "dog", "husband"…) with value = their name; location → "lives_in" | "from"; job → "job" | "employer"; identifier (numbers and codes the person gives, value exactly as written) → "order" | "ticket" | "tracking" | "invoice" | "booking" | "reference" | "account" | "flight" | "room" | "plate" | "tax_id" | "code"; contact → "email" | "phone" | "address" | "postcode"; date (when something of theirs happens, value as said) → "birthday" | "appointment" | "meeting" | "flight" | "trip" | "exam" | "interview" | "wedding" | "delivery" | "deadline"…; other → a short snake_case key ("age", "budget"…).
Never return passwords, PINs or card numbers.
value is short (1–6 words). text is one short sentence stating the fact in the language given below.
Questions, requests and small talk contain no facts: return {"facts":[]}.`;

/**
 * Fact extraction with an LLM: asks the configured model for JSON facts, validates and
 * normalizes them, and merges them with the deterministic rules. Any failure (provider error,
 * timeout, invalid JSON) falls back to the rules alone, so this never throws.
 */
export async function extractFactsWithProvider(
  message: string,
  provider: EngineConfig | ReplyEngine,
  opts?: { language?: string; signal?: AbortSignal; previous?: string },
): Promise<Fact[]> {
  const rules = extractFacts(message, { language: opts?.language, previous: opts?.previous });
  let engine: AiSdkEngine;
  try {
    if (provider instanceof AiSdkEngine) engine = provider;
    else if ('provider' in provider && provider.provider !== 'builtin') engine = new AiSdkEngine({ ...provider, provider: provider.provider });
    else return rules;
  } catch {
    return rules;
  }
  if (!squish(message)) return rules;
  const family = languageFamily(opts?.language);
  const lang = family === 'pt' ? 'Brazilian Portuguese' : family === 'es' ? 'Spanish' : family === 'en' ? 'English' : 'the language of the message';
  try {
    const { text } = await engine.complete({
      system: `${SYSTEM}\nWrite "text" in ${lang}.`,
      messages: [{ role: 'user', content: message }],
      signal: opts?.signal,
      temperature: 0,
      maxOutputTokens: 600,
    });
    const llm = parseFacts(text);
    // The rules win for the slots they fill (a value read from the text beats a model's paraphrase).
    return mergeFacts(llm, rules);
  } catch {
    return rules;
  }
}

/** Parses and normalizes the model's JSON; throws when it is not usable. */
export function parseFacts(raw: string): Fact[] {
  const start = raw.indexOf('{');
  const end = raw.lastIndexOf('}');
  if (start < 0 || end <= start) throw new Error('no JSON object in model output');
  const parsed = factsSchema.parse(JSON.parse(raw.slice(start, end + 1)));
  const out: Fact[] = [];
  for (const f of parsed.facts) {
    const kind = (KINDS as string[]).includes(f.kind) ? (f.kind as FactKind) : 'other';
    const value = squish(String(f.value)).replace(/[.!]+$/, '');
    if (!value || value.length > 80) continue;
    const key =
      kind === 'name'
        ? 'name'
        : fold(squish(f.key ?? kind))
            .replace(/[^a-z0-9]+/g, '_')
            .replace(/^_|_$/g, '') || kind;
    if (SECRET_NOUNS.test(fold(`${key} ${f.text ?? ''}`))) continue;
    const normalized = PROPER_NOUN_KINDS.has(kind) ? titleCase(value) : VERBATIM_KINDS.has(kind) ? value : value.toLowerCase();
    out.push({ kind, key, value: normalized, text: squish(f.text ?? '') || `${key}: ${normalized}` });
  }
  return out;
}
