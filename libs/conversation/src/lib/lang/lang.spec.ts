import { LANGUAGE_DATA, questionStarts } from './index';

describe('language data: question starts', () => {
  it('derives the starts of a question from the question words, listing no word twice', () => {
    for (const [lang, d] of Object.entries(LANGUAGE_DATA)) {
      const starts = questionStarts(d);
      // Each start once; the extra starts are not question words (those come from questionWords) and the words left out are.
      expect([lang, starts.length]).toEqual([lang, new Set(starts).size]);
      expect([lang, d.asking.moreStarts.filter((w) => d.questionWords.includes(w))]).toEqual([lang, []]);
      expect([lang, d.asking.notStarts.filter((w) => !d.questionWords.includes(w))]).toEqual([lang, []]);
    }
  });

  it('keeps what made a message a question before the lists were derived', () => {
    expect(questionStarts(LANGUAGE_DATA.en)).toEqual(expect.arrayContaining(['what', 'when', 'can', 'will', 'should']));
    expect(questionStarts(LANGUAGE_DATA.en)).not.toContain('tell');
    expect(questionStarts(LANGUAGE_DATA.pt)).toEqual(expect.arrayContaining(['qual', 'o que', 'pode', 'tem como']));
    expect(questionStarts(LANGUAGE_DATA.es)).toEqual(expect.arrayContaining(['cual', 'por que', 'puedes', 'hay']));
    expect(questionStarts(LANGUAGE_DATA.de)).toEqual(expect.arrayContaining(['wann', 'wie', 'gibt es', 'kannst du']));
    expect(questionStarts(LANGUAGE_DATA.fr)).toEqual(expect.arrayContaining(['quel', 'est-ce', 'pouvez-vous']));
  });
});
