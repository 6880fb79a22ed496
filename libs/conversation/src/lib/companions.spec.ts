import { composeReply } from './builtin-reply';
import { companionNames, insteadWords, withoutInstead } from './companions';
import { extractFacts } from './facts';
import { getSoul } from './souls';
import { buildStatements, extractStatements, recallStatements, tellBack } from './statements';
import type { Lang } from './language';
import type { ChatTurn, Fact, Soul } from './types';

/** The statements of what the person said, as the memory keeps them. */
function memory(says: string[]) {
  return buildStatements(
    says.flatMap((s) => extractStatements(s)),
    [],
    undefined,
  ).statements;
}

/** Plays a conversation through the built-in engine with every fact remembered; the replies in order. */
function play(soul: Soul, says: string[]): string[] {
  const history: ChatTurn[] = [];
  const replies: string[] = [];
  const facts: Fact[] = [];
  for (const message of says) {
    facts.push(...extractFacts(message), ...extractStatements(message));
    const reply = composeReply({ soul, history: [...history], message, replyLanguage: 'auto', facts: [...facts] });
    replies.push(reply);
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply });
  }
  return replies;
}

describe('whom one is with is a person (lang/*.ts companions, titles)', () => {
  it.each<[Lang, string, string[]]>([
    ['en', 'could we pair me with priscilla, she knows my case', ['priscilla']],
    ['en', 'I would rather go with Dr Whitlock next time', ['whitlock']],
    ['pt', 'prefiro fazer a consulta com a dra. Beatriz', ['beatriz']],
    ['es', 'quiero la clase con Rodrigo el sábado', ['rodrigo']],
    ['fr', 'je préfère voir avec madame leclerc', ['leclerc']],
    ['de', 'am liebsten mit herrn brandt, der erklärt gut', ['brandt']],
  ])('%s: %s', (lang, text, names) => {
    expect(companionNames(text, lang)).toEqual(names);
  });

  it.each<[Lang, string]>([
    ['en', 'I pay with cash and a voucher'],
    ['en', 'I live with my sister in town'],
    ['en', 'it came with 3 batteries'],
    ['pt', 'vou com o carro da empresa amanhã'],
    ['de', 'ich komme mit dem fahrrad vorbei'],
    ['es', '¿con quién estoy hablando, perdona?'],
    ['pt', 'com quem eu falo, por favor?'],
  ])('%s: nobody in %s', (lang, text) => {
    expect(companionNames(text, lang)).toEqual([]);
  });

  it('a "who" question finds whom the person asked to be with, in lower case too', () => {
    const said = memory(['hello, I need my boiler serviced next month', 'if possible with terrence, he fixed it last winter', 'my postcode is BS3 1AX']);
    expect(recallStatements('who is coming round to do it?', said, 'en', 2, { confident: true }).map((s) => s.text)).toEqual([
      'if possible with terrence, he fixed it last winter',
    ]);
    const pt = memory(['bom dia, quero agendar uma limpeza de pele pro sábado', 'dá pra ser com a Marisa?']);
    expect(recallStatements('quem vai me atender?', pt, 'pt', 2, { confident: true }).map((s) => s.text)).toEqual(['dá pra ser com a Marisa']);
  });

  it('answers the question through the engine in the person’s language', () => {
    const replies = play(getSoul('friendly-support-en')!, [
      'hi, I want to book a piano lesson for next week, ideally with rosalind, she taught my nephew',
      'my email is kit.marsh@example.net',
      'who is my teacher going to be?',
    ]);
    expect(replies[2].toLowerCase()).toContain('rosalind');
  });
});

describe('"instead of" puts a value aside (lang/*.ts insteadOf)', () => {
  it.each<[string, string[], string]>([
    ['can we make it 9:45 instead of 9?', ['9'], 'can we make it 9:45?'],
    ['prefiro com o Tadeu em vez do Mauro, ele é mais paciente', ['mauro'], 'prefiro com o Tadeu, ele é mais paciente'],
    ['mejor en la sala B en lugar de la sala A', ['sala'], 'mejor en la sala B'],
    ['lieber mit frau kessler statt herrn vogt, die kennt mich', ['vogt'], 'lieber mit frau kessler, die kennt mich'],
    ['plutôt avec Hugo au lieu de Bastien', ['bastien'], 'plutôt avec Hugo'],
  ])('%s', (text, words, told) => {
    expect(insteadWords(text)).toEqual(words);
    expect(withoutInstead(text)).toBe(told);
  });

  it('is not told back, and the latest person asked for answers "who"', () => {
    const said = memory([
      'I need a haircut on saturday, ideally with marcus, he did my fringe last time',
      'actually I would go with wendy instead of marcus, she is quicker',
    ]);
    const found = recallStatements('who am I getting?', said, 'en', 2, { confident: true });
    const told = found
      .map((s, k) => tellBack(s, 'en', `t${k}`))
      .join(' ')
      .toLowerCase();
    expect(told).toContain('wendy');
    expect(told).not.toContain('marcus');
  });

  it('keeps what else the earlier statement said ("für zwei wochen … statt zwei")', () => {
    const said = memory(['ich will mein abo ab 1. april für zwei wochen pausieren, ich bin im urlaub', 'doch lieber drei wochen statt zwei']);
    expect(said.map((s) => s.text).join(' ')).toContain('1. april');
  });
});

describe('a correction replaces a value of its own kind', () => {
  const texts = (says: string[]) => memory(says).map((s) => s.text);

  it('a group of a number written in groups is no slip of a short number (a phone stays whole)', () => {
    const said = texts(['the engineer can text me on 0172 488 915 when he is close', 'sorry, make that 15']);
    expect(said.join(' ')).toContain('0172 488 915');
    const es = texts(['si no abro, llamad al fijo: 934 120 577', 'perdona, me equivoqué: a partir de las 17']);
    expect(es.join(' ')).toContain('934 120 577');
  });

  it('the old value said again with the word it follows changes only there ("after 9", not "thursday 9")', () => {
    const said = texts(['the technician can come on thursday 9, any time after 9', 'correction: after 11 is better, after 9 I have the school run']);
    expect(said[0]).toBe('the technician can come on thursday 9, any time after 11');
    const pt = texts(['dá pra vir no sábado 8 a partir das 8', 'me enganei: melhor a partir das 10, a partir das 8 eu levo meu filho no futebol']);
    expect(pt[0]).toContain('sábado 8');
  });

  it('a time of day is one value: "19:30, not 18:45" replaces the time, and no other number looks like a slip of it', () => {
    const said = texts([
      'I booked the pack of 12 sessions, the one valid for 4 months',
      'I can do wednesdays at 18:45, after work',
      'sorry, at 19:30, not at 18:45, I finish late',
    ]);
    expect(said[0]).toBe('I booked the pack of 12 sessions, the one valid for 4 months');
    expect(said[1]).toBe('I can do wednesdays at 19:30, after work');
  });

  it('"no" inside a word is no "not" ("el abono de 20" keeps its number)', () => {
    const said = texts(['quiero el abono de 20 sesiones', 'me viene bien a las 17:45', 'perdón, me equivoqué: a las 18:30, no a las 17:45']);
    expect(said[0]).toBe('quiero el abono de 20 sesiones');
    expect(said[1]).toBe('me viene bien a las 18:30');
  });
});

describe('"what time…?" asks for a time of day (lang/*.ts answerTypes.hour, hourLeads)', () => {
  it.each<[Lang, string[], string, string]>([
    ['en', ['I signed up for the pottery course that runs for 6 weeks', 'I can make it on mondays, at 7 if that works'], 'what time is my course?', 'at 7'],
    [
      'es',
      ['quiero el taller de cerámica, el que empieza en 2 meses', 'los miércoles me va bien sobre las 6, al salir'],
      '¿a qué hora es mi taller?',
      'sobre las 6',
    ],
    [
      'de',
      ['ich will den kurs im töpfern, der in 2 monaten anfängt', 'dienstags passt es mir ab 17 uhr, vorher arbeite ich'],
      'um wie viel uhr ist mein kurs?',
      'ab 17',
    ],
  ])('%s: %j → %s', (lang, says, question, hour) => {
    const found = recallStatements(question, memory(says), lang, 1, { confident: true });
    expect(found.map((s) => s.text).join(' ')).toContain(hour);
  });
});
