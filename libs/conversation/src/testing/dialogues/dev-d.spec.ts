import { DEV_D_DIALOGUES } from './dev-d';
import { isChecked, planTurns } from './score';
import type { Dialogue, DialogueLanguage } from './types';

/** The catalogue souls (the souls table of libs/conversation/README.md): a messaging dialogue must use one of them. */
const SOUL_IDS = [
  'friendly-support',
  'friendly-support-en',
  'concise-expert',
  'sales-consultant',
  'patient-teacher',
  'playful-companion',
  'formal-concierge',
  'empathetic-listener',
  'technical-helper',
  'assistente-tecnico',
];

/** The one language a dialogue's checked turns ask for (undefined when they mix or name none). */
function languageOf(d: Dialogue): DialogueLanguage | undefined {
  const langs = new Set(d.turns.map((t) => t.lang).filter(Boolean));
  return langs.size === 1 ? ([...langs][0] as DialogueLanguage) : undefined;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('development set D (shape)', () => {
  it('has 24+ dialogues with unique ids', () => {
    expect(DEV_D_DIALOGUES.length).toBeGreaterThanOrEqual(24);
    const ids = DEV_D_DIALOGUES.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has 10 to 14 scripted turns in every dialogue', () => {
    const off = DEV_D_DIALOGUES.filter((d) => d.turns.length < 10 || d.turns.length > 14).map((d) => `${d.id}: ${d.turns.length}`);
    expect(off).toEqual([]);
  });

  it('has at least 220 checked turns', () => {
    const checked = DEV_D_DIALOGUES.flatMap((d) => d.turns).filter((t) => isChecked(t)).length;
    expect(checked).toBeGreaterThanOrEqual(220);
  });

  it('keeps each dialogue in one language, with at least 6 dialogues per language', () => {
    expect(DEV_D_DIALOGUES.filter((d) => !languageOf(d)).map((d) => d.id)).toEqual([]);
    for (const lang of ['en', 'pt', 'es', 'fr'] as const) {
      expect({ lang, dialogues: DEV_D_DIALOGUES.filter((d) => languageOf(d) === lang).length >= 6 }).toEqual({ lang, dialogues: true });
    }
  });

  it('mixes messaging (catalogue souls) and entity dialogues', () => {
    const messaging = DEV_D_DIALOGUES.filter((d) => d.service === 'messaging');
    const entity = DEV_D_DIALOGUES.filter((d) => d.service === 'entity');
    expect(messaging.length).toBeGreaterThanOrEqual(6);
    expect(entity.length).toBeGreaterThanOrEqual(6);
    const unknown = messaging.filter((d) => d.service === 'messaging' && !SOUL_IDS.includes(d.agent.soul_id)).map((d) => d.id);
    expect(unknown).toEqual([]);
    for (const d of entity) if (d.service === 'entity') expect(d.entity.purpose.length).toBeGreaterThan(20);
  });

  it('has several long conversations whose filler lands between scripted turns', () => {
    const long = DEV_D_DIALOGUES.filter((d) => d.filler);
    expect(long.length).toBeGreaterThanOrEqual(4);
    for (const d of long) {
      const f = d.filler!;
      expect(f.count).toBeGreaterThan(0);
      expect(f.messages.length).toBeGreaterThan(0);
      expect(f.after).toBeGreaterThanOrEqual(0);
      expect(f.after).toBeLessThan(d.turns.length - 1);
      expect(planTurns(d).length).toBe(d.turns.length + f.count);
    }
  });

  it('never asks a turn to both contain and exclude the same text', () => {
    const clashes: string[] = [];
    for (const d of DEV_D_DIALOGUES) {
      for (const t of d.turns) {
        for (const want of t.contains ?? []) {
          const options = (Array.isArray(want) ? want : [want]).map(fold);
          for (const unwanted of (t.excludes ?? []).map(fold)) {
            // Every alternative containing an excluded text can never pass.
            if (options.every((o) => o.includes(unwanted))) clashes.push(`${d.id}: ${JSON.stringify(want)} vs ${unwanted}`);
          }
        }
      }
    }
    expect(clashes).toEqual([]);
  });
});
