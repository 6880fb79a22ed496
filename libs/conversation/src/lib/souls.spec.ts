import { describe, expect, it } from 'vitest';
import * as api from '../index';
import { SOULS, getSoul, listSouls } from './souls';

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

  it('exposes the public API from the index', () => {
    for (const name of ['createReplyEngine', 'BuiltinEngine', 'ProviderError', 'getSoul', 'listSouls', 'SOULS', 'extractFacts', 'summarizeRelationship', 'extractFactsWithProvider']) {
      expect(api).toHaveProperty(name);
    }
    const err = new api.ProviderError('x', true, { cause: new Error('y') });
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('ProviderError');
    expect(err.retryable).toBe(true);
    expect((err.cause as Error).message).toBe('y');
  });
});
