import * as api from '../index';
import { SOULS, getSoul, listSouls, soulNamed } from './souls';

/** `name` as a word of its own, case-sensitive ("Clara" the name, not "clara" the adjective). */
const names = (text: string, name: string) => new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(text);

describe('souls', () => {
  it('has at least eight complete souls in pt-BR and English with unique ids', () => {
    expect(SOULS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(SOULS.map((s) => s.id)).size).toBe(SOULS.length);
    expect(SOULS.filter((s) => s.language === 'pt-BR').length).toBeGreaterThanOrEqual(3);
    expect(SOULS.filter((s) => s.language === 'en').length).toBeGreaterThanOrEqual(3);
    for (const s of SOULS) {
      expect(s.id).toMatch(/^[a-z0-9-]+$/);
      for (const field of [s.name, s.description, s.tone, s.greeting]) expect(field.trim().length).toBeGreaterThan(2);
      expect(s.styleRules.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('finds souls by id and lists copies', () => {
    expect(getSoul('friendly-support')?.name).toBe('Lia');
    expect(getSoul('nope')).toBeUndefined();
    const list = listSouls();
    expect(list.map((s) => s.id)).toEqual(SOULS.map((s) => s.id));
    list.pop();
    expect(listSouls()).toHaveLength(SOULS.length);
  });

  it("soulNamed: the same personality under an agent's own name, everywhere the soul named itself", () => {
    for (const soul of SOULS) {
      expect(names(soul.greeting, soul.name), soul.id).toBe(true);
      const nina = soulNamed(soul, '  Nina ');
      expect(nina, soul.id).toEqual({ ...soul, name: 'Nina', greeting: expect.any(String) });
      expect(names(nina.greeting, 'Nina'), nina.greeting).toBe(true);
      expect(names(nina.greeting, soul.name), nina.greeting).toBe(false);
      // The Portuguese article agreed with the soul's name: "Eu sou a Lia" becomes "Eu sou Nina".
      expect(nina.greeting, nina.greeting).not.toMatch(/\b(?:sou|é) [ao] Nina\b/);
    }
    expect(soulNamed(getSoul('friendly-support')!, 'Nina').greeting).toBe(
      'Oi! Eu sou Nina, do suporte. Me conta o que está acontecendo que eu te ajudo a resolver.',
    );
    expect(soulNamed(getSoul('formal-concierge')!, 'Ana Paula').greeting).toBe(
      'Good day, and welcome. I am Ana Paula, your concierge. How may I be of service?',
    );
    // A name is text: no replacement patterns, no regular expression.
    expect(soulNamed(getSoul('concise-expert')!, 'R$& (v2.0)').greeting).toBe("R$& (v2.0) here. What's the question?");
    // The soul's own name, or none, leaves the soul as it is.
    const lia = getSoul('friendly-support')!;
    expect(soulNamed(lia, 'Lia')).toBe(lia);
    expect(soulNamed(lia, '   ')).toBe(lia);
    // A soul without a name (an entity stored before names were checked) only gains one.
    expect(soulNamed({ ...lia, name: '' }, 'Ana')).toEqual({ ...lia, name: 'Ana' });
    // Only whole words: "Clara" in "Clarabela" or the adjective "clara" is not the name.
    const clara = { ...getSoul('empathetic-listener')!, greeting: 'Oi, eu sou a Clara, da Clarabela; a ideia é clara.' };
    expect(soulNamed(clara, 'Rui').greeting).toBe('Oi, eu sou Rui, da Clarabela; a ideia é clara.');
  });

  it('exposes the public API from the index', () => {
    for (const name of [
      'createReplyEngine',
      'BuiltinEngine',
      'ProviderError',
      'getSoul',
      'listSouls',
      'soulNamed',
      'SOULS',
      'extractFacts',
      'summarizeRelationship',
      'extractFactsWithProvider',
    ]) {
      expect(api).toHaveProperty(name);
    }
    const err = new api.ProviderError('x', true, { cause: new Error('y') });
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('ProviderError');
    expect(err.retryable).toBe(true);
    expect((err.cause as Error).message).toBe('y');
  });
});
