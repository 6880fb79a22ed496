import { HELD_OUT_C_DIALOGUES } from './held-out-c';
import { isChecked } from './score';
import type { Dialogue, DialogueLanguage } from './types';

// The shape of held-out set C (its replies are checked by the dialogue suite, not here): enough checked
// turns in every language, every dialogue a real conversation, and no check that could never pass.

const LANGUAGES: DialogueLanguage[] = ['en', 'pt', 'es', 'fr'];

/** The language a dialogue's user writes in, from its id (`c-<language>-<topic>`). */
function languageOf(d: Dialogue): DialogueLanguage {
  return d.id.split('-')[1] as DialogueLanguage;
}

/** Lower case without accents, as the checks compare. */
function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const checkedTurns = HELD_OUT_C_DIALOGUES.flatMap((d) => d.turns.filter(isChecked).map((turn) => ({ d, turn })));

describe('held-out set C', () => {
  it('has unique ids of the form c-<language>-<topic>', () => {
    const ids = HELD_OUT_C_DIALOGUES.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^c-(en|pt|es|fr)-[a-z0-9-]+$/);
  });

  it('talks to each entity as a different end user, so no memory is shared between dialogues', () => {
    const users = HELD_OUT_C_DIALOGUES.flatMap((d) => (d.service === 'entity' ? [d.endUser.id] : []));
    expect(new Set(users).size).toBe(users.length);
  });

  it('has 10 to 14 scripted turns in every dialogue', () => {
    for (const d of HELD_OUT_C_DIALOGUES) {
      expect([d.id, d.turns.length >= 10 && d.turns.length <= 14]).toEqual([d.id, true]);
    }
  });

  it('has at least 160 checked turns, at least 30 in each language', () => {
    expect(checkedTurns.length).toBeGreaterThanOrEqual(160);
    for (const lang of LANGUAGES) {
      expect([lang, checkedTurns.filter(({ d }) => languageOf(d) === lang).length >= 30]).toEqual([lang, true]);
    }
  });

  it('checks the reply language on most checked turns, always the language of the dialogue', () => {
    const withLang = checkedTurns.filter(({ turn }) => turn.lang);
    expect(withLang.length / checkedTurns.length).toBeGreaterThan(0.8);
    for (const { d, turn } of withLang) expect([d.id, turn.say, turn.lang]).toEqual([d.id, turn.say, languageOf(d)]);
  });

  it('has long conversations whose filler comes after a scripted turn and before the last one', () => {
    const long = HELD_OUT_C_DIALOGUES.filter((d) => d.filler);
    expect(long.length).toBeGreaterThanOrEqual(4);
    for (const d of long) {
      const f = d.filler!;
      expect([d.id, f.after >= 0 && f.after < d.turns.length - 1, f.count >= 20, f.messages.length > 0]).toEqual([d.id, true, true, true]);
      for (const m of f.messages) expect(m.trim()).not.toBe('');
    }
  });

  it('has no empty check and no check that contradicts itself', () => {
    for (const { d, turn } of checkedTurns) {
      expect(turn.say.trim()).not.toBe('');
      const wanted = (turn.contains ?? []).map((w) => (Array.isArray(w) ? w : [w]));
      for (const options of wanted) {
        expect([d.id, turn.say, options.length > 0 && options.every((o) => o.trim() !== '')]).toEqual([d.id, turn.say, true]);
        // An entry whose every option contains an excluded string can never pass.
        const impossible = options.every((o) => (turn.excludes ?? []).some((x) => fold(o).includes(fold(x))));
        expect([d.id, turn.say, impossible]).toEqual([d.id, turn.say, false]);
      }
      for (const x of turn.excludes ?? []) expect([d.id, turn.say, x.trim() !== '']).toEqual([d.id, turn.say, true]);
    }
  });
});
