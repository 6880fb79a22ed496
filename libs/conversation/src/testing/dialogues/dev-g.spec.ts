import { DEV_G_DIALOGUES } from './dev-g';
import { allDialogues } from './index';
import { isChecked } from './score';
import type { Dialogue, DialogueLanguage } from './types';

// The shape of development set G (its replies are checked by the dialogue suite, not here): the same number of checked
// turns in every language, half messaging and half entity in every language, every dialogue a real conversation, long
// conversations whose filler sits between a fact and its recall, and no check that could never pass or that the reply
// could pass by echoing the question or the speaker's own name.

const LANGUAGES: DialogueLanguage[] = ['en', 'pt', 'es', 'fr'];

/** The soul ids of the catalogue (libs/conversation/README.md). */
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

/** The language a dialogue's user writes in, from its id (`g-<language>-<topic>`). */
function languageOf(d: Dialogue): DialogueLanguage {
  return d.id.split('-')[1] as DialogueLanguage;
}

/** Lower case without accents, as the checks compare. */
function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The name the user should hear when asking who they talk to. */
function nameOf(d: Dialogue): string | undefined {
  return d.service === 'entity' ? d.entity.name : d.agent.name;
}

/** The options of a turn's wanted entries. */
function wantedOf(turn: { contains?: Array<string | string[]> }): string[][] {
  return (turn.contains ?? []).map((w) => (Array.isArray(w) ? w : [w]));
}

const checkedTurns = DEV_G_DIALOGUES.flatMap((d) => d.turns.filter(isChecked).map((turn) => ({ d, turn })));

describe('development set G', () => {
  it('has at least 16 dialogues with unique ids of the form g-<language>-<topic>, at least four per language', () => {
    const ids = DEV_G_DIALOGUES.map((d) => d.id);
    expect(ids.length).toBeGreaterThanOrEqual(16);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^g-(en|pt|es|fr)-[a-z0-9-]+$/);
    for (const lang of LANGUAGES) expect([lang, DEV_G_DIALOGUES.filter((d) => languageOf(d) === lang).length >= 4]).toEqual([lang, true]);
  });

  it('is half messaging, half entity in every language; every agent has a catalogue soul and a name', () => {
    for (const lang of LANGUAGES) {
      const inLang = DEV_G_DIALOGUES.filter((d) => languageOf(d) === lang);
      expect([lang, inLang.filter((d) => d.service === 'messaging').length * 2]).toEqual([lang, inLang.length]);
    }
    for (const d of DEV_G_DIALOGUES) {
      if (d.service !== 'messaging') continue;
      expect([d.id, SOUL_IDS.includes(d.agent.soul_id), Boolean(d.agent.name?.trim())]).toEqual([d.id, true, true]);
    }
  });

  it('talks to each entity as a different end user, shared with no other set, so no memory leaks between dialogues', () => {
    const users = DEV_G_DIALOGUES.flatMap((d) => (d.service === 'entity' ? [d.endUser.id] : []));
    expect(new Set(users).size).toBe(users.length);
    const elsewhere = allDialogues()
      .filter(({ part }) => part !== 'dev G')
      .flatMap(({ dialogue }) => (dialogue.service === 'entity' ? [dialogue.endUser.id] : []));
    expect(users.filter((u) => elsewhere.includes(u))).toEqual([]);
    expect(allDialogues().filter(({ part }) => part === 'dev G').length).toBe(DEV_G_DIALOGUES.length);
  });

  it('has 10 to 16 scripted turns in every dialogue', () => {
    for (const d of DEV_G_DIALOGUES) {
      expect([d.id, d.turns.length >= 10 && d.turns.length <= 16]).toEqual([d.id, true]);
    }
  });

  it('has at least 180 checked turns, each language at least a quarter of them', () => {
    expect(checkedTurns.length).toBeGreaterThanOrEqual(180);
    for (const lang of LANGUAGES) {
      const n = checkedTurns.filter(({ d }) => languageOf(d) === lang).length;
      expect([lang, n * 4 >= checkedTurns.length]).toEqual([lang, true]);
    }
  });

  it('checks the reply language on most checked turns, always the language of the dialogue', () => {
    const withLang = checkedTurns.filter(({ turn }) => turn.lang);
    expect(withLang.length / checkedTurns.length).toBeGreaterThan(0.8);
    for (const { d, turn } of withLang) expect([d.id, turn.say, turn.lang]).toEqual([d.id, turn.say, languageOf(d)]);
  });

  it('asks every agent and entity who it is, and wants its name', () => {
    for (const d of DEV_G_DIALOGUES) {
      const name = fold(nameOf(d) ?? '');
      const asked = d.turns.some((t) => wantedOf(t).some((options) => options.some((o) => fold(o) === name)));
      expect([d.id, asked]).toEqual([d.id, true]);
    }
  });

  it('never lets a check other than the identity one pass on the speaker name alone', () => {
    for (const { d, turn } of checkedTurns) {
      const name = fold(nameOf(d) ?? '');
      for (const options of wantedOf(turn)) {
        if (options.some((o) => fold(o) === name)) continue;
        expect([d.id, turn.say, options.filter((o) => name.includes(fold(o)))]).toEqual([d.id, turn.say, []]);
      }
    }
  });

  it('asks every entity what it does (a domain check besides the identity one)', () => {
    for (const d of DEV_G_DIALOGUES) {
      if (d.service !== 'entity') continue;
      const name = fold(d.entity.name);
      const purpose = fold(d.entity.purpose);
      // A domain check: a wanted entry none of whose options is the name, with an option that is a word of the purpose.
      const domain = d.turns.some((t) =>
        wantedOf(t).some((options) => options.every((o) => fold(o) !== name) && options.some((o) => purpose.includes(fold(o)))),
      );
      expect([d.id, domain]).toEqual([d.id, true]);
    }
  });

  it('has corrections whose recall wants the new value and excludes the old one, in every language', () => {
    for (const lang of LANGUAGES) {
      const recalls = checkedTurns.filter(({ d, turn }) => languageOf(d) === lang && turn.contains?.length && turn.excludes?.length);
      expect([lang, recalls.length >= 3]).toEqual([lang, true]);
    }
  });

  it('has no-reask checks (a detail just given must not be asked for) in every language', () => {
    for (const lang of LANGUAGES) {
      const noReask = checkedTurns.filter(({ d, turn }) => languageOf(d) === lang && turn.excludes?.length && !turn.contains?.length);
      expect([lang, noReask.length >= 1]).toEqual([lang, true]);
    }
  });

  it('has long conversations whose filler comes after an early fact and before a recall', () => {
    const long = DEV_G_DIALOGUES.filter((d) => d.filler);
    expect(long.length).toBeGreaterThanOrEqual(4);
    for (const d of long) {
      const f = d.filler!;
      const recallAfter = d.turns.slice(f.after + 1).some((t) => t.contains?.length);
      expect([d.id, f.after >= 0 && f.after < d.turns.length - 1, f.count >= 20, f.messages.length > 0, recallAfter]).toEqual([d.id, true, true, true, true]);
      for (const m of f.messages) expect(m.trim()).not.toBe('');
    }
  });

  it('never wants what the turn itself says, so a reply that only echoes the question cannot pass', () => {
    for (const { d, turn } of checkedTurns) {
      for (const options of wantedOf(turn)) {
        const echoed = options.some((o) => fold(turn.say).includes(fold(o)));
        expect([d.id, turn.say, echoed]).toEqual([d.id, turn.say, false]);
      }
    }
  });

  it('has no empty check and no check that contradicts itself', () => {
    for (const { d, turn } of checkedTurns) {
      expect(turn.say.trim()).not.toBe('');
      for (const options of wantedOf(turn)) {
        expect([d.id, turn.say, options.length > 0 && options.every((o) => o.trim() !== '')]).toEqual([d.id, turn.say, true]);
        // An entry whose every option contains an excluded string can never pass.
        const impossible = options.every((o) => (turn.excludes ?? []).some((x) => fold(o).includes(fold(x))));
        expect([d.id, turn.say, impossible]).toEqual([d.id, turn.say, false]);
      }
      for (const x of turn.excludes ?? []) expect([d.id, turn.say, x.trim() !== '']).toEqual([d.id, turn.say, true]);
    }
  });

  it('wants in every recall a value the user gave earlier in the same dialogue', () => {
    // A recall is a wanted entry that is neither the speaker's name nor a word of the entity's purpose: at least one of
    // its options must appear (folded) in an earlier user turn, so no check asks for something the user never said.
    for (const d of DEV_G_DIALOGUES) {
      const name = fold(nameOf(d) ?? '');
      const purpose = d.service === 'entity' ? fold(d.entity.purpose) : '';
      d.turns.forEach((turn, i) => {
        const earlier = fold(
          d.turns
            .slice(0, i)
            .map((t) => t.say)
            .join(' '),
        );
        for (const options of wantedOf(turn)) {
          if (options.some((o) => fold(o) === name || (purpose && purpose.includes(fold(o))))) continue;
          expect([d.id, turn.say, options.some((o) => earlier.includes(fold(o)))]).toEqual([d.id, turn.say, true]);
        }
      });
    }
  });
});
