import { isNotBlank } from '@platform/errors';
import { z } from 'zod';
import { INTENTS } from './brief-writer';

/** Required text of a model's answer: blank (`"  "`) is as good as absent, so the answer is asked again. */
const requiredText = (max: number) => z.string().max(max).refine(isNotBlank, 'must not be empty or blank');

/**
 * The brief a model answers through structured output. Every field is present (nullable where it may be empty):
 * OpenAI's strict JSON schemas need every property required. Validated by zod; a bad answer is asked again once.
 */
export const ModelBriefSchema = z.object({
  intent: z.enum(INTENTS),
  eyebrow: z.string().max(80).nullable(),
  title: requiredText(200),
  subtitle: z.string().max(300).nullable(),
  body: z.string().max(1000).nullable(),
  cta: z.string().max(60).nullable(),
  insight: z.string().max(40).nullable(),
  items: z.array(z.string().max(120)).max(8).nullable(),
  tone: requiredText(40),
  palette: z.array(z.string().regex(/^#[0-9a-fA-F]{6}$/)).max(6),
});
export type ModelBrief = z.infer<typeof ModelBriefSchema>;

/** What the model is told: the fields, the language, and to stay short enough for a social post. */
export function briefInstructions(language: string): string {
  return [
    'You are a senior copywriter and art director. Answer with a creative brief for a social media piece as JSON matching the schema.',
    `Write every text field in ${language} (BCP 47). Keep the title under 8 words, the eyebrow under 4, the CTA under 4, the body under 30 words.`,
    'intent is one of launch, sale, event, hiring, announcement, awareness. palette: 3 to 5 hex colors (#rrggbb) that suit the piece. insight: a short figure (20%, R$ 99) or null.',
  ].join('\n');
}
