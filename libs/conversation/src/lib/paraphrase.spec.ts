import { buildStatements, extractStatements, recallStatements, tellBack } from './statements';
import { parseDates, termsOf } from './terms';
import type { Lang } from './language';
import type { ChatTurn } from './types';

// Round 7 of issue 37: paraphrases (phrases, broader words), lengths that are no dates, and corrections whose reason comes
// before the new value. Sentences of our own, not from any dialogue set.

const user = (content: string): ChatTurn => ({ role: 'user', content });

/** The statements told back for a question after the given messages. */
function answer(says: string[], question: string, lang: Lang): string[] {
  const { statements } = buildStatements([], says.map(user), undefined, lang);
  return recallStatements(question, statements, lang, 2, { confident: true }).map((s) => tellBack(s, lang, 'seed'));
}

describe('phrases that mean one word (lang/paraphrase.ts)', () => {
  it('reads a phrase as its word, a separable one too, in every language', () => {
    expect(termsOf('I just want my money back', 'en').stems).toContain('syn:refund');
    expect(termsOf('could my son pick the parcel up on monday', 'en').stems).toEqual(expect.arrayContaining(['collect', 'syn:packag']));
    expect(termsOf('my neighbour can collect it', 'en').stems).toContain('collect');
    expect(termsOf('a impressora não liga desde ontem', 'pt').stems).toContain(termsOf('qual era o problema?', 'pt', undefined, { asked: true }).stems[0]);
    expect(termsOf('la tablet no enciende', 'es').stems).toEqual(expect.arrayContaining(termsOf('problema', 'es').stems));
    expect(termsOf("la box ne s'allume plus", 'fr').stems).toEqual(expect.arrayContaining(termsOf('probleme', 'fr').stems));
    expect(termsOf('der Drucker funktioniert nicht mehr', 'de').stems).toEqual(expect.arrayContaining(termsOf('Problem', 'de').stems));
  });

  it('finds what was said with other words: a refund asked as money back, collecting as picking up', () => {
    const says = [
      'Hi, I bought a kettle from you in May.',
      "I'd rather have a refund than another kettle.",
      'My brother Omar will come and collect the old one.',
    ];
    expect(answer(says, 'Did I say I wanted my money back?', 'en').join(' ')).toMatch(/refund/);
    expect(answer(says, 'Who did I say would pick it up?', 'en').join(' ')).toMatch(/Omar/);
  });
});

describe('broader words (lang/paraphrase.ts)', () => {
  it('gives a statement the broader words of its narrower ones, not a question', () => {
    expect(termsOf('the battery drains by noon', 'en').stems).toEqual(expect.arrayContaining(['cat:phone']));
    expect(termsOf('the display flickers when it is cold', 'en').stems).toEqual(expect.arrayContaining(['syn:problem']));
    expect(termsOf('what about the battery?', 'en', undefined, { asked: true }).stems).not.toContain('cat:phone');
  });

  it('answers a question asked with the broader word from the narrower statement', () => {
    const says = ['Hello, my tablet order 4471 arrived yesterday.', 'The display flickers when I open the camera app.', 'I live in Bristol.'];
    expect(answer(says, "What's wrong with the device, as I put it?", 'en').join(' ')).toMatch(/flickers/);
    const pt = ['Comprei um notebook em abril.', 'A tela pisca quando eu abro o navegador.', 'Moro em Curitiba.'];
    expect(answer(pt, 'Qual é o problema do notebook mesmo?', 'pt').join(' ')).toMatch(/pisca/);
  });
});

describe('lengths and ages are no dates', () => {
  it('reads no date in "of" and a count of a unit of time, but does in "in" and a count', () => {
    expect(parseDates('viajo con mi hija de 3 años', 'es')).toEqual([]);
    expect(parseDates('meu filho de 2 anos vem junto', 'pt')).toEqual([]);
    expect(parseDates('un abonnement de 6 mois', 'fr')).toEqual([]);
    expect(termsOf('una suscripción de doce meses', 'es').dates).toEqual([]);
    expect(parseDates('vuelvo en 3 meses', 'es')).not.toEqual([]);
    expect(parseDates('the course starts in 2 weeks', 'en')).not.toEqual([]);
  });
});

describe('a correction whose reason comes before the new value', () => {
  it('is one statement with the next sentence when that gives a value of its kind', () => {
    const facts = extractStatements('Ops, errei: no dia 9 eu trabalho. Prefiro dia 11 à tarde.');
    expect(facts).toHaveLength(1);
    expect(extractStatements('Sorry, I meant Tuesday. My email is ana@example.org.')).toHaveLength(2);
  });

  it('is told back without the reason that says the old value again', () => {
    const says = ['I need to book a haircut for Saturday at 10.', 'Oh wait, my mistake: on Saturday I have football. Sunday at 10 works.'];
    const told = answer(says, 'When is my haircut?', 'en').join(' ');
    expect(told).toMatch(/Sunday/);
    expect(told).not.toMatch(/Saturday/);
    const pt = ['Uso o cabo azul que veio na caixa.', 'Na verdade não, o azul quebrou; agora uso um cabo cinza emprestado.'];
    const cable = answer(pt, 'Que cabo eu uso?', 'pt').join(' ');
    expect(cable).toMatch(/cinza/);
    expect(cable).not.toMatch(/azul/);
  });
});

describe('a question asked by a day of the month', () => {
  it('is answered by the statement holding that day, with what the conversation is about, whatever else it says', () => {
    const says = [
      'Hi, I ordered a rowing machine, order RM-88120.',
      'The rowing machine is the foldable model.',
      'They said the courier comes on Tuesday the 14th in the afternoon.',
      "It's raining again here, typical.",
    ];
    const told = answer(says, "what's happening on the 14th, I totally forgot lol", 'en').join(' ');
    expect(told).toMatch(/14th/);
    expect(told).toMatch(/rowing machine/);
    const de = ['Ich habe einen Schreibtisch bestellt, Bestellung 55120.', 'Die Lieferung kommt am 3. Juni.', 'Heute ist es sehr warm.'];
    expect(answer(de, 'Was passiert am 3.?', 'de').join(' ')).toMatch(/3\. Juni/);
  });

  it('is not asked by "the new one" or "the first"', () => {
    const says = ['My first lesson is on the 1st of May.', 'I chose the blue one for the new bike.'];
    expect(answer(says, 'Which colour is the new one?', 'en').join(' ')).toMatch(/blue/);
  });
});

describe('a term had only through a broader word', () => {
  it('counts less than the word itself or a member of its category', () => {
    expect(termsOf('the dog sat on the keyboard', 'en').broad).toEqual(expect.arrayContaining(['cat:computer']));
    expect(termsOf('my laptop is a dell xps 13', 'en').broad ?? []).not.toContain('cat:computer');
    const says = ['Hello, my desktop app crashes on start.', 'It is a Dell XPS 13 from last year.', 'My son spilled juice on the keyboard yesterday.'];
    const told = answer(says, 'Which laptop did I tell you I have?', 'en').join(' ');
    expect(told).toMatch(/XPS/);
  });
});
