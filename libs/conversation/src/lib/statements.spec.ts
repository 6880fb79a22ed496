import { composeReply } from './builtin-reply';
import { detectLanguage } from './detect-language';
import { extractFacts, keepRecentFacts } from './facts';
import { getSoul } from './souls';
import {
  answerTypesOf,
  asksForSomethingNew,
  askedPart,
  buildStatements,
  carriesType,
  collectCorrections,
  echoDetail,
  echoQuestion,
  extractStatements,
  isRecapRequest,
  asksAboutMe,
  askedDay,
  bookedDay,
  questionClauses,
  holdsDay,
  profileStatements,
  opensLikeQuestion,
  findCorrections,
  isAddress,
  isAgentQuestion,
  isCorrection,
  isSelfQuestion,
  kinStems,
  recallStatements,
  ruledOutWords,
  shiftPerson,
  withoutRuledOut,
  tellBack,
} from './statements';
import { termsOf } from './terms';
import { tradeOf } from './domains';
import { asksAboutAgent, asksCapabilities, asksWhatElseIsNeeded } from './addressee';
import { entitySoul } from '../testing/play';
import type { ChatTurn, Fact, Soul } from './types';

const user = (content: string): ChatTurn => ({ role: 'user', content });

/** Plays a conversation through the built-in engine; the replies in order. */
function play(soul: Soul, says: string[], facts: Fact[] = []): string[] {
  const history: ChatTurn[] = [];
  const replies: string[] = [];
  for (const message of says) {
    const reply = composeReply({ soul, history: [...history], message, replyLanguage: 'auto', facts });
    replies.push(reply);
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply });
  }
  return replies;
}

const sunny = getSoul('friendly-support-en')!;
const lia = getSoul('friendly-support')!;

describe('statement memory: terms', () => {
  it('stems with synonyms, and reads numbers, codes, e-mails, dates and names', () => {
    const t = termsOf('My flight is on March 14th to Lisbon, order 88213-B, mail me at ana@example.org', 'en');
    expect(t.stems).toContain(termsOf('flying', 'en').stems[0]);
    expect(t.codes).toContain('88213-B');
    expect(t.emails).toEqual(['ana@example.org']);
    expect(t.dates[0]).toMatch(/-03-14$/);
    expect(t.names).toContain('lisbon');
  });
  it.each([
    ['pt', 'Meu voo para Lisboa é dia 14 de março', /-03-14$/],
    ['es', 'Mi vuelo a Lisboa es el 14 de marzo', /-03-14$/],
    ['fr', 'Mon vol pour Lisbonne est le 14 mars', /-03-14$/],
  ] as const)('reads dates in %s', (lang, text, date) => {
    expect(termsOf(text, lang).dates[0]).toMatch(date);
  });
});

describe('statement memory: extraction', () => {
  it('keeps sentences about the person, not questions, greetings or secrets', () => {
    const got = extractStatements('Hi! Thanks. Where is it? I bought a glass jug and it arrived broken. My password is hunter22.');
    expect(got.map((f) => f.text)).toEqual(['I bought a glass jug and it arrived broken.']);
    expect(got[0]).toMatchObject({ kind: 'statement', key: 'en' });
  });
  it('keeps the language of each statement and a title with its name ("Call me Dr. Okafor")', () => {
    expect(extractStatements('Call me Dr. Okafor.').map((f) => f.text)).toEqual(['Call me Dr. Okafor.']);
    expect(extractStatements("J'habite à Lyon depuis trois ans.")[0].key).toBe('fr');
    expect(extractStatements('Moro em Recife com a minha irmã.')[0].key).toBe('pt');
    expect(extractStatements('Vivo en Sevilla con mi hermana.')[0].key).toBe('es');
  });
  it('keeps statements after the structured facts when the memory is bounded', () => {
    const statements = extractStatements('I live in Porto. I love long walks by the sea.').map((f, i) => ({
      ...f,
      updatedAt: `2026-01-0${i + 2}T00:00:00.000Z`,
    }));
    const order: Fact = { kind: 'identifier', key: 'order', value: '1234', text: 'Order number: 1234', updatedAt: '2026-01-01T00:00:00.000Z' };
    expect(keepRecentFacts([order, ...statements], 2).map((f) => f.kind)).toEqual(['identifier', 'statement']);
  });
});

describe('statement memory: retrieval, told back in each language', () => {
  it.each([
    ['en', ['My flight is on March 14th to Lisbon.', 'I live in Porto.'], 'Where am I flying to?', 'your flight is on March 14th to Lisbon'],
    ['en', ["I'm allergic to peanuts.", 'I live in Porto.'], 'What am I allergic to?', "you're allergic to peanuts"],
    ['en', ['my favourite colour is teal', 'I live in Porto.'], "What's my favorite color?", 'your favourite colour is teal'],
    ['en', ['I live in Porto.', 'I love jazz.'], 'Where did I say I live?', 'you live in Porto'],
    ['pt', ['Eu moro em Recife e trabalho como enfermeira.', 'Gosto de café.'], 'Onde eu moro?', 'você mora em Recife e trabalha como enfermeira'],
    ['pt', ['Meu voo para Lisboa é dia 14 de março.', 'Gosto de café.'], 'Para onde é meu voo?', 'seu voo para Lisboa é dia 14 de março'],
    ['es', ['Vivo en Sevilla.', 'Tengo alergia al marisco.'], '¿A qué tengo alergia?', 'tienes alergia al marisco'],
    ['es', ['Vivo en Sevilla.', 'Tengo alergia al marisco.'], '¿Dónde vivo?', 'vives en Sevilla'],
    ['fr', ["J'habite à Lyon.", 'Ma couleur préférée est le bleu.'], 'Quelle est ma couleur préférée ?', 'ta couleur préférée est le bleu'],
    ['fr', ["J'habite à Lyon.", 'Ma couleur préférée est le bleu.'], 'Où est-ce que j’habite ?', 'tu habites à Lyon'],
  ] as const)('%s: %j → %s', (lang, said, question, told) => {
    const { statements } = buildStatements([], said.map(user), undefined, lang);
    expect(isSelfQuestion(question, lang)).toBe(true);
    const found = recallStatements(question, statements, lang);
    expect(found).toHaveLength(1);
    expect(tellBack(found[0], lang, 'seed')).toContain(told);
  });
  it('finds nothing for a subject never mentioned, and "where is my order?" is not a memory question', () => {
    const { statements } = buildStatements([], [user('I live in Porto.')], undefined, 'en');
    expect(recallStatements('What am I allergic to?', statements, 'en')).toEqual([]);
    expect(isSelfQuestion('Where is my order?', 'en')).toBe(false);
  });
  it('shifts the person per language', () => {
    expect(shiftPerson("I'm flying to Lisbon with my sister", 'en')).toBe("you're flying to Lisbon with your sister");
    expect(shiftPerson('Eu tenho dois gatos e moro sozinha', 'pt')).toBe('você tem dois gatos e mora sozinha');
    expect(shiftPerson('Yo trabajo en un hospital', 'es')).toBe('tú trabajas en un hospital');
    expect(shiftPerson("Je suis allergique et j'habite à Lyon", 'fr')).toBe('tu es allergique et tu habites à Lyon');
  });
  it('reads statements stored as facts (the services persist them), whatever the history window', () => {
    const stored = extractStatements('My flight is on March 14th to Lisbon.').map((f) => ({ ...f, updatedAt: '2026-01-01T00:00:00.000Z' }));
    const reply = composeReply({ soul: sunny, history: [], message: 'Where am I flying to?', replyLanguage: 'auto', facts: stored });
    expect(reply).toContain('Lisbon');
    expect(reply).toContain('March 14th');
  });
});

describe('corrections supersede the old value', () => {
  it.each([
    ["It's 88213-B, not 88231-B.", '88231-B', '88213-B'],
    ['me enganei: o número do pedido é 774521, não 774512', '774512', '774521'],
    ['perdón, me equivoqué: es 55-9013, no 55-9031', '55-9031', '55-9013'],
    ['pardon, je voulais dire 4412, pas 4421', '4421', '4412'],
  ] as const)('%s', (text, from, to) => {
    expect(findCorrections(text)).toEqual([{ from, to }]);
  });
  it('stores the corrected value, not the old one', () => {
    const facts = extractFacts('me enganei: o número do pedido é 774521, não 774512');
    expect(facts.find((f) => f.key === 'order')?.value).toBe('774521');
    expect(JSON.stringify(facts)).not.toContain('774512');
  });
  it.each([
    ['en', sunny, ['My order number is 88231-B.', "It's 88213-B, not 88231-B.", 'What is my order number?']],
    ['pt', lia, ['O número do meu pedido é 774512.', 'me enganei: o número do pedido é 774521, não 774512', 'Qual é o número do meu pedido?']],
  ] as const)('%s: the old value is never answered again', (_lang, soul, says) => {
    const replies = play(soul, [...says]);
    const old = says[0].match(/[\d]+(?:-B)?/)![0];
    expect(replies[1]).not.toContain(old);
    expect(replies[2]).not.toContain(old);
    expect(replies[2]).toContain(old === '88231-B' ? '88213-B' : '774521');
  });
  it('"actually…" replaces an earlier statement on the same subject', () => {
    const { statements } = buildStatements(
      [],
      [user('My flight is on March 14th to Lisbon.'), user('Actually, my flight is on March 15th to Lisbon.')],
      undefined,
      'en',
    );
    const found = recallStatements('When is my flight?', statements, 'en');
    expect(found.map((s) => s.text)).toEqual(['Actually, my flight is on March 15th to Lisbon.']);
    expect(tellBack(found[0], 'en', 'x')).not.toMatch(/actually|14th/i);
  });
});

describe('never asks for what is known', () => {
  it('an order number just given is acknowledged, not asked for (es)', () => {
    const [, second] = play(sunny, ['Hola, mi pedido no ha llegado', 'el número de pedido es 55-9013']);
    expect(second).toContain('55-9013');
    expect(second).not.toMatch(/cuál es el número de pedido/i);
  });
  it('the follow-up skips a known order number (en)', () => {
    const replies = play(sunny, ['My order number is 88412.', 'My order still has not arrived.']);
    expect(replies[1]).not.toMatch(/what's the order number/i);
  });
  it('no two consecutive replies are the same', () => {
    const replies = play(getSoul('concise-expert')!, ['ok', 'ok', 'ok', 'ok']);
    for (let i = 1; i < replies.length; i++) expect(replies[i]).not.toBe(replies[i - 1]);
  });
});

describe('who is speaking', () => {
  it.each([
    ['Who am I talking to?', 'Sunny'],
    ['com quem eu falo?', 'Sunny'],
    ['¿Con quién hablo?', 'Sunny'],
    ['À qui je parle ?', 'Sunny'],
  ])('%s answers as the agent, not with the user name', (question, name) => {
    expect(isAgentQuestion(question)).toBe(true);
    const [, reply] = play(sunny, ["Hi, I'm Ana", question]);
    expect(reply).toContain(name);
    expect(reply).not.toContain('Ana');
  });
  it('an entity speaks from its purpose, and a bookstore recommends books', () => {
    const folio: Soul = {
      id: 'ent_folio',
      name: 'Folio',
      description: 'Customer care for Folio Books, an online bookstore',
      tone: 'warm, friendly',
      language: 'en',
      styleRules: [],
      greeting: "Hi! I'm Folio.",
    };
    const [who, rec] = play(folio, ['Who am I talking to?', 'Can you recommend a good book?']);
    expect(who).toContain('Folio Books');
    expect(who).not.toMatch(/companion|how was your day/i);
    expect(rec).toMatch(/read/i);
    expect(rec).not.toMatch(/area|budget/i);
  });
});

describe('French end to end', () => {
  it('replies in French and remembers in French', () => {
    const replies = play(sunny, ['Bonjour, ma commande n’est pas arrivée', "J'habite à Lyon.", 'Où est-ce que j’habite ?', 'Merci beaucoup !']);
    expect(replies[0]).toMatch(/commande/);
    expect(replies[2]).toMatch(/tu habites à Lyon/i);
    expect(replies[3]).toMatch(/plaisir|rien/i);
  });
});

describe('a short answer closes in a way the detector reads in the reply language', () => {
  it('the technical voice in French', () => {
    const byte = getSoul('technical-helper')!;
    const replies = play(byte, ['Bonjour, mon téléphone ne charge plus', "J'habite à Nantes.", 'où est-ce que j’habite ?']);
    expect(replies[2]).toMatch(/Nantes/);
    expect(detectLanguage(replies[2]).language).toBe('fr');
  });
});

describe('a short thanks reply reads in the reply language', () => {
  it.each(['friendly-support', 'concise-expert', 'technical-helper', 'assistente-tecnico', 'playful-companion', 'sales-consultant'])('%s', (id) => {
    for (const thanks of ['blz, obrigado', 'tá, valeu demais', 'valeu!']) {
      const reply = play(getSoul(id)!, ['oi, minha internet tá caindo toda hora', thanks])[1];
      expect({ thanks, reply, language: detectLanguage(reply).language }).toEqual({ thanks, reply, language: 'pt' });
    }
  });
});

describe('combined memory questions', () => {
  it('a part that was never told is still said plainly (statements do not stand in for it)', () => {
    const [, reply] = play(lia, ['Oi, meu nome é Renata.', 'Qual é o meu nome e o meu telefone?']);
    expect(reply).toContain('Renata');
    expect(reply).toMatch(/ainda não/);
  });
});

describe('retrieval needs the subject, not a shared word', () => {
  it('"what\'s my phone number?" is not answered with the order number', () => {
    const replies = play(sunny, ['My order number is 88412.', "What's my phone number?"]);
    expect(replies[1]).toMatch(/haven't told me your phone number/);
    expect(replies[1]).not.toContain('88412');
  });
});

describe('questions about the case are answered from what was said (retrieval first)', () => {
  it.each([
    ['en', sunny, 'two charges of 17.99 on nov 3rd for my family plan, the card ends in 6610', 'how much was each of the charges, i forget', '17.99'],
    ['en', sunny, 'also the app keeps logging me out on the roku in the living room', 'on which device was the logging out problem happening?', 'roku'],
    ['pt', lia, 'o app do banco fecha sozinho com o erro E-403 no meu moto g84', 'qual era o código de erro mesmo?', 'E-403'],
    ['es', getSoul('friendly-support')!, 'la impresora Epson ET-2850 no conecta al router de Digi', '¿de qué compañía es el router?', 'Digi'],
  ] as const)('%s: %s → %s', (_lang, soul, said, question, value) => {
    const replies = play(soul, ['hi', said, question]);
    expect(replies[2]).toContain(value);
  });
  it('needs the question to share what the memory knows: a new request is not answered with an old statement', () => {
    const { statements } = buildStatements([], [user('two charges of 17.99 on nov 3rd for my family plan')], undefined, 'en');
    expect(recallStatements('how much was each of the charges?', statements, 'en', 2, { confident: true })).toHaveLength(1);
    expect(recallStatements('can i pick it up thursday after work, around 6?', statements, 'en', 2, { confident: true })).toEqual([]);
    expect(recallStatements('is there parking near the inn?', statements, 'en', 2, { confident: true })).toEqual([]);
  });
});

describe('category words reach the statements that hold a member (lang/*.ts categories)', () => {
  it('a category word and a member share one term; a lower-case member counts only after a lead word', () => {
    expect(termsOf('qual é a minha operadora?', 'pt').stems).toContain('cat:carrier');
    expect(termsOf('meu chip é da claro', 'pt').stems).toContain('cat:carrier');
    expect(termsOf('eu vivo em Recife', 'pt').stems).not.toContain('cat:carrier');
    expect(termsOf('claro, pode ser', 'pt').stems).not.toContain('cat:carrier');
    expect(termsOf('la factura era de 320 euros', 'es').stems).toContain('cat:amount');
    expect(termsOf('tengo 32 años', 'es').stems).not.toContain('cat:amount');
  });
  it.each([
    ['pt', lia, 'meu plano de celular é da Claro, 5g', 'qual é a minha operadora?', 'Claro'],
    ['en', sunny, "i'm a plumber so i'm out all day", 'what did i say my job was?', 'plumber'],
    ['fr', lia, 'je suis infirmière de nuit, je rentre à 7h', 'tu te rappelles mon métier ?', 'infirmière'],
    ['es', getSoul('friendly-support')!, 'me quedan por cobrar 780 euros de la obra', '¿cuánto me deben?', '780'],
  ] as const)('%s: %s → %s', (_lang, soul, said, question, value) => {
    const replies = play(soul, ['hi', said, question]);
    expect(replies[2]).toContain(value);
  });
});

describe('a correction rules out a word value ("…, not spin", "…, no seis")', () => {
  it('only a sentence that opens as a correction rules a word out', () => {
    expect(ruledOutWords('correction: I prefer rowing now, not spin. the bikes hurt')).toEqual(['spin']);
    expect(ruledOutWords('na verdade vai ser em junho, não julho')).toEqual(['julho']);
    expect(ruledOutWords('I like tea, not coffee')).toEqual([]);
  });
  it.each([
    [
      'en',
      sunny,
      ["I'm mostly into tennis, and some cycling on sundays", 'actually I mostly play squash now, not tennis'],
      'what sport do I mostly play?',
      'squash',
      'tennis',
    ],
    ['es', lia, ['somos cuatro para la cena del viernes', 'perdón, me equivoqué: somos cinco, no cuatro'], '¿cuántos somos para la cena?', 'cinco', 'cuatro'],
    ['fr', lia, ['je reste trois nuits à partir de lundi', 'en fait, deux nuits, pas trois'], 'je reste combien de nuits ?', 'deux', 'trois'],
  ] as const)('%s: the old word is not told back', (_lang, soul, said, question, want, old) => {
    const reply = play(soul, ['hi', ...said, question]).at(-1)!;
    expect(reply).toContain(want);
    expect(reply).not.toContain(old);
  });
});

describe('a contact already given answers the question or request that names it', () => {
  it.each([
    ['en', 'which email will you send the receipt to?', 'jo.lee@example.org', sunny, ['my email is jo.lee@example.org']],
    ['es', '¿me mandas el resumen al correo?', 'ana.ruiz@example.es', lia, ['mi correo es ana.ruiz@example.es']],
    ['fr', 'tu peux m’envoyer le devis par mail ?', 'paul.b@example.fr', lia, ['mon mail c’est paul.b@example.fr']],
  ] as const)('%s: %s → %s', (_lang, question, value, soul, said) => {
    expect(play(soul, ['hi', ...said, question]).at(-1)).toContain(value);
  });
});

describe('number words are numbers (lang/*.ts ago.numbers)', () => {
  it('reads them, articles aside', () => {
    expect(termsOf('somos ocho para cenar', 'es').numbers).toContain('8');
    expect(termsOf('he turned seven last month', 'en').numbers).toContain('7');
    expect(termsOf('a friend of mine', 'en').numbers).toEqual([]);
  });
});

describe('spans counted back are dates (lang/*.ts ago)', () => {
  const ref = new Date(Date.UTC(2026, 10, 27));
  it.each([
    ['es', 'hace dos semanas que pedí unas gafas', '2026-11-13'],
    ['pt', 'há três dias meu pedido parou', '2026-11-24'],
    ['pt', 'faz 1 mês que espero', '2026-10-28'],
    ['fr', "il y a deux jours j'ai commandé", '2026-11-25'],
    ['en', 'i ordered it two weeks ago', '2026-11-13'],
  ] as const)('%s: %s', (lang, text, date) => {
    expect(termsOf(text, lang, ref).dates).toContain(date);
  });
  it('an age is no span counted back', () => {
    expect(termsOf('minha filha tem 3 anos', 'pt', ref).dates).toEqual([]);
  });
  it('a "when" question finds the statement that says when', () => {
    expect(play(lia, ['hola', 'hace dos semanas que pedí unas gafas', 'las gafas son de carey', '¿cuándo hice el pedido?'])[3]).toContain('dos semanas');
  });
});

describe('shared categories (lang/categories.ts) and synonym groups pick the statement of the kind asked', () => {
  it('a question names a category by its word; a member it mentions is no category asked', () => {
    expect(termsOf('which vehicles do we have?', 'en', undefined, { asked: true }).stems).toContain('cat:vehicle');
    expect(termsOf('do you sell food for persian cats?', 'en', undefined, { asked: true }).stems).not.toContain('cat:breed');
    expect(termsOf('my cat is a persian', 'en').stems).toContain('cat:breed');
  });
  it.each([
    ['en', 'what car have we got?', 'civic', sunny, ['we drive an old honda civic', 'my sister lives in Leeds']],
    ['en', 'what breed is my dog?', 'beagle', sunny, ["my dog Rex is a beagle, he's 3", 'my dog hates the rain']],
    ['pt', 'qual é o meu problema de saúde?', 'asma', lia, ['tenho asma desde criança', 'moro em Recife com meu irmão']],
    ['es', '¿qué carrera estudio?', 'medicina', lia, ['estoy en tercero de medicina', 'mi hermano vive en Bilbao']],
    ['fr', 'je joue de quel instrument ?', 'violoncelle', lia, ['je joue du violoncelle depuis dix ans', 'mon frère habite à Lille']],
    ['en', "what's my kid's name?", 'Theo', sunny, ['my son Theo is 7', 'i live in Leeds']],
    ['pt', 'o que eu amo ouvir?', 'samba', lia, ['eu curto muito samba', 'moro em Recife']],
    ['es', '¿qué comida me gusta?', 'paella', lia, ['me encanta la paella', 'vivo en Bilbao']],
    ['pt', 'em qual cidade fica a loja?', 'sorocaba', lia, ['a loja onde comprei fica em sorocaba', 'paguei no cartão']],
    ['fr', 'dans quelle ville habite ma sœur ?', 'grenoble', lia, ['ma sœur habite à grenoble depuis mai', "j'ai un chat"]],
    ['es', '¿qué modelo de móvil tengo?', 'redmi', lia, ['tengo un redmi note 12', 'la batería dura poco']],
    ['pt', 'pra qual mês ficou a mudança?', 'junho', lia, ['a mudança ficou pra junho', 'o caminhão é grande']],
    ['en', 'which laptop did i say i use?', 'xps', sunny, ['i work on a dell xps at home', 'the router is a netgear nighthawk']],
    ['fr', 'c’est quoi mon loisir, déjà ?', 'poterie', lia, ['le week-end je fais de la poterie', 'mon frère habite à Lille']],
    ['es', '¿para quién era el regalo?', 'sobrina', lia, ['busco un obsequio para mi sobrina Inés', 'vivo en Bilbao']],
  ] as const)('%s: %s → %s', (_lang, question, value, soul, said) => {
    const replies = play(soul, ['hi', ...said, question]);
    expect(replies.at(-1)).toContain(value);
  });
});

describe('questions about who the agent is', () => {
  it.each([
    'who am i actually chatting with, is this a real person or a bot?',
    'remind me what you are called again',
    'vc é quem mesmo? uma pessoa?',
    '¿quién me atiende?',
    'vous êtes qui exactement ? un humain ?',
    'et toi tu t’appelles comment ?',
    'vous êtes un conseiller ou un robot ?',
  ])('%s', (q) => {
    expect(isAgentQuestion(q)).toBe(true);
  });
  it.each([
    ['en', 'what can you help me with?'],
    ['pt', 'o que vocês podem fazer por mim?'],
    ['es', '¿a qué se dedican?'],
    ['fr', 'vous servez à quoi ?'],
  ])('%s: "%s" is answered from the purpose of an entity', (_lang, question) => {
    const shop: Soul = {
      id: 'ent_1',
      name: 'Bidu',
      description: 'Pet shop care: grooming, baths and pet food orders',
      tone: 'friendly',
      language: 'en',
      styleRules: [],
      greeting: 'Hi!',
    };
    expect(isAgentQuestion(question)).toBe(true);
    expect(play(shop, ['hi', question])[1]).toContain('grooming');
  });
  it("a question for a name that names the agent's own kind is about the agent; the person's own name is not", () => {
    expect(isAgentQuestion('¿cómo se llama la óptica? es para dejar una reseña', 'Óptica Miramar')).toBe(true);
    expect(isAgentQuestion("c'est quoi le nom de votre gîte déjà, pour le GPS", 'Gîte du Moulin Vert')).toBe(true);
    expect(isAgentQuestion("ty sunny. last thing, what's my name on your side?", 'Sunny')).toBe(false);
    expect(isAgentQuestion("what's my trainer's name", 'Ironworks Gym')).toBe(false);
    expect(isAgentQuestion('comment s’appelle ma sœur ?', 'Clara')).toBe(false);
  });
});

describe('corrections in more shapes', () => {
  it('reads a value followed by words, decimal commas and days', () => {
    expect(findCorrections("Apologies, I misspoke: it's our 25th anniversary, not the 15th.")).toEqual([
      { from: '15th', to: '25th', said: '25th anniversary' },
    ]);
    expect(findCorrections('perdona, en el derecho es -2,25, no -2,75, lo acabo de mirar')).toEqual([{ from: '-2,75', to: '-2,25' }]);
    expect(findCorrections('pardon, je me suis trompé, le contrôle est jeudi, pas vendredi')).toEqual([{ from: 'vendredi', to: 'jeudi' }]);
    expect(findCorrections('I like tea, not coffee')).toEqual([]);
  });
  it('a sentence opening as a correction replaces an earlier value that looks like a slip of it', () => {
    expect(collectCorrections(['member id IT-20931, surgery on december 9', 'whoops the id is IT-20913, i always swap those last two'])).toEqual([
      { from: 'IT-20931', to: 'IT-20913' },
    ]);
    expect(collectCorrections(['é no cartão final 4827', 'me confundi, o final é 4872'])).toEqual([{ from: '4827', to: '4872' }]);
    // Not a correction, or nothing alike: nothing is replaced.
    expect(collectCorrections(['é no cartão final 4827', 'o final é 4872'])).toEqual([]);
    expect(collectCorrections(['my order is 88213', 'actually it was 5 days ago'])).toEqual([]);
  });
  it('"X words, not Y" replaces "Y words" only, and the reply acknowledges the new value without the old one', () => {
    const { statements } = buildStatements(
      [],
      [user('We have 3 kids and our 15th anniversary is in April.'), user("Apologies, it's our 25th anniversary, not the 15th.")],
      undefined,
      'en',
    );
    expect(statements[0].text).toBe('We have 3 kids and our 25th anniversary is in April.');
    const replies = play(getSoul('formal-concierge')!, [
      'Good evening.',
      'Our 15th anniversary is in April, in Kyoto.',
      "Apologies, I misspoke: it's our 25th anniversary, not the 15th.",
    ]);
    expect(replies[2]).toContain('25th anniversary');
    expect(replies[2]).not.toContain('15th');
  });
  it('a value holding the old one is corrected too ("Rua das Acácias 212")', () => {
    const replies = play(lia, ['meu endereço é Rua das Acácias 212', 'correção: o número é 221, não 212.', 'qual é o meu endereço?']);
    expect(replies[1]).toContain('221');
    expect(replies[2]).toContain('221');
    expect(replies[2]).not.toContain('212');
  });
});

describe('questions said back', () => {
  it('picks the question of a message, without its filler', () => {
    expect(echoQuestion("we'll be driving, a green skoda octavia. is there parking near the inn?", 'en')).toBe('is there parking near the inn?');
    expect(echoQuestion('ok', 'en')).toBeUndefined();
    expect(echoQuestion('I live in Porto.', 'en')).toBeUndefined();
  });
  it('a question the engine cannot answer is said back before the follow-up', () => {
    const replies = play(getSoul('friendly-support-en')!, ['hi', "we'll be driving, a green skoda octavia. is there parking near the inn?"]);
    expect(replies[1]).toContain('parking near the inn');
  });
  it('a question after a correction does not thank for the correction again; the message itself is not its own answer', () => {
    const replies = play(lia, [
      'a prova é na sexta',
      'me enganei, a prova é na quinta, não na sexta',
      'o que eu preciso levar pra prova de quinta? to nervosa que esqueci',
    ]);
    expect(replies[1]).toContain('quinta');
    expect(replies[2]).not.toMatch(/corre[cç][aã]o/i);
    expect(replies[2]).not.toContain('nervosa que esqueci');
  });
});

describe('recaps', () => {
  it('knows a request for a summary in the four languages, not "resume" in English', () => {
    expect(isRecapRequest('cheers, so to recap the ref and arrival time?', 'en')).toBe(true);
    expect(isRecapRequest('Could you summarise the essentials for my notes?', 'en')).toBe(true);
    expect(isRecapRequest('beleza, então me resume tudo', 'pt')).toBe(true);
    expect(isRecapRequest('resúmeme el caso en dos líneas', 'es')).toBe(true);
    expect(isRecapRequest('vous me refaites un petit récap ?', 'fr')).toBe(true);
    expect(isRecapRequest('bon, vous me faites un petit résumé pour jeudi ?', 'fr')).toBe(true);
    expect(isRecapRequest('can you resume my subscription?', 'en')).toBe(false);
  });
  it('tells back the statements that carry values, the corrected value only', () => {
    const replies = play(getSoul('friendly-support-en')!, [
      'hi, my booking ref is HLX-4471, arriving thursday around 11pm',
      'sorry my bad the ref is HLX-4417, not HLX-4471',
      'the weather is lovely today',
      'so to recap the ref and arrival time?',
    ]);
    expect(replies[3]).toContain('HLX-4417');
    expect(replies[3]).toContain('11pm');
    expect(replies[3]).not.toContain('HLX-4471');
    expect(replies[3]).not.toContain('weather');
  });
});

describe('a detail the reply would not show is said back', () => {
  it('a complaint or a personal remark gets its detail noted', () => {
    const [reply] = play(getSoul('empathetic-listener')!, ['o que me acalma é correr no parque Ibirapuera de manhã cedo']);
    expect(reply).toMatch(/Ibirapuera/);
    const [guitar] = play(getSoul('empathetic-listener')!, ["le seul truc qui m'aide c'est ma guitare, je joue du Brassens le soir"]);
    expect(guitar).toMatch(/guitare/);
  });
  it('not when the reply takes the subject up, nor after a recall', () => {
    const clinic: Soul = {
      id: 'entity-clinic',
      name: 'Clara',
      description: 'Recepcionista virtual da Clínica Vida, agenda consultas e exames',
      tone: 'friendly',
      language: 'pt-BR',
      styleRules: [],
      greeting: 'Oi!',
    };
    const [, cancel] = play(clinic, ['Oi, queria marcar uma consulta', 'Preciso cancelar minha consulta de amanhã']);
    expect(cancel).not.toMatch(/Anotado/);
  });
});

describe('questions without a question mark', () => {
  it.each([
    ['pt', 'em que dia é a entrevista', true],
    ['pt', 'quantos anos ela tem', true],
    ['pt', 'o que eu disse que me acalma', true],
    ['en', "when's the surgery again lol my brain is mush", true],
    ['pt', 'o que me acalma é correr no parque Ibirapuera', false],
    ['fr', 'je confonds toujours quand je suis fatiguée', false],
    ['en', 'my brain is mush', false],
  ] as const)('%s: %s → %s', (lang, text, question) => {
    expect(opensLikeQuestion(text, lang)).toBe(question);
  });
  it('is neither noted back as a detail nor left unanswered', () => {
    expect(echoDetail('em que dia é a entrevista', 'pt')).toBeUndefined();
    const replies = play(getSoul('empathetic-listener')!, ['tenho uma entrevista na quinta na empresa Vértice', 'em que dia é a entrevista']);
    expect(replies[1]).toContain('quinta');
  });
});

describe('a short follow-up question goes on from the previous one', () => {
  it('"e quando?" after "pra onde eu vou viajar?"', () => {
    const replies = play(lia, ['vou viajar pra Lisboa dia 12 de dezembro', 'beleza', 'pra onde eu vou viajar?', 'e quando?']);
    expect(replies[2]).toContain('Lisboa');
    expect(replies[3]).toContain('12 de dezembro');
  });
});

describe('questions without "?" are not remembered as statements', () => {
  it('"anyway how\'s your day going" is not a statement', () => {
    expect(extractStatements("anyway how's your day going")).toEqual([]);
    expect(extractStatements('em que dia é a entrevista')).toEqual([]);
    expect(extractStatements('o que me acalma é correr no parque')).toHaveLength(1);
  });
});

describe('lone surrogates', () => {
  it('are replaced in statements and facts, which are stored as jsonb (it refuses the \\ud800 escape)', () => {
    const lone = 'My flight to Lisbon is on Friday \ud800 and I am nervous';
    for (const f of [...extractStatements(lone, { language: 'en' }), ...extractFacts('My name is Ana \udc00', { language: 'en' })]) {
      expect(JSON.stringify(f)).not.toMatch(/\\ud[89a-f]/i);
    }
    expect(extractStatements(lone, { language: 'en' }).length).toBeGreaterThan(0);
  });
});

describe('the kind of value a question asks for (lang/*.ts answerTypes)', () => {
  it.each([
    ['en', 'when does the plumber come?', ['time']],
    ['en', 'which city is the conference in?', ['place']],
    ['en', 'who is picking up the keys?', ['person']],
    ['en', 'how many tickets did we buy?', ['number']],
    ['pt', 'que horas é a reunião?', ['hour', 'time']],
    ['pt', 'pra onde vai a encomenda?', ['place']],
    ['es', '¿a qué hora abre la farmacia?', ['hour', 'time']],
    ['es', '¿cuántas maletas llevo?', ['number']],
    ['fr', 'où est le colis ?', ['place']],
    ['fr', 'tu préfères le thé ou le café ?', []],
    ['fr', "c'est quel modèle qui te plaît ?", []],
    ['en', 'what colour was the car?', []],
  ] as const)('%s: %s → %j', (lang, question, types) => {
    expect(answerTypesOf(question, lang)).toEqual(types);
  });

  it('a statement holds a time by its date, weekday or time of day, a number by its digits; "a sec" is no date', () => {
    const st = (text: string, lang: 'en' | 'pt' | 'es' | 'fr' = 'en') => ({ text, lang, terms: termsOf(text, lang) });
    expect(carriesType(st('the viewing is at 5.30pm, or 17:30 on their site'), 'time')).toBe(true);
    expect(carriesType(st('choir practice is on wednesdays'), 'time')).toBe(true);
    expect(carriesType(st('a consulta ficou pras 9h', 'pt'), 'time')).toBe(true);
    expect(carriesType(st('hang on a sec'), 'time')).toBe(false);
    expect(carriesType(st('i spilled coffee on the keyboard'), 'time')).toBe(false);
    expect(carriesType(st('we need 3 rooms'), 'number')).toBe(true);
  });

  it('prefers the statement with the kind of value asked for, and a subject named a little earlier carries its value', () => {
    const { statements } = buildStatements(
      [],
      [
        user('my landlord is sending an electrician about the boiler'),
        user('he said thursday morning, around 9am'),
        user('the boiler is a worcester greenstar'),
      ],
      undefined,
      'en',
    );
    // "when…": the boiler statement has no time; the one just after it does.
    expect(recallStatements('when is the electrician coming for the boiler?', statements, 'en', 1, { confident: true })[0].text).toContain('9am');
    const { statements: es } = buildStatements([], [user('el técnico del gas viene a revisar la caldera'), user('me dijo que el martes')], undefined, 'es');
    expect(recallStatements('¿qué día viene el técnico?', es, 'es', 1, { confident: true })[0].text).toContain('martes');
  });

  it('"why…?" sharing no word with what was said finds the reason given, else the explanation a correction came with', () => {
    const build = (lang: 'en' | 'pt' | 'es' | 'fr' | 'de', ...said: string[]) => buildStatements([], said.map(user), undefined, lang).statements;
    const why = (q: string, lang: 'en' | 'pt' | 'es' | 'fr' | 'de', st: ReturnType<typeof build>) =>
      recallStatements(q, st, lang, 1, { confident: true }).map((s) => s.text);
    const de = build('de', 'Ich möchte einen Termin in der Praxis vereinbaren.', 'Es geht um ein Muttermal am Rücken.', 'Am liebsten Mittwoch um 8 Uhr.');
    expect(why('Weshalb komme ich noch mal?', 'de', de)).toEqual([expect.stringContaining('Muttermal')]);
    const en = build('en', 'i booked the dentist for friday', "i'm going because a filling came loose", 'the clinic is on elm street');
    expect(why('why am i going again?', 'en', en)).toEqual([expect.stringContaining('filling')]);
    const fr = build('fr', "j'ai réservé le garage pour lundi", 'je viens parce que les freins grincent');
    expect(why('pourquoi je viens déjà ?', 'fr', fr)).toEqual([expect.stringContaining('freins')]);
    const pt = build('pt', 'quero marcar a aula de natação', 'pode ser sábado às 10h?', 'me enganei, sábado às 11h, às 10h tenho ensaio do coral');
    expect(why('por que não dá mais cedo pra mim?', 'pt', pt)).toEqual([expect.stringContaining('coral')]);
    // A "why" about the world is not answered from what was said.
    expect(why('why is the sky blue?', 'en', en)).toEqual([]);
  });

  it('"who…?" by a word nothing said holds finds the statement naming a person; copies of a book are books', () => {
    const build = (lang: 'en' | 'pt' | 'es' | 'fr' | 'de', ...said: string[]) => buildStatements([], said.map(user), undefined, lang).statements;
    const ask = (q: string, lang: 'en' | 'pt' | 'es' | 'fr' | 'de', st: ReturnType<typeof build>) =>
      recallStatements(q, st, lang, 1, { confident: true }).map((s) => s.text);
    const es = build('es', 'Este trimestre leemos Nada, de Carmen Laforet.', 'Necesito diez ejemplares.', 'Pasaré a recogerlos a la tienda del Centro.');
    expect(ask('¿Quién escribió la novela?', 'es', es)).toEqual([expect.stringContaining('Laforet')]);
    expect(ask('¿Cuántos libros me preparas?', 'es', es)).toEqual([expect.stringContaining('diez')]);
    const en = build('en', "it's for my niece Maya, she loves horses", 'the party is at the Riverside Hall');
    expect(ask("what's the young lady called?", 'en', en)).toEqual([expect.stringContaining('Maya')]);
    const de = build('de', 'Ich bestelle drei Exemplare von Momo, von Michael Ende.', 'Ich hole sie am Freitag ab.');
    expect(ask('Wer ist der Autor?', 'de', de)).toEqual([expect.stringContaining('Michael Ende')]);
    expect(ask('Wie viele Bücher waren es?', 'de', de)).toEqual([expect.stringContaining('drei')]);
  });

  it('weekdays and device makers are members of their category in any case', () => {
    expect(termsOf('what days do i have pottery?', 'en').stems).toContain('cat:day');
    expect(termsOf('pottery is on tuesdays', 'en').stems).toContain('cat:day');
    expect(termsOf('qual celular eu uso?', 'pt').stems).toContain('cat:device');
    expect(termsOf('uso um xiaomi redmi note 12', 'pt').stems).toContain('cat:device');
  });
});

describe('corrections: the subject is what the correction says besides its markers', () => {
  it('"sorry, I got it wrong: …" supersedes the earlier statement on the same subject; a bare new value is written into it', () => {
    const { statements } = buildStatements(
      [],
      [user('the plumber visit is on monday at the flat'), user('sorry, my bad: the plumber visit moved to wednesday')],
      undefined,
      'en',
    );
    expect(statements.map((s) => s.text)).toEqual(['sorry, my bad: the plumber visit moved to wednesday']);
    const fixed = buildStatements(
      [],
      [user('pode ser a mesa pras 20h?'), user('a reserva é pra 4 pessoas às 20h'), user('ops, quis dizer 21h')],
      undefined,
      'pt',
    );
    expect(fixed.statements.map((s) => s.text)).toEqual(['pode ser a mesa pras 21h', 'a reserva é pra 4 pessoas às 21h']);
  });

  it('number words correct each other as digits do, and a number said alone replaces a number, not a name', () => {
    const es = buildStatements(
      [],
      [user('Necesito ocho ejemplares.'), user('Corrijo: que sean diez, no ocho, que se han sumado dos vecinas.')],
      undefined,
      'es',
    );
    expect(es.corrections).toEqual([{ from: 'ocho', to: 'diez' }]);
    expect(es.statements[0].text).toBe('Necesito diez ejemplares.');
    const en = buildStatements([], [user("It's for my nephew Arlo, he's turning nine."), user('Sorry, I meant eleven — nine was last time.')], undefined, 'en');
    expect(en.corrections).toEqual([{ from: 'nine', to: 'eleven' }]);
    expect(recallStatements('How old will the birthday boy be?', en.statements, 'en', 2, { confident: true }).map((x) => x.text)).toContain(
      "It's for my nephew Arlo, he's turning eleven.",
    );
    const fr = buildStatements([], [user('Il nous faut huit chaises.'), user('Pardon, il en faut dix, pas huit.')], undefined, 'fr');
    expect(fr.corrections).toEqual([{ from: 'huit', to: 'dix' }]);
  });

  it("a correction's reason that repeats the value it replaced is not told back with the new value", () => {
    const en = buildStatements(
      [],
      [user("I'd like a replacement rather than a refund, in black."), user('Actually, go for the green one instead — black shows every fingerprint.')],
      undefined,
      'en',
    );
    expect(en.statements.at(-1)?.text).toBe('Actually, go for the green one instead.');
    const pt = buildStatements([], [user('Quero a capa de couro marrom.'), user('Na verdade, quero a capa azul — a marrom risca fácil.')], undefined, 'pt');
    expect(pt.statements.at(-1)?.text).toBe('Na verdade, quero a capa azul.');
    const de = buildStatements(
      [],
      [user('Ich nehme das Zimmer mit Blick auf den Hof.'), user('Korrektur: lieber das Zimmer zur Straße – der Hof ist zu dunkel.')],
      undefined,
      'de',
    );
    expect(de.statements.at(-1)?.text).toBe('Korrektur: lieber das Zimmer zur Straße.');
  });

  it('"um 9 Uhr, nicht um 8" corrects the time as "9, not 8" does: the earlier statement keeps its day with the new time', () => {
    const de = buildStatements([], [user('Am liebsten Mittwoch, den 12., um 8 Uhr.'), user('Korrektur: um 9 Uhr, nicht um 8.')], undefined, 'de');
    expect(de.corrections.map(({ from, to }) => ({ from, to }))).toEqual([{ from: '8', to: '9' }]);
    expect(de.statements[0].text).toBe('Am liebsten Mittwoch, den 12., um 9 Uhr.');
    const en = buildStatements([], [user('book the table for friday at 7pm'), user('sorry, at 8pm, not at 7pm')], undefined, 'en');
    expect(en.statements[0].text).toBe('book the table for friday at 8pm');
  });

  it('a name corrected by a longer one is not doubled ("Hospital La Fe" → "Hospital Clínico")', () => {
    const { statements } = buildStatements(
      [],
      [user('mi padre está en el Hospital La Paz desde ayer'), user('perdón, está en el Hospital Ramón y Cajal, no en La Paz')],
      undefined,
      'es',
    );
    expect(statements[0].text).toContain('está en el Hospital Ramón y Cajal desde ayer');
    expect(statements.map((s) => s.text).join(' ')).not.toContain('La Paz');
  });
});

describe('facts inside questions', () => {
  it('keeps a first-person clause of a question and a proposal that names a time, not the question itself', () => {
    const texts = (m: string) => extractStatements(m).map((f) => f.text);
    expect(texts("I'm lactose intolerant, does the latte come with oat milk?")).toEqual(["I'm lactose intolerant"]);
    expect(texts('tengo dos gatos, ¿aceptan mascotas en la cabaña?')).toEqual(['tengo dos gatos']);
    expect(texts('dá pra remarcar pra quarta às 10h?')).toEqual(['dá pra remarcar pra quarta às 10h']);
    expect(texts('when does the pharmacy open?')).toEqual([]);
    expect(texts('do you remember what I said about the boiler?')).toEqual([]);
  });

  it('a detail given inside a question is recalled later', () => {
    const replies = play(sunny, ['hi', 'my son is allergic to sesame, is the brioche ok for him?', 'what did i say my son is allergic to?']);
    expect(replies[2]).toContain('sesame');
  });
});

describe('who is answering, asked in more ways', () => {
  it.each(['oi, quem está falando aí?', 'quem me atende hoje?', 'allô, qui est au bout du fil ?', 'bonjour, qui me répond ?'])('%s is about the agent', (q) => {
    expect(isAgentQuestion(q)).toBe(true);
  });
  it('a question about someone else is not', () => {
    expect(isAgentQuestion('quem fala português na sua equipe?')).toBe(false);
  });
});

describe('corrections in other turns of phrase (lang/*.ts shouldBe, refusals)', () => {
  it('"it shows A but it should be B" replaces A by B, value by value from the end', () => {
    expect(findCorrections('the invoice shows VAT ref GB 4410 but it should be GB 4401')).toEqual([{ from: '4410', to: '4401' }]);
    expect(findCorrections('no cadastro está 02.331-9 mas o certo é 02.313-9')).toEqual([{ from: '02.331-9', to: '02.313-9' }]);
  });
  it('a value ruled out ("doesn\'t work", "no puedo", "não dá") is replaced by the next of its kind, and its clause goes', () => {
    expect(findCorrections("tuesday doesn't work for me, wednesday then")).toEqual([{ from: 'tuesday', to: 'wednesday' }]);
    expect(findCorrections('el lunes no puedo, mejor el jueves')).toEqual([{ from: 'lunes', to: 'jueves' }]);
    const { statements } = buildStatements([], [user('a consulta pode ser segunda à tarde'), user('segunda não dá, pode ser terça')], undefined, 'pt');
    expect(statements.map((s) => s.text).join(' | ')).not.toMatch(/segunda/);
  });
  it('a trailing "not Y" whose new value is further back in the sentence', () => {
    expect(findCorrections('the landlord moved the meeting to Friday so he can bring the keys, not Monday')).toEqual([{ from: 'Monday', to: 'Friday' }]);
    // Values of different kinds do not correct each other.
    expect(findCorrections('I paid 40 euros on Friday, not the full amount')).toEqual([]);
  });
  it('the acknowledgement says the new value with its unit', () => {
    const replies = play(getSoul('empathetic-listener')!, ["on a déménagé il y a 2 mois, c'est dur", 'en fait ça fait 4 mois, pas 2']);
    expect(replies[1]).toContain('4 mois');
  });
});

describe('pronoun reference (referents)', () => {
  it('a pronoun in a question points to the person last named, and so does one in a statement', () => {
    const { statements } = buildStatements(
      [],
      [user('my nephew Bram turns 12 next month'), user('I booked the venue for the 3rd'), user('he collects vintage stamps')],
      undefined,
      'en',
    );
    const said = recallStatements('what does he collect again?', statements, 'en', 2, { confident: true }).map((s) => s.text);
    expect(said).toContain('he collects vintage stamps');
    const hobby = recallStatements("what's he keen on?", statements, 'en', 2, { confident: true }).map((s) => s.text);
    expect(hobby.join(' ')).toMatch(/nephew|stamps/);
  });
  it('in Portuguese and French too, and a pronoun far from any name points to no one', () => {
    const pt = buildStatements([], [user('minha avó faz 90 anos em maio'), user('ela adora bordado e novela')], undefined, 'pt').statements;
    expect(recallStatements('o que ela curte mesmo?', pt, 'pt', 2, { confident: true }).map((s) => s.text)).toContain('ela adora bordado e novela');
    // The pronoun's gender picks who: "elle" is the wife, not the cat named since.
    const fr = buildStatements(
      [],
      [user('ma femme Inès fête ses 40 ans'), user('le chat a cassé un vase'), user('elle adore le jazz manouche')],
      undefined,
      'fr',
    ).statements;
    expect(fr.find((s) => s.text.startsWith('elle'))?.terms.stems).toContain('ref:wife');
    expect(fr.find((s) => s.text.startsWith('elle'))?.terms.stems).not.toContain('ref:cat');
    expect(recallStatements('elle aime quelle musique déjà ?', fr, 'fr', 2, { confident: true }).map((s) => s.text)).toContain('elle adore le jazz manouche');
    const far = buildStatements(
      [],
      [
        user('my sister lives abroad'),
        ...['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((x) => user(`the parcel ${x} code is ${x}9981`)),
        user('she likes jazz'),
      ],
      undefined,
      'en',
    );
    expect(far.statements.at(-1)?.terms.stems.some((t) => t.startsWith('ref:'))).toBe(false);
  });
});

describe('corrections that give only the new value (issue 37, round 4)', () => {
  it('replace the latest value of their kind said just before', () => {
    expect(collectCorrections(['my appointment is on tuesday', "wait no, it's wednesday"])).toEqual([{ from: 'tuesday', to: 'wednesday' }]);
    expect(collectCorrections(['my favourite colour is blue', "actually it's green"])).toEqual([{ from: 'blue', to: 'green' }]);
    expect(collectCorrections(['hola, mi cita es el lunes', 'perdón, me equivoqué, es el martes'])).toEqual([{ from: 'lunes', to: 'martes' }]);
    expect(collectCorrections(['my flight to Lisbon is on March 14th', 'sorry, I meant March 15th'])).toEqual([{ from: '14th', to: '15th' }]);
    expect(collectCorrections(['my flight to Lisbon is on March 14th', 'sorry, I meant April 2nd'])).toEqual([{ from: 'March 14th', to: 'April 2nd' }]);
    expect(collectCorrections(['o pedido é 774512', 'correção: é 990031'])).toEqual([{ from: '774512', to: '990031' }]);
  });
  it('need a value given alone after the marker, of the kind of the old one', () => {
    expect(collectCorrections(['my order is 88213', "hold on, I'll check"])).toEqual([]);
    expect(collectCorrections(['my order is 88213', 'actually it was 5 days ago'])).toEqual([]);
    expect(collectCorrections(['my favourite colour is blue', 'I like green too'])).toEqual([]);
  });
  it('"sorry i meant Cork, not dublin": the old name may be in lower case in a sentence opening as a correction', () => {
    expect(findCorrections('sorry i meant Cork, not dublin')).toEqual([{ from: 'dublin', to: 'Cork' }]);
    expect(findCorrections('I drink Tea, not coffee')).toEqual([]);
  });
  it('the corrected value is the only one recalled, also in facts', () => {
    const soul = getSoul('friendly-support-en')!;
    const turns = ['hi, I live in Dublin', 'sorry i meant Cork, not dublin'];
    const history: Array<{ role: 'user' | 'assistant'; content: string }> = [];
    for (const message of turns)
      history.push({ role: 'user', content: message }, { role: 'assistant', content: composeReply({ soul, history: [...history], message }) });
    expect(history[3].content).toContain('Cork');
    expect(history[3].content.toLowerCase()).not.toContain('dublin');
    const where = composeReply({ soul, history, message: 'where do I live?' });
    expect(where).toContain('Cork');
    expect(where).not.toContain('Dublin');
  });
  it('a bare correction is thanked for with the new value and asks nothing it was just told', () => {
    const soul = getSoul('friendly-support')!;
    const history = [
      { role: 'user' as const, content: 'hola, mi cita es el lunes' },
      { role: 'assistant' as const, content: '¡Anotado: el lunes! ¿Cómo te puedo ayudar con eso?' },
    ];
    const reply = composeReply({ soul, history, message: 'perdón, me equivoqué, es el martes', replyLanguage: 'auto' });
    expect(reply).toContain('martes');
    expect(reply).not.toMatch(/lunes|fecha/i);
    expect(
      composeReply({
        soul,
        history: [...history, { role: 'user', content: 'perdón, me equivoqué, es el martes' }, { role: 'assistant', content: reply }],
        message: '¿cuándo es mi cita?',
        replyLanguage: 'auto',
      }),
    ).toContain('martes');
  });
  it('"I" told back inside a sentence is "you", not "You"', () => {
    expect(shiftPerson('the glass jug cracked when I poured hot water', 'en')).toBe('the glass jug cracked when you poured hot water');
  });
});

describe('recall with no shared word (issue 37, round 4)', () => {
  const ask = (soulId: string, said: string, question: string) => {
    const soul = getSoul(soulId)!;
    const history = [
      { role: 'user' as const, content: said },
      { role: 'assistant' as const, content: composeReply({ soul, history: [], message: said, replyLanguage: 'auto' }) },
    ];
    return composeReply({ soul, history, message: question, replyLanguage: 'auto' });
  };
  it.each([
    ['technical-helper', 'windows update fails and shows 0x80070005', 'what did I say the error was?', '0x80070005'],
    ['friendly-support-en', 'the screen flickers when I open Excel', 'what app causes the problem?', 'Excel'],
    ['friendly-support-en', 'the dentist is at 3pm on Friday', 'what time is my appointment?', '3pm'],
    ['friendly-support-en', 'I can spend up to 500 euros', "what's my budget?", '500'],
    ['friendly-support', 'o app dá erro E-401 quando abro', 'qual era o código?', 'E-401'],
  ])('%s: "%s" answers "%s"', (soulId, said, question, expected) => {
    expect(ask(soulId, said, question)).toContain(expected);
  });
  it('a model name said later ("archer AX73", two digits) is no error code', () => {
    const soul = getSoul('technical-helper')!;
    const history: Array<{ role: 'user' | 'assistant'; content: string }> = [];
    for (const message of [
      'windows update keeps failing with 0x80072EFD on my thinkpad x1 carbon, been like this since tuesday',
      'wifi also drops every hour or so, router is a tp-link archer ax55, isp is zipline broadband',
      'wait no, i checked the sticker, its an archer AX73 not ax55',
    ])
      history.push({ role: 'user', content: message }, { role: 'assistant', content: composeReply({ soul, history: [...history], message }) });
    expect(composeReply({ soul, history, message: 'ok so what was the error code i gave you' })).toContain('0x80072EFD');
  });
  it('a Spanish question opening with "qué" is no statement', () => {
    expect(extractStatements('¿qué tengo el día 3?')).toEqual([]);
    expect(extractStatements('¿que hago el lunes?')).toEqual([]);
    expect(extractStatements('¿puedo cambiarla al viernes 5?').map((f) => f.text)).toEqual(['puedo cambiarla al viernes 5']);
  });
});

describe('telling back a correction (issue 37, round 4)', () => {
  it('says what comes after the colon of a correction, not its apology', () => {
    const { statements } = buildStatements([], [{ role: 'user', content: 'no, perdón, me equivoqué de fecha: el examen es el 21 de junio' }], undefined, 'es');
    expect(statements.map((s) => tellBack(s, 'es', 'x'))).toEqual([expect.stringMatching(/que el examen es el 21 de junio\.$/)]);
  });
});

describe('who is speaking, asked in other words (lang/*.ts agentQuestions)', () => {
  it.each([
    'Who am I dealing with here?',
    'Valeu, como é teu nome de novo?',
    'Quem fala aí?',
    '¿Con quién tengo el gusto?',
    'Gracias, ¿me recuerdas tu nombre?',
    'Mit wem habe ich das Vergnügen?',
    'Wie war nochmal dein Name?',
    'À qui ai-je affaire ?',
    'Rappelle-moi ton nom ?',
  ])('%s asks the agent, and the reply gives its name, not the user’s', (question) => {
    expect(isAgentQuestion(question)).toBe(true);
    const [, reply] = play(sunny, ["Hi, I'm Ana", question]);
    expect(reply).toContain('Sunny');
    expect(reply).not.toContain('Ana');
  });
});

describe('more correction markers supersede what they correct (lang/*.ts correctionMarkers)', () => {
  it.each([
    ['es', ['Somos ocho en el club de lectura.', 'Corrijo: somos diez en el club de lectura.'], '¿Cuántos somos en el club de lectura?', 'diez', 'ocho'],
    [
      'es',
      ['Quiero darme de baja a final de mes.', 'Mejor dicho, quiero pausar la baja tres meses.'],
      '¿Qué quiero hacer con la baja?',
      'pausar',
      'final de mes',
    ],
    ['pt', ['Tô usando o cabo original da caixa.', 'Na real, tô usando um cabo genérico, não o da caixa.'], 'Que cabo eu tô usando?', 'genérico', 'original'],
    ['en', ['I want the blue cover for the notebook.', 'On second thought, I want the red cover for the notebook.'], 'Which cover did I want?', 'red', 'blue'],
    ['de', ['Ich nehme das Zimmer mit Balkon.', 'Besser gesagt: ich nehme das Zimmer mit Garten.'], 'Welches Zimmer nehme ich?', 'Garten', 'Balkon'],
  ] as const)('%s: %j, then %s', (lang, said, question, wanted, old) => {
    const { statements } = buildStatements([], said.map(user), undefined, lang);
    const found = recallStatements(question, statements, lang);
    const told = found.map((s) => s.text).join(' ');
    expect(told).toContain(wanted);
    expect(told).not.toContain(old);
  });
});

describe('recall by a day of the month alone tells what the day is for', () => {
  it.each([
    [
      'de',
      ['Guten Tag, ich möchte einen Termin in der Hautarztpraxis vereinbaren.', 'Am liebsten Mittwoch, den 12., um 8 Uhr.'],
      'Was habe ich am 12. vor?',
      'Termin',
    ],
    ['pt', ['Preciso agendar uma vacina pra minha filha Alice.', 'Pode ser dia 18 de manhã.'], 'O que a gente tem no dia 18?', 'vacina'],
    ['en', ['I need to book a haircut with Marco for my wedding.', 'Friday the 21st at 10am would be ideal.'], "What's on the 21st?", 'haircut'],
    ['es', ['Tengo que renovar el pasaporte en la comisaría.', 'Me dieron cita el martes 16 a las nueve.'], '¿Qué tengo el 16?', 'pasaporte'],
  ] as const)('%s: %s', (lang, said, question, subject) => {
    const { statements } = buildStatements([], said.map(user), undefined, lang);
    const told = recallStatements(question, statements, lang)
      .map((s) => s.text)
      .join(' ');
    expect(told).toContain(subject);
  });

  it('keeps a German date written with ordinal dots in one sentence ("am 2. August … bis zum 9. August")', () => {
    expect(extractStatements('Wir kommen am 2. August und bleiben bis zum 9. August.').map((f) => f.text)).toEqual([
      'Wir kommen am 2. August und bleiben bis zum 9. August.',
    ]);
  });
});

describe('a correction that gives its value and then its reason', () => {
  it.each([
    [
      'en',
      ['First meeting is Thursday at 7.', 'Oops, make that 8 — Callum just texted that it moved.'],
      'What time is the first meeting on Thursday?',
      '8',
      'at 7',
    ],
    ['pt', ['A reunião é quinta às 19h.', 'Ops, quis dizer 20h; o chefe mudou o horário.'], 'Que horas é a reunião?', '20h', '19h'],
  ] as const)('%s: %j', (lang, said, question, wanted, old) => {
    const { statements } = buildStatements([], said.map(user), undefined, lang);
    const told = recallStatements(question, statements, lang)
      .map((s) => s.text)
      .join(' ');
    expect(told).toContain(wanted);
    expect(told).not.toContain(old);
  });
});

describe('words of one meaning find each other across the five languages (lang/*.ts synonyms)', () => {
  it.each([
    ['en', ["I'm on the Standard plan with unlimited classes.", 'I need to pause my gym membership.'], 'Which tier am I on?', 'Standard'],
    ['es', ['La fiesta es el domingo 9 en su pueblo, en Cuenca.', 'Mi abuela cumple noventa años.'], '¿Cuándo es la celebración?', 'domingo 9'],
    ['pt', ['A festa é no sábado, na casa da Bia.', 'Minha irmã faz trinta anos.'], 'Quando é a comemoração?', 'sábado'],
    ['de', ['Die Feier ist am Samstag bei Oma.', 'Mein Bruder wird dreißig.'], 'Wann ist die Party?', 'Samstag'],
    ['fr', ['La fête est samedi chez Léa.', 'Ma sœur a trente ans.'], 'Quand est la soirée ?', 'samedi'],
  ] as const)('%s: %s', (lang, said, question, wanted) => {
    const { statements } = buildStatements([], said.map(user), undefined, lang);
    expect(
      recallStatements(question, statements, lang)
        .map((s) => s.text)
        .join(' '),
    ).toContain(wanted);
  });
});

describe('a day and its date corrected together ("el domingo 9, no el sábado 8")', () => {
  it.each([
    [
      'es',
      'No, perdona, es el domingo 9, no el sábado 8.',
      [
        { from: 'sábado', to: 'domingo' },
        { from: '8', to: '9' },
      ],
    ],
    [
      'pt',
      'É na sexta 12, não na quinta 11.',
      [
        { from: 'quinta', to: 'sexta' },
        { from: '11', to: '12' },
      ],
    ],
  ] as const)('%s: %s', (_lang, text, pairs) => {
    const found = findCorrections(text).map(({ from, to }) => ({ from, to }));
    for (const p of pairs) expect(found).toContainEqual(p);
  });

  it('tells back the corrected day and date', () => {
    const { statements } = buildStatements(
      [],
      ['La fiesta es el sábado 8 en su pueblo, en Cuenca.', 'No, perdona, es el domingo 9, no el sábado 8.'].map(user),
      undefined,
      'es',
    );
    const told = recallStatements('¿Cuándo es la fiesta?', statements, 'es')
      .map((s) => s.text)
      .join(' ');
    expect(told).toContain('domingo 9');
    expect(told).not.toContain('sábado 8');
  });
});

describe('siblings in every language (lang/*.ts synonyms)', () => {
  it.each([
    ['pt', 'Meu irmão Caio vai se mudar no mês que vem.', 'Lembra do nome do meu mano?'],
    ['en', 'My brother Tom is moving to Leeds.', "What's my bro called again?"],
    ['es', 'Mi hermana Lucía vive en Bilbao.', '¿Cómo se llama mi hermanita?'],
    ['de', 'Meine Schwester Jana zieht nach Köln.', 'Wie heißt meine Schwesterchen noch mal?'],
  ] as const)('%s: %s', (_lang, said, question) => {
    const name = said.match(/\p{Lu}\p{Ll}+(?= )/gu)!.at(-1)!;
    const [, reply] = play(sunny, [said, question]);
    expect(reply).toContain(name);
  });
});

describe('recall across derivations and as a last try (issue 37, round 9)', () => {
  it('a stem and its derivation are one word family; categories and short stems are not', () => {
    expect(kinStems('bloqu', 'bloquei')).toBe(true);
    expect(kinStems('upholster', 'upholsterer')).toBe(true);
    expect(kinStems('car', 'cart')).toBe(false);
    expect(kinStems('cat:city', 'cat:citys')).toBe(false);
  });

  it('a question finds the statement that says its word in another form ("bloqueio" / "bloqueado")', () => {
    const said = ['Meu cartão foi bloqueado hoje às 14h no mercado.', 'Gosto muito de café com leite.', 'Minha irmã mora em Campinas.'];
    const { statements } = buildStatements([], said.map(user), undefined, 'pt');
    const found = recallStatements('e o bloqueio, aconteceu que horas?', statements, 'pt');
    expect(found.map((s) => s.text)).toEqual([said[0]]);
  });

  it('the loose last try accepts one rare shared word, and never a word most statements say', () => {
    const said = [
      'The washing machine leaks from the door seal.',
      'I paid 480 pounds for the washing machine in March.',
      'My neighbour thinks the drum is too noisy.',
      'The drum also squeaks when it spins.',
      'The machine is a Bosch from 2021.',
    ];
    const { statements } = buildStatements([], said.map(user), undefined, 'en');
    const question = 'so what will you put on the form for the seal?';
    expect(recallStatements(question, statements, 'en', 1)).toEqual([]);
    expect(recallStatements(question, statements, 'en', 1, { loose: true }).map((s) => s.text)).toEqual([said[0]]);
    expect(recallStatements('so what will you put on the form for the machine?', statements, 'en', 1, { loose: true })).toEqual([]);
  });

  it('a longer correction gives its value before its reason, and replaces one of about as many digits', () => {
    expect(collectCorrections(['I can run about 5 km a week', 'my knee is fine now', 'oops, make that 8 km, my friend joins me on sundays'])).toEqual([
      { from: '5', to: '8' },
    ]);
    expect(collectCorrections(['o orçamento é de 30 mil pra reforma', 'quer dizer, 35 mil, porque entrou a cozinha'])).toEqual([{ from: '30', to: '35' }]);
    expect(collectCorrections(['send the invoice to rui@old-mail.pt', 'Actually, use rui.costa@new-mail.pt instead, the other box is full'])).toEqual([
      { from: 'rui@old-mail.pt', to: 'rui.costa@new-mail.pt' },
    ]);
    // Days and times keep their own rules: the day of the month is never taken for the corrected hour.
    expect(collectCorrections(['pode ser dia 12 de manhã? de preferência às 8h', 'correção: às 11h, às 8 eu tenho aula']).map((c) => c.from)).not.toContain(
      '12',
    );
    expect(collectCorrections(['i am free on the 14th, anytime after 8', 'no wait, make it the 16th, same time'])).toEqual([{ from: '14th', to: '16th' }]);
    // A protocol number corrected does not replace the "300" of the plan said just before it.
    expect(collectCorrections(['o plano é 300 mega', 'correção: o protocolo certo é 2025-771408, li errado'])).toEqual([]);
  });

  it('a fragment that only gives a value stays with the sentence before it, and "no." is no sentence end', () => {
    expect(extractStatements('Minha encomenda chegou amassada. pedido 88120. Quero trocar.').map((f) => f.text)).toEqual([
      'Minha encomenda chegou amassada. pedido 88120.',
      'Quero trocar.',
    ]);
    expect(extractStatements("I'm Tom Reyes, member no. GX-4410, and my plan renews in May.").map((f) => f.text)).toEqual([
      "I'm Tom Reyes, member no. GX-4410, and my plan renews in May.",
    ]);
  });

  it('a street address is a place, in each language, and "where\'s" asks for one', () => {
    expect(isAddress('please ship it to 22 Mill Lane, Bristol', 'en')).toBe(true);
    expect(isAddress('manda pra rua das Flores 120, apto 4', 'pt')).toBe(true);
    expect(isAddress('vivo en la calle Mayor 8', 'es')).toBe(true);
    expect(isAddress('livrez au 5 rue Victor Hugo', 'fr')).toBe(true);
    expect(isAddress('bitte an die Lindenstraße 14', 'de')).toBe(true);
    expect(isAddress('ela tem 6 anos e ficou em casa', 'pt')).toBe(false);
    expect(answerTypesOf("where's the parcel going?", 'en')).toContain('place');
  });

  it('where something goes: the address said after the statement that names it, not a later mention of it', () => {
    const said = [
      'I ordered a new printer cartridge and it came in the wrong colour.',
      'Please send the replacement to 22 Mill Lane, Bristol BS1 4DJ.',
      'The courier can pick up the wrong cartridge on Monday morning.',
    ];
    const { statements } = buildStatements([], said.map(user), undefined, 'en');
    const found = recallStatements("where's the new cartridge going?", statements, 'en', 2, { confident: true });
    expect(found.map((s) => s.text)).toEqual([said[1]]);
  });

  it('a question in a later sentence, or a request to say it back, asks about what was said', () => {
    expect(isSelfQuestion("thx. what's my voucher code again, need it for the form", 'en')).toBe(true);
    expect(isSelfQuestion('dame el número de la reserva otra vez', 'es')).toBe(true);
    expect(isSelfQuestion('so read me back the address you have', 'en')).toBe(true);
    expect(isSelfQuestion('the parcel arrived crushed', 'en')).toBe(false);
    const replies = play(getSoul('friendly-support')!, [
      'hola, el sofá llegó con una pata rota. la garantía es GX-55102',
      'además el repartidor lo dejó en el portal',
      'dame el número de garantía otra vez',
    ]);
    expect(replies[2]).toContain('GX-55102');
  });

  it('"how long" / "desde quando" / "seit wann" ask for a time; guests, tickets, concerts and prints have their other words', () => {
    expect(answerTypesOf('how long has it been broken?', 'en')).toContain('time');
    expect(answerTypesOf('desde quando está assim?', 'pt')).toContain('time');
    expect(answerTypesOf('seit wann ist das so?', 'de')).toContain('time');
    const said = ['We booked the hall for 80 guests in June.', 'The caterer is Bella Cucina.', 'My sister is handling the music.'];
    const { statements } = buildStatements([], said.map(user), undefined, 'en');
    expect(recallStatements('how many people are we expecting?', statements, 'en', 1, { confident: true }).map((s) => s.text)).toEqual([said[0]]);
  });

  it('a correction told back leaves out what it rules out with the word before it ("não dia 8", "not the 8th")', () => {
    expect(withoutRuledOut('na verdade, a gente sai dia 6, não dia 8')).toBe('na verdade, a gente sai dia 6');
    expect(withoutRuledOut('actually we leave on the 6th, not the 8th')).toBe('actually we leave on the 6th');
  });
});

describe('round 10: restrictions, medicines and flavours, names of relations, returns to a subject, a bare "what time?"', () => {
  const recall = (said: string[], question: string, lang: 'en' | 'pt' | 'es' | 'fr' | 'de', recent?: string[]) => {
    const { statements } = buildStatements([], said.map(user), undefined, lang);
    const strict = recallStatements(question, statements, lang, 1, { recent });
    return (strict.length ? strict : recallStatements(question, statements, lang, 1, { loose: true, recent })).map((s) => s.text);
  };

  it('what someone must not eat, take or use is asked for by what they cannot have (lang/paraphrase.ts): the allergy answers', () => {
    // Both name the daughter; the one she cannot have is what is asked.
    const said = ['minha filha é alérgica a camarão', 'minha filha faz 6 anos no sábado', 'o pedido é o 4410-22'];
    expect(recall(said, 'e o que a minha filha não pode comer, vc anotou?', 'pt')).toEqual([said[0]]);
    const son = ['my son has a mild shellfish allergy', 'my son turns 8 on the 3rd', 'the room is for two adults'];
    expect(recall(son, "what can't my son eat again?", 'en')).toEqual([son[0]]);
  });

  it('a clause about someone the person named, inside a question, is kept ("ela é alérgica a dipirona, tá no cadastro?")', () => {
    const facts = extractStatements('o número do pedido é 7730-558. ela é alérgica a dipirona, tá no cadastro?', { language: 'pt' });
    expect(facts.map((f) => f.text)).toContain('ela é alérgica a dipirona');
    // A clause with a question word in it asks, and tells nothing.
    expect(extractStatements('ela chega quando, vc sabe?', { language: 'pt' }).map((f) => f.text)).toEqual([]);
  });

  it('medicines and flavours are categories: "which medicine", "qual recheio" find the one named (lang/categories.ts)', () => {
    const pharmacy = ['preciso renovar a receita da minha mãe, é sinvastatina 20mg', 'o cartão do convênio vence em maio', 'moro perto da estação'];
    expect(recall(pharmacy, 'qual era o remédio mesmo?', 'pt')).toEqual([pharmacy[0]]);
    const cake = ['queremos dois andares, massa branca com morango', 'a festa é no salão do prédio', 'somos em 40 pessoas'];
    expect(recall(cake, 'e qual era o recheio que eu escolhi?', 'pt')).toEqual([cake[0]]);
    const roses = ['ich möchte 4 rosen in gelb bestellen', 'die lieferung geht nach Bonn', 'bezahlt wird per rechnung'];
    expect(recall(roses, 'welche farbe sollten die rosen haben?', 'de')).toEqual([roses[0]]);
  });

  it('"quantos" / "cuántos" ask how many, not how much: "quantos andares?" is no question about a price', () => {
    expect(termsOf('quantos andares a gente pediu?', 'pt', undefined, { asked: true }).stems).not.toContain('cat:amount');
    expect(termsOf('¿cuántas mesas reservamos?', 'es', undefined, { asked: true }).stems).not.toContain('cat:amount');
    expect(termsOf('quanto custou?', 'pt', undefined, { asked: true }).stems).toContain('cat:amount');
  });

  it('a name given to a relation carries it: after "mi hijo Daniel", "Daniel es celíaco" is about the son', () => {
    const said = ['quiero apuntar a mi hijo Daniel al campamento de julio', 'vivimos en Valencia desde hace un año', 'Daniel es celíaco, ojo con el gluten'];
    expect(recall(said, '¿qué tenéis que saber de mi hijo para las comidas?', 'es')).toEqual([said[2]]);
  });

  it('the subject a question returns to counts a third ("voltando ao bolo kkk quantas pessoas…?" asks for the guests)', () => {
    const said = ['vão ser 150 convidados, contando as crianças', 'quero encomendar o bolo do casamento, 3 andares', 'a decoração vai ser branca'];
    expect(recall(said, 'voltando ao bolo kkk quantas pessoas ele tem que servir?', 'pt')).toEqual([said[0]]);
  });

  it('a bare "what time?" is the latest time of day given, the one sharing most with the previous question first', () => {
    const said = ['quero marcar corte pra sexta', 'prefiro umas 15h', 'opa, errei: 16h, não 15h'];
    expect(recall(said, 'que horas mesmo?', 'pt').join(' ')).toContain('16h');
    const bike = ['je peux passer mercredi vers 18h30 ?', 'je finis le taf à 18h', "j'habite à Lyon"];
    expect(recall(bike, 'et à quelle heure ?', 'fr', ['quel jour on a dit pour que je le dépose ?']).join(' ')).toContain('18h30');
    // Of a business, not of the person: nothing said answers it.
    expect(recall(said, 'what time do you open on saturdays?', 'en')).toEqual([]);
  });
});

describe('round 10: corrections by place, by "not X but Y", by the word before a value; a time of day in a correction', () => {
  const build = (said: string[], lang: 'en' | 'pt' | 'es' | 'fr' | 'de') => buildStatements([], said.map(user), undefined, lang);

  it('the colon of a time of day is no correction colon: "oops, make that 10:40, …" is told back with 10:40', () => {
    const { statements } = build(['my slot is at 9:15 on the 8th', 'oops, make that 10:40, they just emailed me that they moved it'], 'en');
    expect(tellBack(statements.at(-1)!, 'en', 's')).toContain('10:40');
  });

  it('a place said alone replaces the latest place, never a number ("sorry, i meant portugal" after "i was in spain")', () => {
    const { statements, corrections } = build(
      ['acct number 70318852, plan is go unlimited 30. i was in spain from the 2nd to the 9th of june', 'sorry, i meant portugal.'],
      'en',
    );
    expect(corrections).toEqual([{ from: 'spain', to: 'portugal' }]);
    expect(statements[0].text).toContain('70318852');
    expect(statements[0].text).toContain('portugal');
  });

  it('"nicht X, sondern Y", "not X but Y", "no X sino Y" replace X by Y, words as well as numbers', () => {
    expect(findCorrections('korrektur: nicht matt, sondern glänzend bitte')).toEqual([{ from: 'matt', to: 'glänzend' }]);
    expect(findCorrections('no el martes sino el jueves')).toEqual([{ from: 'martes', to: 'jueves' }]);
    expect(findCorrections('we need not only chairs but tables too')).toEqual([]);
    const { statements } = build(['ich möchte 40 fotos im format 10x15 matt drucken lassen', 'korrektur: nicht matt, sondern glänzend bitte'], 'de');
    expect(statements.map((s) => s.text)).toEqual(['ich möchte 40 fotos im format 10x15 glänzend drucken lassen', 'korrektur: glänzend bitte']);
  });

  it('a number in groups of thousands replaces the one of as many digits said before, as written ("$1,340" → "$1,430")', () => {
    const { statements, corrections } = build(['the body shop quoted $1,340 for the bumper', "actually no, i read it wrong, it's $1,430 with the paint"], 'en');
    expect(corrections).toEqual([{ from: '1,340', to: '1,430' }]);
    expect(statements[0].text).toBe('the body shop quoted $1,430 for the bumper');
  });

  it('a question proposes a time only with a weekday, a date in digits or a time of day, a person only by a name', () => {
    expect(extractStatements('vc viu o jogo ontem? que final', { language: 'pt' }).map((f) => f.text)).toEqual([]);
    expect(extractStatements('¿me das algún truco para no perderme con los personajes?', { language: 'es' }).map((f) => f.text)).toEqual([]);
    expect(extractStatements('pode ser sexta às 15h?', { language: 'pt' }).map((f) => f.text)).toEqual(['pode ser sexta às 15h']);
    expect(extractStatements('pode ser com a Kelly?', { language: 'pt' }).map((f) => f.text)).toEqual(['pode ser com a Kelly']);
  });

  it('a duration proposed in a question is kept ("tu peux me proposer un programme, 20 min par jour ?")', () => {
    expect(extractStatements('tu peux me proposer un petit programme, 20 min par jour ?', { language: 'fr' }).map((f) => f.text)).toContain('20 min par jour');
  });

  it('the value of a correction after the same word as one said just before replaces only that one ("dia 17" → "dia 24", 19h30 stays)', () => {
    const { statements, corrections } = build(
      ['o encontro do clube é dia 17 na casa da Bete, às 19h30', 'ops, na verdade o encontro mudou pro dia 24, a Bete vai viajar'],
      'pt',
    );
    expect(corrections).toEqual([{ from: 'dia 17', to: 'dia 24' }]);
    expect(statements[0].text).toBe('o encontro do clube é dia 24 na casa da Bete, às 19h30');
  });
});

describe('round 10: the asking sentence, a place to send something to, a new address', () => {
  const recall = (said: string[], question: string, lang: 'en' | 'pt' | 'es' | 'fr' | 'de') => {
    const { statements } = buildStatements([], said.map(user), undefined, lang);
    return recallStatements(question, statements, lang, 1, { confident: true }).map((s) => s.text);
  };

  it('a question about the person after a sentence that only tells is asked alone (askedPart)', () => {
    expect(askedPart('sorry got distracted lol. whats the reference i gave u at the start?', 'en')).toBe('whats the reference i gave u at the start?');
    // A question to the shop keeps what the message tells with it.
    expect(askedPart('vcs vendem ração pra gato castrado? a dela é Golden', 'pt')).toBe('vcs vendem ração pra gato castrado? a dela é Golden');
    const said = ['booking ref is HX-55817 for the oak table', 'i got distracted by the match last night', 'the table leg is cracked'];
    expect(recall(said, 'sorry got distracted again lol. whats the ref i gave u?', 'en')).toEqual([said[0]]);
  });

  it('where something is to be sent is the latest address given, else the latest place named after "in", "nach", "no"', () => {
    const moving = ['wir ziehen am 29. märz von Köln um, 3 zimmer im 4. stock', 'wir haben ein klavier', 'korrektur: das neue haus ist in Siegburg'];
    expect(recall(moving, 'wohin geht der umzug jetzt?', 'de')).toEqual([moving[2]]);
    const parcel = ['my flight from lisbon landed at 23:40', 'please send the bag to 16 Albert Road, Levenshulme', 'the bag is purple'];
    expect(recall(parcel, 'where will the courier drop it?', 'en')).toEqual([parcel[1]]);
  });

  it('"número", "reference", "numéro", "Nummer" name the kind a code is: a code given under another word answers them', () => {
    const bag = ['minha mala não chegou, voo AZ 4512 ontem', 'o código q me deram no balcão foi GRUAZ48812', 'a mala é vermelha'];
    // Told back with its shorthand written out ("q" → "que").
    expect(recall(bag, 'aquele número q o pessoal me passou, lembra qual era?', 'pt')).toEqual(['o código que me deram no balcão foi GRUAZ48812']);
  });

  it('"one" is no value ("quick one, what did I tell you is happening on the 19th?" asks for the 19th only)', () => {
    expect(termsOf('quick one, what did I tell you is happening on the 19th?', 'en', undefined, { asked: true }).numbers).toEqual(['19']);
    expect(termsOf('we are two adults', 'en').numbers).toEqual(['2']);
  });

  it('a suitcase is the bag, and a level is how far one is: "beginner", "B1", "avanzado" (synonyms, lang/categories.ts)', () => {
    const bag = ['we fly home on the 19th', 'its a purple hard shell suitcase with a yellow ribbon', 'the coffee here is awful'];
    expect(recall(bag, 'remind me, how did i describe the bag?', 'en')).toEqual([bag[1]]);
    const tutor = ["i'm learning italian before my trip, total beginner", 'i can do 20 minutes a day', 'i like short dialogues'];
    expect(recall(tutor, 'what level did i say i am at?', 'en')).toEqual([tutor[0]]);
  });

  it('"which city am I going to?" with nothing said holding its words is the latest place the person named', () => {
    const { statements } = buildStatements(
      [],
      ["i'm trying to learn italian before my trip to Bologna in may", 'i like short dialogues'].map(user),
      undefined,
      'en',
    );
    expect(recallStatements('which city am i going to again?', statements, 'en', 1).map((s) => s.text)).toEqual([
      "i'm trying to learn italian before my trip to Bologna in may",
    ]);
  });

  it('a correction giving an address replaces the address given before', () => {
    const { statements } = buildStatements(
      [],
      [
        'deliver it to my hotel please, the Midland on Peter Street, room 512',
        "actually no, I'm moving to my sister's tonight: 14 Albert Road, Levenshulme.",
      ].map(user),
      undefined,
      'en',
    );
    expect(statements.map((s) => s.text).join(' ')).not.toContain('Peter Street');
  });
});

describe('round 11: what a correction reaches', () => {
  const build = (said: string[], lang: 'en' | 'pt' | 'es' | 'fr' | 'de') => buildStatements([], said.map(user), undefined, lang);

  it('a correction changes what was said before it, not the old value said again after it ("spain was last year")', () => {
    const { statements, corrections } = build(
      ['this summer i was in spain from the 2nd to the 9th of june', 'sorry, i meant portugal. my sister and i went to spain last year, to seville'],
      'en',
    );
    expect(corrections).toEqual([{ from: 'spain', to: 'portugal' }]);
    expect(statements[0].text).toContain('portugal');
    expect(statements.at(-1)!.text).toContain('spain last year');
  });

  it('a slip corrected in a later turn is corrected in every turn before it', () => {
    const { statements } = build(['my order is 774512', 'and the invoice for 774512 came today', 'me enganei, é 774521'], 'pt');
    expect(statements.map((s) => s.text).join(' ')).not.toContain('774512');
  });
});

describe('round 11: words that are no content', () => {
  const build = (said: string[], lang: 'en' | 'pt' | 'es' | 'fr' | 'de') => buildStatements([], said.map(user), undefined, lang).statements;

  it('"nada", "rien" carry no subject: "perdona, me distraigo con nada" supersedes nothing said "nada de vitro"', () => {
    const statements = build(['tengo una paellera de 40 cm y cocina de gas, nada de vitro', 'jajaja perdona, me distraigo con nada'], 'es');
    expect(statements.map((s) => s.text)).toContain('tengo una paellera de 40 cm y cocina de gas, nada de vitro');
  });

  it('"importante", "totalmente" ask for no amount', () => {
    expect(termsOf('volviendo a lo importante', 'es').stems).not.toContain('cat:amount');
    expect(termsOf('i totally forgot', 'en').stems).not.toContain('cat:amount');
    expect(termsOf('¿cuánto cuesta?', 'es').stems).toContain('cat:amount');
  });

  it('the words of returning to a subject count only when the question returns with them', () => {
    const statements = build(['i usually go to Fairburn Ings on saturdays', 'my binos are Nikon Prostaff 8x42, got them secondhand'], 'en');
    expect(recallStatements('whats the name of the reserve i usually go to?', statements, 'en')[0]?.text).toContain('Fairburn');
    const es = build(['holaa, seremos 6. ojo: mi madre es alérgica al marisco', 'jajaja perdona, me distraigo con nada'], 'es');
    expect(recallStatements('vale, volviendo a lo importante: ¿quién era la alérgica y a qué?', es, 'es')[0]?.text).toContain('marisco');
  });

  it('a member of five letters counts as written, not by its stem: "volver" is no Volvo', () => {
    expect(termsOf('tengo que volver a casa', 'es').stems).not.toContain('cat:vehicle');
    expect(termsOf('tenemos un volvo gris', 'es').stems).toContain('cat:vehicle');
  });

  it('"pro" (para o) is no content: "q flor eu escolhi pro buquê?" is not answered by "passar pro fotógrafo"', () => {
    const statements = build(['pro buquê eu escolhi peônia branca', 'preciso passar pro fotógrafo o horário'], 'pt');
    expect(recallStatements('q flor eu escolhi pro buquê?', statements, 'pt')[0]?.text).toContain('peônia');
  });
});

describe('round 11: corrections by a repeated word, and what is no correction', () => {
  const build = (said: string[], lang: 'en' | 'pt' | 'es' | 'fr' | 'de') => buildStatements([], said.map(user), undefined, lang);

  it('"no somos 6, somos 8": "not", a number, then after a comma another one with the same word before it', () => {
    expect(findCorrections('perdón, me equivoqué: no somos 6, somos 8, vienen mis tíos')).toEqual([{ from: '6', to: '8' }]);
    expect(findCorrections('não é 12, é 14')).toEqual([{ from: '12', to: '14' }]);
    expect(findCorrections('no somos 6, tenemos 8 sillas')).toEqual([]);
    const { statements } = build(['seremos 6 en la cena', 'perdón, me equivoqué: no somos 6, somos 8'], 'es');
    expect(statements[0].text).toBe('seremos 8 en la cena');
  });

  it('a city counts as written: "madre" is no Madrid', () => {
    expect(termsOf('espera q me está llamando mi madre', 'es').stems).not.toContain('cat:city');
    expect(termsOf('vivo en Madrid', 'es').stems).toContain('cat:city');
  });

  it('a sentence that opens like a correction but gives no value and says no "not" replaces nothing ("espera q me está llamando mi madre")', () => {
    const kept = build(['mi pareja se llama Andrés.', 'espera q me está llamando mi madre'], 'es').statements.map((s) => s.text);
    expect(kept).toContain('mi pareja se llama Andrés.');
    const pt = build(['Tô usando o cabo original que veio na caixa.', 'Na real não, o original sumiu; tô usando um cabo genérico do camelô.'], 'pt');
    expect(pt.statements.map((s) => s.text).join(' ')).not.toContain('cabo original que veio');
  });
});

describe('round 11: "instead", "à la place", "doch erst"', () => {
  const build = (said: string[], lang: 'en' | 'pt' | 'es' | 'fr' | 'de') => buildStatements([], said.map(user), undefined, lang);

  it('the value by an instead word replaces the latest earlier one of its kind, and the reason saying the old one goes', () => {
    const { statements, corrections } = build(
      ['my local patch is Fairburn Ings, i go most sunday mornings', 'ive started going on saturdays instead, sundays are too busy with dog walkers'],
      'en',
    );
    expect(corrections.map((c) => [c.from, c.to])).toEqual([['sunday', 'saturdays']]);
    expect(statements.map((s) => s.text).join(' ')).not.toMatch(/sunday/i);
    expect(isCorrection('we meet instead of calling', 'en')).toBe(false);
  });

  it('the old value is the one the sentence says again, else the latest ("le mardi c\'est plus possible, mettons le jeudi à la place")', () => {
    const { corrections } = build(
      ['je suis dispo le mardi soir après 19h et le samedi matin', "le mardi c'est plus possible pour moi, mettons le jeudi soir à la place"],
      'fr',
    );
    expect(corrections.map((c) => [c.from, c.to])).toEqual([['mardi', 'jeudi']]);
  });

  it('a clause of the reason with a value of its own stays ("no, el jueves 16 tengo dentista a las 9, así q mejor el martes")', () => {
    const { statements } = build(['¿puede ser el jueves?', 'no, el jueves 16 tengo dentista a las 9, así q mejor el martes'], 'es');
    expect(statements.map((s) => s.text).join(' ')).toContain('dentista a las 9');
  });
});

describe('round 11: "we" asks about the person; a budget is an amount', () => {
  it('a question with a plural first-person subject is about what the person said (lang/*.ts `selfSubjects`)', () => {
    expect(isSelfQuestion('quanto a gente tinha de grana pra tudo?', 'pt')).toBe(true);
    expect(isSelfQuestion('für wie viele personen kochen wir normalerweise?', 'de')).toBe(true);
    expect(isSelfQuestion('quanto custa o plano?', 'pt')).toBe(false);
  });

  it('"orçamento", "grana", "teto", "presupuesto" name the amount category', () => {
    const { statements } = buildStatements(
      [],
      [user('quero levar minha namorada pro chile em julho, orçamento uns 12 mil pra nós dois'), user('a gente sai de porto alegre, dia 8 de julho')],
      undefined,
      'pt',
    );
    expect(recallStatements('quanto a gente tinha de grana pra tudo?', statements, 'pt')[0]?.text).toContain('12 mil');
    expect(termsOf('¿cuál era el presupuesto?', 'es').stems).toContain('cat:amount');
  });
});

describe('round 11: scheduling is no brand; the subject of a day asked; "cel"', () => {
  it('"marcar"/"marcado" name no brand by their stem, "make that" no vehicle', () => {
    expect(termsOf('o que eu tenho marcado no dia 13?', 'pt').stems).not.toContain('cat:device');
    expect(termsOf('queria marcar una cita', 'es').stems).not.toContain('cat:device');
    expect(termsOf('qual a marca do celular?', 'pt').stems).toContain('cat:device');
    expect(termsOf('make that 10:40', 'en').stems).not.toContain('cat:vehicle');
  });

  it('a day asked is told with what the conversation is about, the statement sharing a word with the question first', () => {
    const { statements } = buildStatements(
      [],
      [
        user('queria marcar consulta pro meu cachorro, o Thor, é um beagle de 6 anos'),
        user('ele ta se coçando mto e perdendo pelo perto do rabo, faz umas 2 semanas ja'),
        user('pode ser sexta dia 13 as 10h?'),
        user('ah e ele tem alergia a frango'),
        user('sexta dia 13 msm, mesmo horário'),
      ],
      undefined,
      'pt',
    );
    expect(recallStatements('o que eu tenho marcado no dia 13?', statements, 'pt').map((s) => s.text)).toContain(
      'queria marcar consulta pro meu cachorro, o Thor, é um beagle de 6 anos',
    );
  });

  it('"cel" before a number gives the phone', () => {
    expect(extractFacts('meu nome é Carla Nogueira, cel 11 98422-7310').map((f) => [f.key, f.value])).toContainEqual(['phone', '11 98422-7310']);
  });
});

describe('round 11: a correction names what it replaces; shoe sizes', () => {
  const build = (said: string[]) => buildStatements([], said.map(user), undefined, 'fr');

  it('"en fait plutôt le 13, le 12 y a un match" replaces 12 (said in it), not a shoe size said before; "du 44 pas du 45" is read', () => {
    const { statements, corrections } = build([
      'je chausse du 43 et lui du 45, on a pas de chaussons',
      'ah non pardon, Bastien c est du 44 pas du 45, il vient de me corriger',
      'en fait plutôt le 13, le 12 y a un match',
    ]);
    expect(corrections.map((c) => [c.from, c.to])).toEqual([
      ['45', '44'],
      ['12', '13'],
    ]);
    expect(statements[0].text).toBe('je chausse du 43 et lui du 44, on a pas de chaussons');
    expect(recallStatements("c'est quoi la pointure de mon coloc ?", statements, 'fr', 2, { loose: true })[0]?.text).toContain('44');
  });
});

describe('round 11: a refusal and its replacement in two sentences; short weekdays; trade words', () => {
  const build = (said: string[]) => buildStatements([], said.map(user), undefined, 'en');

  it('"tuesday wont work, my shift got moved. can we do thursday same time?" corrects "tues" said before', () => {
    const { statements, corrections } = build([
      'can i drop it off on tues before work, like 7:45?',
      'actually tuesday wont work, my shift got moved. can we do thursday same time?',
    ]);
    expect(corrections).toEqual([{ from: 'tuesday', to: 'thursday' }]);
    expect(statements[0].text).toContain('thursday before work');
    expect(recallStatements('so when am i bringing it in again?', statements, 'en')[0]?.text).toContain('7:45');
  });

  it('"one" is no content; skipping and clicking are problems; a tyre is a tire and a puncture a leak', () => {
    const { statements } = build([
      'the chain keeps skipping when i climb and theres a clicking noise from the back wheel when i shift',
      'oh and the rear tire has a slow leak too',
      'random q, do u guys sell those clip on lights? my front one died lol',
    ]);
    expect(termsOf('the main one', 'en').stems).toEqual(['main']);
    expect(statements[0].terms.stems).toContain('syn:problem');
    expect(recallStatements('which tyre did i say has the slow puncture?', statements, 'en')[0]?.text).toContain('rear tire');
  });
});

describe('round 11: a date by an instead word; German intolerances', () => {
  it('"sie startet doch erst am 15. september" replaces the date "1. september", not the time "17 uhr"', () => {
    const { statements, corrections } = buildStatements(
      [],
      [
        user('unsere tochter heißt Emma, ist 2 jahre alt, und soll ab 1. september in die Marienkäfer-gruppe'),
        user('abholen wird meistens ihre oma, Petra Weiß, ich arbeite bis 17 uhr'),
        user('korrektur: sie startet doch erst am 15. september, wir sind vorher im urlaub'),
      ],
      undefined,
      'de',
    );
    expect(corrections).toEqual([{ from: '1. september', to: '15. september' }]);
    expect(statements.map((s) => s.text).join(' ')).toContain('bis 17 uhr');
  });

  it('a lactose intolerance is a diet restriction in German ("was verträgt sie nicht?")', () => {
    expect(termsOf('sie hat eine laktoseintoleranz', 'de').stems).toContain('cat:diet');
  });
});

describe('round 11: a correction marker inside a sentence', () => {
  it('"the 28th, oops, make that the 30th" and "at 9, sorry, i mean 10" correct the value before the marker', () => {
    expect(findCorrections('my last day at the flat is the 28th, oops, make that the 30th, landlord gave me two extra days')).toEqual([
      { from: '28th', to: '30th' },
    ]);
    expect(findCorrections("i'll be there at 9, sorry, i mean 10")).toEqual([{ from: '9', to: '10' }]);
    expect(findCorrections('order 4412 arrived, actually it came with 2 broken plates')).toEqual([]);
  });
});

describe('round 11: no correction from a name followed by "no" and a verb', () => {
  it('"el jueves Julián no puede" replaces no word; "sorry i meant Cork, not dublin" still does', () => {
    expect(findCorrections('uy no, en realidad el jueves Julián no puede, ¿mejor el viernes 17 a la misma hora?')).toEqual([]);
    expect(findCorrections('sorry i meant Cork, not dublin')).toEqual([{ from: 'dublin', to: 'Cork' }]);
  });
});

describe('round 11: telling back proposals and corrections made inside a sentence', () => {
  const told = (said: string[], lang: 'en' | 'pt' | 'es' | 'fr' | 'de') =>
    buildStatements([], said.map(user), undefined, lang).statements.map((s) => tellBack(s, lang, 's'));

  it('a proposal kept from a question is told back as one, not as a statement ("You told me can you drop it off…")', () => {
    expect(told(['can i drop it off on thursday before work, like 7:45?'], 'en')[0]).toMatch(/^(You suggested|Your suggestion was): drop it off on thursday/);
    expect(told(['¿podríamos ir el jueves 16 a las 18:30?'], 'es')[0]).toMatch(/: ir el jueves 16 a las 18:30\.$/);
    // What the person can do is a statement ("je peux bosser 2h par soir max").
    expect(told(['je peux bosser 2h par soir max, après je suis cuite'], 'fr')[0]).toMatch(/^Tu m’as (dit|raconté) que tu peux bosser/);
  });

  it('"the 28th, oops, make that the 30th" is told back with the new value once', () => {
    expect(told(['my last day at the flat is the 28th, oops, make that the 30th, landlord gave me two extra days'], 'en')[0]).toMatch(
      /your last day at the flat is the 30th, landlord gave you two extra days\.$/,
    );
    expect(told(["i'll be there at 9, sorry, i mean 10"], 'en')[0]).toMatch(/you'll be there at 10\.$/);
  });
});

describe('round 12: shorthand, irregular pasts, guesses by kind, addresses, mistakes', () => {
  const build = (said: string[], lang: 'en' | 'pt' | 'es' | 'fr' | 'de') => buildStatements([], said.map(user), undefined, lang).statements;
  const told = (said: string[], lang: 'en' | 'pt' | 'es' | 'fr' | 'de') => build(said, lang).map((s) => tellBack(s, lang, 's'));

  it('chat shorthand is kept written out in the language of the message, never inside a code or as an initial', () => {
    expect(extractStatements('tb to com um problema q o app trava', { language: 'pt' }).map((f) => f.text)).toEqual([
      'também to com um problema que o app trava',
    ]);
    expect(extractStatements('im moving on the 5th, my code is Q-204', { language: 'en' }).map((f) => f.text)).toEqual([
      "i'm moving on the 5th, my code is Q-204",
    ]);
    expect(extractStatements('ich brauch nen termin für meinen golf', { language: 'de' }).map((f) => f.text)).toEqual([
      'ich brauch einen termin für meinen golf',
    ]);
  });

  it('"¿a q hora…?" is a question about a time of day once "q" is read as "que"', () => {
    const said = build(['la reunión es el jueves 24 a las 19:30 en la biblioteca', 'mi gato se ha subido a la nevera'], 'es');
    expect(recallStatements('¿a q hora es la reunión?', said, 'es', 1).map((s) => s.text)).toEqual(['la reunión es el jueves 24 a las 19:30 en la biblioteca']);
  });

  it('an English past with another stem finds its base ("flew" for "flying")', () => {
    const said = build(['flew easyjet from rome to edinburgh on the 3rd', 'the bag is navy with a yellow ribbon'], 'en');
    expect(recallStatements('where was i flying from?', said, 'en', 1, { loose: true }).map((s) => s.text)).toEqual([
      'flew easyjet from rome to edinburgh on the 3rd',
    ]);
  });

  it('a where question sharing no word with memory is guessed from the place said, only as the last try', () => {
    const said = build(['nos casamos el 14 de junio, es en la finca los almendros, en aranjuez', 'somos unos 150 invitados'], 'es');
    expect(recallStatements('¿dónde se celebra todo?', said, 'es', 1, { loose: true })).toEqual([]);
    expect(recallStatements('¿dónde se celebra todo?', said, 'es', 1, { guess: true }).map((s) => s.text)).toEqual([
      'nos casamos el 14 de junio, es en la finca los almendros, en aranjuez',
    ]);
  });

  it('"X, not a Y — reason" is told back without the value ruled out', () => {
    expect(told(["it needs to be an SUV, not a compact — we've got way too much stuff"], 'en')[0]).not.toContain('compact');
  });

  it('"sorry, i meant tobias will collect it, ingrid\'s on holiday" replaces who collects, and its reason is not told back', () => {
    const said = build(['my colleague ingrid will collect it on friday btw', "sorry, i meant tobias will collect it, ingrid's on holiday that week"], 'en');
    expect(said.map((s) => s.text)).toEqual(['sorry, i meant tobias will collect it']);
    // "Actually" alone says no mistake: a plain statement stays one.
    expect(build(['my colleague ingrid will collect it on friday', 'actually the weather is lovely today'], 'en')).toHaveLength(2);
  });
});

describe('round 12: a secret named is no secret given', () => {
  it('keeps a sentence that only names a PIN or a password, never one that gives it', () => {
    const kept = (s: string, language: string) => extractStatements(s, { language }).map((f) => f.text);
    expect(kept('metí mal el pin 3 veces, es la visa que termina en 4417', 'es')).toHaveLength(1);
    expect(kept('i forgot my password again', 'en')).toEqual(['i forgot my password again']);
    expect(kept('mi pin es 4821', 'es')).toEqual([]);
    expect(kept('my password is hunter22', 'en')).toEqual([]);
    expect(kept('card number 4111 1111 1111 1111', 'en')).toEqual([]);
    expect(kept('a senha: abc123', 'pt')).toEqual([]);
  });
});

describe('round 12: who receives, a value named again, a question in a later clause', () => {
  const build = (said: string[], lang: 'en' | 'pt' | 'es' | 'fr' | 'de') => buildStatements([], said.map(user), undefined, lang);

  it('"quem recebe é meu neto gustavo" tells who it is; "quem é o meu médico" asks', () => {
    expect(extractStatements('quem recebe é meu neto gustavo, eu vou tá na hidroginástica', { language: 'pt' })).toHaveLength(1);
    expect(extractStatements('who picks it up is my son', { language: 'en' })).toHaveLength(1);
    expect(extractStatements('quem é o meu médico', { language: 'pt' })).toEqual([]);
  });

  it('a value named again in a correction is not a slip of another ("a de 50 era a antiga" leaves "caixa com 60")', () => {
    const { corrections, statements } = build(['é losartana 50mg, caixa com 60', 'ai me enganei, é de 100mg, a de 50 era a antiga'], 'pt');
    expect(corrections).toEqual([{ from: '50mg', to: '100mg' }]);
    expect(statements[0].text).toBe('é losartana 100mg, caixa com 60');
  });

  it('what a correction superseded keeps its clauses with values the correction does not touch', () => {
    const { statements } = build(
      [
        'mitgliedsnummer ist 881930, ich trainiere in der filiale altona, tarif premium für 39,90 im monat',
        'ach so, die filiale: ich meinte eimsbüttel, nicht altona, altona war früher mal',
      ],
      'de',
    );
    expect(statements.map((s) => s.text)).toEqual(['mitgliedsnummer ist 881930, tarif premium für 39,90 im monat', 'ich meinte eimsbüttel, nicht altona']);
  });

  it('a slip in an amount with a thousands separator is corrected ("R$ 1.850" → "R$ 1.580")', () => {
    const { statements } = build(['fiz um pix de R$ 1.850 ontem pro meu senhorio', 'me enganei, o valor foi R$ 1.580, troquei os números'], 'pt');
    expect(statements[0].text).toBe('fiz um pix de R$ 1.580 ontem pro meu senhorio');
  });
});

describe('round 12: amounts grouped by spaces', () => {
  it('"3 200 €, pas 2 800" corrects the whole amount', () => {
    expect(findCorrections('pardon, je voulais dire 3 200 € de budget, pas 2 800, ma mère nous offre une partie')).toEqual([{ from: '2 800', to: '3 200' }]);
    const { statements } = buildStatements(
      [],
      [user('budget 2 800 € pour nous deux'), user('pardon, je voulais dire 3 200 € de budget, pas 2 800')],
      undefined,
      'fr',
    );
    expect(statements[0].text).toBe('budget 3 200 € pour nous deux');
  });
});

/** The statements of what a person said, one message each (round 13). */
const statementsOf = (said: string[], lang: 'en' | 'pt' | 'es' | 'fr' | 'de') => buildStatements([], said.map(user), undefined, lang).statements;

describe('round 13: corrections of one form, postcodes, streets, who by relation', () => {
  it('"the 19th instead" replaces the day written the same way, not the hour said after it', () => {
    const said = statementsOf(['they said collection on the 17th between 8 and 12', 'oh actually the van is coming on the 19th instead, same window'], 'en');
    expect(said[0].text).toBe('they said collection on the 19th between 8 and 12');
  });

  it('a postcode in two groups is one value: "HG2 7PR, not HG2 7PL" corrects the whole postcode', () => {
    expect(findCorrections('hm actually the postcode is HG2 7PR, not HG2 7PL, i always mix those two up')).toEqual([{ from: 'HG2 7PL', to: 'HG2 7PR' }]);
    const said = statementsOf(['house is 14 Larkfield Road, Harrogate HG2 7PL', 'hm actually the postcode is HG2 7PR, not HG2 7PL'], 'en');
    expect(said[0].text).toBe('house is 14 Larkfield Road, Harrogate HG2 7PR');
  });

  it('a question naming a street word about what was said is answered by the whole address, not a part said again', () => {
    const said = statementsOf(
      [
        'our kitchen sockets keep tripping, house is 14 Larkfield Road, Harrogate HG2 7PL',
        'want to make sure i gave it right',
        'hm actually the postcode is HG2 7PR, not HG2 7PL',
      ],
      'en',
    );
    expect(recallStatements('wait what street did i give you?', said, 'en', 1).map((s) => s.text)).toEqual([
      'our kitchen sockets keep tripping, house is 14 Larkfield Road, Harrogate HG2 7PR',
    ]);
    // A street word in a question about something else asks for no address.
    expect(recallStatements('is there parking on the street?', said, 'en', 1)).toEqual([]);
  });

  it('who someone is to the person answers "who" before a company named in full ("my flatmate Joss", not "Hallam Home")', () => {
    const said = statementsOf(
      ['bought a 3 seater sofa from Hallam Home last month, paid £1,249', 'they said collection on the 17th between 8 and 12. my flatmate Joss will be in'],
      'en',
    );
    expect(recallStatements("who's going to be at the flat for it", said, 'en', 1, { guess: true }).map((s) => s.text)).toEqual([
      'they said collection on the 17th between 8 and 12. my flatmate Joss will be in',
    ]);
    const es = statementsOf(['mi cuñada Paula es celíaca, hay que avisar al catering', 'el menú es de 3 platos'], 'es');
    expect(recallStatements('¿quién de la familia tiene intolerancia?', es, 'es', 1, { guess: true }).map((s) => s.text)).toEqual([
      'mi cuñada Paula es celíaca, hay que avisar al catering',
    ]);
  });
});

describe('round 13: what time, a corrected e-mail, who named in lower case', () => {
  it('"what time…" is no content word: "what time did i say it was?" is not about "last time"', () => {
    const said = statementsOf(
      ["interview's at 10:30 with a woman called priya shah", 'last time i froze completely at a place called tessaro and didnt get the job'],
      'en',
    );
    expect(recallStatements('what time did i say it was? im second guessing everything lol', said, 'en', 1).map((s) => s.text)).toEqual([
      "interview's at 10:30 with a woman called priya shah",
    ]);
  });

  it('an e-mail given in a correction replaces the other e-mail said just before, in the same message too', () => {
    const said = statementsOf(['ok send the confirmation to dani.okafor88@mailbox.co.uk. actually no, use my work one, d.okafor@brightlane.com'], 'en');
    expect(said[0].text).toBe('ok send the confirmation to d.okafor@brightlane.com.');
    expect(said.map((s) => s.text).join(' ')).not.toContain('dani.okafor88');
  });

  it('a person named in lower case after a naming word or a relation word answers "who…?"', () => {
    const en = statementsOf(['the bit im dreading is the sql test', 'my sister ellie is driving me, she drops her little one at nursery first'], 'en');
    expect(recallStatements("who's giving me a lift?", en, 'en', 1, { guess: true }).map((s) => s.text)).toEqual([
      'my sister ellie is driving me, she drops her little one at nursery first',
    ]);
    const es = statementsOf(['el vestido me queda grande de cintura', 'mi hermana rocío vendrá conmigo a la prueba'], 'es');
    expect(recallStatements('¿quién me acompaña a la prueba?', es, 'es', 1, { guess: true }).map((s) => s.text)).toEqual([
      'mi hermana rocío vendrá conmigo a la prueba',
    ]);
    // A verb after a relation word names no one: a name written as one answers first.
    const verb = statementsOf(['can i come on thursday? ideally with gareth', 'my mum keeps sending me voice notes that are four minutes long'], 'en');
    expect(recallStatements('who am i booked in with?', verb, 'en', 1, { guess: true }).map((s) => s.text)).toEqual(['ideally with gareth']);
  });
});

describe('round 13: secrets by clause, requests to tell back', () => {
  it('a sentence giving a secret keeps its other clauses when they hold a value', () => {
    expect(
      extractStatements('é uma samsung de 50 polegadas. o nome da rede nova é CASA_MORAES_5G e a senha é girassol2024', { language: 'pt' }).map((f) => f.text),
    ).toEqual(['é uma samsung de 50 polegadas.', 'o nome da rede nova é CASA_MORAES_5G']);
    expect(extractStatements('my pin is 4821, the card ends in 4417', { language: 'en' }).map((f) => f.text)).toEqual(['the card ends in 4417']);
    // What is left without a value of its own is not kept.
    expect(extractStatements('correção: a senha é girassol2025, eu troquei ontem e esqueci kkk', { language: 'pt' })).toEqual([]);
    expect(extractStatements('minha senha é abc12345', { language: 'pt' })).toEqual([]);
  });

  it('a request to say back what was told is no statement', () => {
    expect(extractStatements('me passa a senha q eu te falei pra eu digitar na tv', { language: 'pt' })).toEqual([]);
    expect(extractStatements('can u read me back the full address then', { language: 'en' })).toEqual([]);
  });
});

describe('round 13: codes asked for, questions never noted', () => {
  it('"whats the error code i gave u?" is answered, as the last try, by the code said, not by a postcode', () => {
    const said = statementsOf(
      ["my washing machine died mid cycle. there's an E18 blinking on the display", 'im at 14 larch grove, LS6 2QT. best days for me are tuesday'],
      'en',
    );
    expect(answerTypesOf('whats the error code i gave u?', 'en')).toContain('code');
    expect(recallStatements('whats the error code i gave you?', said, 'en', 1, { guess: true }).map((s) => s.text)).toEqual([
      "there's an E18 blinking on the display",
    ]);
    expect(isAddress('im at 14 larch grove, LS6 2QT', 'en')).toBe(true);
  });

  it('a question or a request to say back is never echoed as noted', () => {
    expect(echoDetail("bon. c'est quelle marque déjà, je vous l'avais dit ?", 'fr')).toBeUndefined();
    expect(echoDetail("pour l'annonce, rappelle-moi le nom et l'âge de mon chat", 'fr')).toBeUndefined();
    expect(echoDetail('my washing machine died mid cycle, water still sitting in the drum', 'en')).toBe(
      'your washing machine died mid cycle, water still sitting in the drum',
    );
  });
});

describe('round 13: "no longer", and a "no" that rules nothing out', () => {
  it('"c\'est plus le 6, … le 8 janvier" corrects the day ("no longer", "ya no es", "não é mais")', () => {
    const said = statementsOf(
      ['je suis en L2 de psycho à bordeaux, et mes partiels commencent le 6 janvier', "en fait c'est plus le 6, les partiels commencent le 8 janvier"],
      'fr',
    );
    expect(said[0].text).toBe('je suis en L2 de psycho à bordeaux, et mes partiels commencent le 8 janvier');
  });

  it('"non je rigole mais dis-moi…" corrects nothing', () => {
    expect(findCorrections('😂 non je rigole mais dis-moi si t’as retenu')).toEqual([]);
    expect(findCorrections('not the red one but the blue one')).toEqual([{ from: 'red', to: 'blue' }]);
  });
});

describe('round 13: slips keep their unit, the same noun before a number, measures', () => {
  it('"el alquiler son 720 €" corrects the rent said with the same noun, not "un 20% del piso"', () => {
    const said = statementsOf(
      [
        'además pago un alquiler de 650 € al mes y trabajo desde casa, un 20% del piso es mi estudio',
        'perdón, me equivoqué, el alquiler son 720 €, subió en enero',
      ],
      'es',
    );
    expect(said[0].text).toBe('además pago un alquiler de 720 € al mes y trabajo desde casa, un 20% del piso es mi estudio');
  });

  it('"X, no un Y" rules out Y after an indefinite article', () => {
    expect(findCorrections('perdón, me equivoqué: el piso de valencia es un 4º, no un 3º')).toEqual([{ from: '3º', to: '4º' }]);
  });

  it('an area and a storage size are asked for by their measure ("cuántos metros" → "70 m2", "capacité de stockage" → "256 go")', () => {
    expect(termsOf('el piso es de unos 70 m2', 'es').stems).toContain('cat:area');
    expect(termsOf('¿cuántos metros te dije que tiene el piso?', 'es').stems).toContain('cat:area');
    expect(termsOf('un iphone 13 de 256 go, très bon état', 'fr').stems).toContain('cat:storage');
    expect(termsOf('collection between 8 to 12', 'en').stems).not.toContain('cat:storage');
    const said = statementsOf(['un iphone 13 de 256 go, très bon état', 'je pensais le mettre à 320 €'], 'fr');
    expect(recallStatements('rappelle moi la capacité de stockage ?', said, 'fr', 1).map((s) => s.text)).toEqual(['un iphone 13 de 256 go, très bon état']);
  });
});

describe('round 14: what do you know about me, slips, measures, German compounds and verbs', () => {
  it('"what do you know about me?" is asked in every language, shorthand written out; "what do you know about Porto?" is not', () => {
    expect(asksAboutMe('cool. so what do u know about me so far', 'en')).toBe(true);
    expect(asksAboutMe('o que vc lembra de mim?', 'pt')).toBe(true);
    expect(asksAboutMe('¿qué sabes de nosotros hasta ahora?', 'es')).toBe(true);
    expect(asksAboutMe('was weißt du alles über mich?', 'de')).toBe(true);
    expect(asksAboutMe("qu'est-ce que tu sais sur moi ?", 'fr')).toBe(true);
    expect(asksAboutMe('what do you know about Porto?', 'en')).toBe(false);
    expect(asksAboutMe('what did i tell you about her?', 'en')).toBe(false);
  });

  it('the answer tells the statements with details first, no question, and no correction already written into what it corrects', () => {
    const said = statementsOf(
      [
        'heyy so i wanna book the beginners wheel class for me and my gf, shes called Ines',
        'oh and im left handed if that matters lol',
        'email is sam.okafor@fastmail.com for the booking',
        'can you do saturdays?',
        'oh it should be sam.okafor@fastmail.co.uk, not .com',
      ],
      'en',
    );
    const told = profileStatements(said).map((s) => s.text);
    expect(told).toEqual([
      'heyy so i want to book the beginners wheel class for me and my gf, shes called Ines',
      "oh and i'm left handed if that matters lol",
      'email is sam.okafor@fastmail.co.uk for the booking',
    ]);
  });

  it('the reply to "what do you know about me?" carries the corrected values, never the old ones', () => {
    const replies = play(sunny, [
      'flying out to Porto on the 3rd w my mum, booking ref is QX7T4M',
      'QX7T4N for the booking ref, the M at the end was a typo',
      'so what do u know about me so far',
    ]);
    expect(replies[2]).toContain('Porto');
    expect(replies[2]).toContain('QX7T4N');
    expect(replies[2]).not.toContain('QX7T4M');
  });

  it('a slip said anywhere in the sentence corrects ("…, the M at the end was a typo"); two codes with letters are compared whole', () => {
    expect(collectCorrections(['booking ref is QX7T4M', 'QX7T4N for the booking ref, the M at the end was a typo'])).toEqual([
      { from: 'QX7T4M', to: 'QX7T4N' },
    ]);
    expect(isCorrection('es 55-9031, me equivoqué al escribir', 'es')).toBe(true);
    expect(isCorrection('QX7T4N for the booking ref', 'en')).toBe(false);
  });

  it('an e-mail said with a "not" replaces the one given before, however long ago', () => {
    expect(
      collectCorrections([
        'email is sam.okafor@fastmail.com for the booking',
        'can we do 3 people',
        'i told you earlier',
        'i might have made a typo',
        'oh it should be sam.okafor@fastmail.co.uk, not .com',
      ]),
    ).toEqual([{ from: 'sam.okafor@fastmail.com', to: 'sam.okafor@fastmail.co.uk' }]);
  });

  it('a bare hour replacing a time of day keeps its hour word: "19 uhr, nicht 19:30"', () => {
    expect(findCorrections('ich meinte 19 uhr, nicht 19:30, hab grad nochmal aufs plakat geschaut')).toEqual([{ from: '19:30', to: '19 uhr' }]);
  });

  it('a ruled-out word before a laugh is left out when told back (", no la derecha jaja")', () => {
    expect(withoutRuledOut('la rodilla es la izquierda, no la derecha jaja vaya cabeza')).toBe('la rodilla es la izquierda jaja vaya cabeza');
  });

  it('a weight and an age carry their measure, so "her age and weight?" and "objetivo de peso" find them', () => {
    expect(termsOf('shes a 5 yr old lop, about 2.3kg', 'en').stems).toEqual(expect.arrayContaining(['cat:weight', 'cat:age']));
    expect(termsOf('what did i tell you about her age and weight?', 'en', undefined, { asked: true }).stems).toEqual(
      expect.arrayContaining(['cat:weight', 'cat:age']),
    );
    expect(termsOf('quiero bajar de 78 a 70 kilos antes de julio', 'es').stems).not.toContain('cat:age');
    expect(termsOf('mi hijo tiene 8 años', 'es').stems).toContain('cat:age');
    const said = statementsOf(['holaa, quiero bajar de 78 a 70 kilos antes de julio', 'puedo ir lunes y viernes a las 7'], 'es');
    expect(recallStatements('¿cuál era mi objetivo de peso?', said, 'es', 1, { confident: true }).map((s) => s.text)).toEqual([
      'holaa, quiero bajar de 78 a 70 kilos antes de julio',
    ]);
  });

  it('a German compound with a linking s is read as its parts ("wohnungsnummer" finds "wohnung 16"); "3. OG" ends no sentence', () => {
    expect(termsOf('welche wohnungsnummer hast du notiert?', 'de').stems).toEqual(termsOf('welche wohnung nummer hast du notiert?', 'de').stems);
    const said = statementsOf(['die heizung ist kalt, wohnung 14, 3. OG links, Birkenstraße 9', 'Korrektur: es ist wohnung 16, nicht 14'], 'de');
    expect(said[0].text).toBe('die heizung ist kalt, wohnung 16, 3. OG links, Birkenstraße 9');
    expect(recallStatements('welche wohnungsnummer hast du jetzt bei mir notiert?', said, 'de', 1, { confident: true })[0]?.text).toContain('wohnung 16');
  });

  it('German verbs agree with the shifted subject at the start of a clause ("ich singe" → "du singst", "wir haben" → "ihr habt")', () => {
    expect(shiftPerson('ich singe in einem chor und wir haben am 18. Oktober unser erstes konzert', 'de')).toBe(
      'du singst in einem chor und ihr habt am 18. Oktober euer erstes konzert',
    );
    expect(shiftPerson('ich arbeite bis 15 uhr, wir sind zu dritt', 'de')).toBe('du arbeitest bis 15 uhr, ihr seid zu dritt');
    // After an adverb the verb comes first: "berufsschule" is no verb, and since round 15 "hab" is shifted with "ich".
    expect(shiftPerson('donnerstags hab ich berufsschule', 'de')).toBe('donnerstags hast du berufsschule');
  });
});

describe('round 14: times corrected alone, a question and its detail, proposals by day of the month, problems', () => {
  it('"oops, make that 5:15" replaces the latest time of day said before, "15h30" whole', () => {
    expect(
      collectCorrections([
        'viewings only work after 2pm',
        'can we do thursday at 4:30',
        'my mobile is 07911 123 456',
        'oops, make that 5:15, i forgot i have a dentist thing',
      ]),
    ).toEqual([{ from: '4:30', to: '5:15' }]);
    expect(collectCorrections(['pode ser às 14h?', 'ops, melhor às 15h30'])).toEqual([{ from: '14h', to: '15h30' }]);
    // A correction with a number of its own is no time correction.
    expect(collectCorrections(['order 55123 arrives at 5pm', 'actually the order is 55132'])).toEqual([{ from: '55123', to: '55132' }]);
  });

  it('a short fragment with a number after a question is read with it ("…de manha? tipo 9h")', () => {
    const kept = extractStatements('o técnico pode vir sabado de manha? tipo 9h').map((f) => f.text);
    expect(kept).toEqual(['o técnico pode vir sabado de manha, tipo 9h']);
  });

  it('a request naming a day of the month is kept as a proposal; a question about the day is not', () => {
    expect(extractStatements('can she be seen on the 14th? my number is 07700 900 412').map((f) => f.text)).toEqual([
      'can she be seen on the 14th',
      'my number is 07700 900 412',
    ]);
    expect(extractStatements("qu'est-ce qui commence le 6 ?")).toEqual([]);
  });

  it('"parou de gelar", "schleift", "stopped" are problems: "qual era o problema que eu descrevi?" finds them', () => {
    const said = statementsOf(['minha geladeira parou de gelar em cima, embaixo ta normal', 'moro na rua das acácias 212'], 'pt');
    expect(recallStatements('qual era o problema que eu descrevi mesmo?', said, 'pt', 1, { confident: true }).map((s) => s.text)).toEqual([
      'minha geladeira parou de gelar em cima, embaixo ta normal',
    ]);
  });
});

describe('round 14: what is on a day of the month', () => {
  it('"what\'s on the 14th?" asks for a day in every language; a time on it, a floor or a question with two days does not', () => {
    expect(askedDay("so what's happening on the 23rd then?", 'en')).toEqual({ day: '23rd', n: 23 });
    expect(askedDay('¿qué tengo el 17? lo apunto en el calendario', 'es')).toEqual({ day: '17', n: 17 });
    expect(askedDay('o que tenho no dia 9?', 'pt')).toEqual({ day: '9', n: 9 });
    expect(askedDay('was ist am 29. bei uns los?', 'de')).toEqual({ day: '29', n: 29 });
    expect(askedDay("qu'est-ce qui est prévu le 17 alors ?", 'fr')).toEqual({ day: '17', n: 17 });
    expect(askedDay('what time on the 23rd?', 'en')).toBeUndefined();
    expect(askedDay('what did i say about the 3rd floor?', 'en')).toBeUndefined();
    expect(askedDay('what is on the 3rd or the 4th?', 'en')).toBeUndefined();
  });

  it('a statement holds the day when it gives a time and says the number, not as an amount', () => {
    const [a, b, d] = statementsOf(['can she be seen on the 14th', 'mejor el viernes 17 a la misma hora', 'paid 14 € for it'], 'en');
    expect(holdsDay(a, 14)).toBe(true);
    expect(holdsDay(b, 17)).toBe(true);
    expect(holdsDay(d, 14)).toBe(false);
  });

  it('the day was asked for when the person asked to book and the statement is a request or a correction', () => {
    const held = statementsOf(["i'm free on the 21st in the morning", 'no wait, make it the 23rd, same time'], 'en');
    expect(bookedDay(held.slice(1), ['ok can you book a technician?'], 'en')).toBe(true);
    expect(bookedDay(held.slice(1), ['my sister is visiting next month'], 'en')).toBe(false);
    const wedding = statementsOf(['my sister gets married on the 28th'], 'en');
    expect(bookedDay(wedding, ['can you book a table for two?'], 'en')).toBe(false);
  });

  it('the reply names the appointment asked for, then what was said of the day', () => {
    const replies = play(sunny, [
      'hi, can i book a repair? the washing machine leaks',
      'can someone come on the 14th? mornings are best',
      "what's on the 14th for me?",
    ]);
    expect(replies[2]).toMatch(/^On the 14th I have the appointment you asked for\./);
    expect(replies[2]).toContain('14th');
  });
});

describe('round 14: two questions in one message, shorthand, spots', () => {
  it('each clause that asks is a question of its own ("whats her name…, and whats wrong with her")', () => {
    expect(questionClauses('whats her name again in your notes, and whats wrong with her', 'en')).toEqual([
      'whats her name again in your notes,',
      'whats wrong with her',
    ]);
    expect(questionClauses('where did i say we are going again and which day?', 'en')).toHaveLength(1);
  });

  it('"n" is "não" in Portuguese chat: "tem algo q eu n posso tomar?" asks what the person must not take', () => {
    const said = statementsOf(['ah e tenho alergia a dipirona, anota ai', 'queria marcar pra quinta dia 9 de manhã'], 'pt');
    const found = recallStatements('se precisar me receitar remedio p dor, tem algo q eu n posso tomar?', said, 'pt', 1, { confident: true });
    expect(found.map((s) => s.text)).toEqual(['ah e tenho alergia a dipirona, anota ai']);
  });

  it('spots are people: "how many spots am i booking now?" finds "can we do 3 people"', () => {
    expect(termsOf('how many spots am i booking now?', 'en').stems).toEqual(expect.arrayContaining(termsOf('3 people', 'en').stems));
  });
});

describe('round 15: replies that fit, sympathy that does not stick, questions not kept', () => {
  const entity = (name: string, description: string): Soul => ({
    id: `entity-${name}`,
    name,
    description,
    tone: 'friendly',
    language: 'en',
    styleRules: [],
    greeting: `Hi, I'm ${name}.`,
  });
  const vet = entity('Hazel', 'front-desk assistant for Burrow Lane Veterinary Clinic: books appointments for small pets and exotics');
  const pottery = entity(
    'Ottilie',
    'booking and studio assistant for Clay Corner, a pottery studio running wheel-throwing classes, open studio sessions and kiln firing for members',
  );

  it('a feeling asked about is no feeling told, and sympathy answers only the message that tells one', () => {
    const replies = play(vet, [
      'my bunny Biscuit hasnt been eating since yesterday, shes a 4 yr old lop',
      'do rabbits get lonely? ive been reading about bonding',
      'i might get her a friend one day',
      'i just get anxious',
      'she did drink some water this morning at least',
    ]);
    expect(replies[1]).not.toMatch(/feel this way|sorry/i);
    expect(replies[2]).not.toMatch(/Days like that are hard/);
    expect(replies[3]).toMatch(/sorry/i);
    expect(replies[4]).not.toMatch(/Days like that are hard|feel this way/);
  });

  it('a case is carried over from the last few messages only; a charger is no payment', () => {
    const replies = play(vet, [
      'my bunny Biscuit hasnt been eating since yesterday, shes a 4 yr old lop',
      'she chewed through my laptop charger last month',
      'i was charged twice for the last visit',
      'she has this thing where she flops over when shes happy',
      'my flatmate calls her the potato',
      'we tried to litter train her and it sort of worked',
      'honestly she runs the house',
      'i keep checking on her every 10 minutes',
    ]);
    expect(replies[1]).not.toMatch(/payment/i);
    expect(replies[2]).toMatch(/payment/i);
    expect(replies[7]).not.toMatch(/payment/i);
  });

  it('what was said long ago still counts for a trade: the animal is not asked for again', () => {
    const says = ['my bunny Biscuit hasnt been eating since yesterday, shes a 4 yr old lop'];
    for (let k = 0; k < 8; k++) says.push(`she did something funny again today, number ${k + 1}`);
    says.push('she is sitting all hunched up and not moving much');
    const replies = play(vet, says);
    expect(replies.join('\n')).not.toMatch(/which animal/i);
  });

  it('a pottery studio is a craft studio, not a gym ("running" classes is no sport)', () => {
    expect(tradeOf('a pottery studio running wheel-throwing classes')?.id).toBe('crafts');
    expect(tradeOf('Fuerza Norte running club: training plans for runners')?.id).toBe('fitness');
    const replies = play(pottery, ["we're both total beginners, can i book the saturday class?"]);
    expect(replies[0]).not.toMatch(/losing weight|strength|endurance/i);
  });

  it('a question whose verb comes before its subject is no statement, also without "?"', () => {
    expect(opensLikeQuestion('is this the clinic or a person', 'en')).toBe(true);
    expect(opensLikeQuestion('am i talking to a real person', 'en')).toBe(true);
    expect(opensLikeQuestion('is it normal for them to hide in the corner', 'en')).toBe(true);
    expect(opensLikeQuestion('can we do 3 people, my mate Jude wants in', 'en')).toBe(false);
    expect(extractStatements('oh wait, is this the clinic or a person', { language: 'en' })).toEqual([]);
    // A tag after a statement keeps the statement.
    expect(extractStatements('my wife Gloria might collect it instead, is that ok', { language: 'en' })).toHaveLength(1);
  });

  it('what a message ends with that says nothing is not told back, nor what is left of an apology', () => {
    expect(echoDetail('my sister is left handed too if that matters lol', 'en')).toBe('your sister is left handed too');
    expect(echoDetail('my flatmate calls her the potato lol', 'en')).toBe('your flatmate calls her the potato');
    expect(echoDetail('sorry for all the messages', 'en')).toBeUndefined();
    expect(echoDetail('minha irmã chega na sexta kkkk', 'pt')).toBe('sua irmã chega na sexta');
  });

  it("a question about the agent's own life is answered as the agent, not from memory", () => {
    const replies = play(pottery, [
      'can i book the saturday the 22nd class for me and my gf Ines',
      'do you do anything fun when ur not booking classes?',
      'do you have pets yourself?',
    ]);
    expect(replies[1]).toMatch(/virtual/i);
    expect(replies[1]).not.toMatch(/22nd/);
    expect(replies[2]).toMatch(/virtual/i);
  });

  it('a plan whose day is said beside it is not asked "when"', () => {
    const replies = play(pottery, ['heyy so i wanna book the beginners wheel class for me and my gf. saturday the 22nd if theres space']);
    expect(replies[0]).not.toMatch(/when/i);
  });
});

describe('round 15: names typed in lower case, what the agent is for, names of others', () => {
  const nameOf = (message: string, language: string) => extractFacts(message, { language }).find((f) => f.key === 'name')?.value;

  it('a self-introduction in lower case gives a name when the word could be one', () => {
    expect(nameOf('hey, im dana. my road bike makes this clicking noise', 'en')).toBe('Dana');
    expect(nameOf('oi boa tarde! sou a camila, minha gata ta vomitando', 'pt')).toBe('Camila');
    expect(nameOf('bom dia, preciso fazer meu IR esse ano, sou o fábio teixeira, autônomo', 'pt')).toBe('Fábio');
    expect(nameOf('buenas! soy iker, quiero apuntarme al curso', 'es')).toBe('Iker');
    expect(nameOf('slt ! moi c julien, dev freelance', 'fr')).toBe('Julien');
  });

  it('a state, a job or a word of the language is no name', () => {
    for (const [m, l] of [
      ['im tired.', 'en'],
      ['im vegan', 'en'],
      ['hey, im bored', 'en'],
      ['im sooo tired', 'en'],
      ['sou a responsável.', 'pt'],
      ['sou a mãe da luiza.', 'pt'],
      ['je suis fatigué, bonne nuit', 'fr'],
      ['bonjour, je suis boulanger, à nantes', 'fr'],
      ['soy yo.', 'es'],
    ])
      expect(nameOf(m, l)).toBeUndefined();
  });

  it('"what can you help me with here?" names what the agent is for, and for a catalogue agent what the person came for', () => {
    const bookstore = {
      id: 'entity-Marlowe',
      name: 'Marlowe',
      description: 'Helps customers of Marlowe & Finch, an independent bookstore, find books, order titles and follow their special orders.',
      tone: 'friendly',
      language: 'en',
      styleRules: [],
      greeting: "Hi, I'm Marlowe.",
    };
    expect(play(bookstore, ['hi! looking for a present for my daughter', 'what kind of stuff can you help me with here?'])[1]).toMatch(/bookstore/);
    const replies = play(sunny, ['i wanna book the beginners wheel class for me and my gf', 'what kinda stuff can you help me with here anyway']);
    expect(replies[1]).toMatch(/wheel class/);
    expect(play(sunny, ["tu peux m'aider pour quoi d'autre ici ?"])[0]).toMatch(/Sunny/);
  });

  it("the name of someone else is found by what the question says of them, not answered with the person's own", () => {
    const replies = play(lia, [
      'oii tudo bem? sou a renata, mãe do theo. queria tirar umas dúvidas da excursão',
      'a professora dele é a tia jussara',
      'o passeio sai às 7h15 da escola',
      'quem é a professora dele msm, esqueci o nome 🙈',
      'e o meu nome, vc lembra?',
    ]);
    expect(replies[3]).toMatch(/jussara/i);
    expect(replies[4]).toMatch(/Renata/);
  });
});

describe('round 15: chatter acknowledged without a form, German verbs before their subject', () => {
  it('consecutive details are noted in changing words, and "how can I help?" is not asked twice running', () => {
    const replies = play(sunny, [
      'my flatmate calls her the potato',
      'we tried to litter train her and it sort of worked',
      'she chewed through my laptop charger last month',
      'honestly she runs the whole house now',
    ]);
    const frames = replies.map((r) => r.split(/[:—]/)[0]);
    for (let k = 1; k < frames.length; k++) expect(frames[k]).not.toBe(frames[k - 1]);
    const asks = replies.map((r) => /help you with|help you around/i.test(r));
    for (let k = 1; k < asks.length; k++) expect(asks[k] && asks[k - 1]).toBe(false);
  });

  it('a German verb before "ich" is shifted with it, and a dropped subject is told', () => {
    expect(shiftPerson('vorher bin ich arbeiten', 'de')).toBe('vorher bist du arbeiten');
    expect(shiftPerson('donnerstags hab ich frei', 'de')).toBe('donnerstags hast du frei');
    expect(shiftPerson('ich glaub die nachbarn haben das gleiche problem', 'de')).toBe('du glaubst die nachbarn haben das gleiche problem');
    expect(shiftPerson('hab den heizlüfter vom nachbarn ausgeliehen', 'de')).toBe('du hast den heizlüfter vom nachbarn ausgeliehen');
    expect(shiftPerson('ich wohne in Köln und arbeite bei Bosch', 'de')).toBe('du wohnst in Köln und arbeitest bei Bosch');
  });

  it('irregular first persons of Portuguese and Spanish are told back in the person addressed', () => {
    expect(shiftPerson('saio da rua das acácias 212, em moema', 'pt')).toBe('sai da rua das acácias 212, em moema');
    expect(shiftPerson('eu saio às 8', 'pt')).toBe('você sai às 8');
    expect(shiftPerson('salgo a las 8 de casa', 'es')).toBe('sales a las 8 de casa');
    expect(shiftPerson('el vuelo sale a las 9', 'es')).toBe('el vuelo sale a las 9');
  });
});

describe('round 15: greetings are not told back, a pet named is not the agent', () => {
  it('a greeting opening a statement is left out when it is told back', () => {
    const [st] = statementsOf(['bom dia, preciso fazer meu IR esse ano, trabalho como designer'], 'pt');
    expect(tellBack(st, 'pt', 'x')).not.toMatch(/bom dia/i);
    expect(tellBack(st, 'pt', 'x')).toMatch(/designer/);
  });

  it('"como chama minha bichana?" asks for the cat\'s name, not the agent\'s', () => {
    expect(asksAboutAgent('vc lembra como chama minha bichana?')).toBe(false);
    expect(asksAboutAgent('e vc, como se chama?')).toBe(true);
  });
});

describe('round 16: a laugh before a question, a modal question that proposes nothing', () => {
  it('a laugh opening a question does not make it a statement to note', () => {
    expect(opensLikeQuestion('haha do u remember my name', 'en')).toBe(true);
    expect(extractStatements('haha do u remember my name')).toEqual([]);
    expect(extractStatements('kkkk ok, meu cachorro se chama Thor').map((s) => s.text)).toEqual(['kkkk ok, meu cachorro se chama Thor']);
  });

  it('French "y a…" keeps its "y" (Spanish "y", "and", is an opener elsewhere)', () => {
    expect(echoQuestion('y a du café à volonté ?', 'fr')).toBe('y a du café à volonté ?');
    expect(echoQuestion('y dónde queda la tienda?', 'es')).not.toMatch(/^y /i);
  });

  it("a question naming someone of the person's keeps who they are, not what it asks", () => {
    expect(extractStatements('je peux venir avec mon chien oscar ?', { language: 'fr' }).map((s) => s.text)).toEqual(["mon chien, c'est oscar"]);
    expect(extractStatements('can i bring my dog Rex?').map((s) => s.text)).toEqual(['my dog is Rex']);
    expect(extractStatements('posso levar minha filha ana?').map((s) => s.text)).toEqual(['minha filha é ana']);
    // No name after the relation word: nothing is told.
    expect(extractStatements('can my son usually come along?')).toEqual([]);
    const sts = statementsOf(['je peux venir avec mon chien oscar ? il est hyper calme'], 'fr');
    expect(recallStatements("et mon toutou il s'appelle comment ?", sts, 'fr', 2, { confident: true }).map((s) => s.text)).toEqual(["mon chien, c'est oscar"]);
  });

  it('a question whether something is there that nothing said names asks for something new', () => {
    const sts = statementsOf(['i have a mug from the last open studio waiting to be fired, ticket PT-4471'], 'en');
    expect(asksForSomethingNew('is there parking near the studio?', sts, 'en')).toBe(true);
    expect(asksForSomethingNew('y a une terrasse ?', statementsOf(['je cherche un poste fixe en formule mensuelle'], 'fr'), 'fr')).toBe(true);
    // What was said is asked about, not something new.
    const moving = statementsOf(['o prédio novo é no 3º andar, sem elevador'], 'pt');
    expect(asksForSomethingNew('o prédio novo tem elevador?', moving, 'pt')).toBe(false);
    expect(asksForSomethingNew('tem elevador no prédio novo?', moving, 'pt')).toBe(false);
    expect(asksForSomethingNew('where is the studio again?', sts, 'en')).toBe(false);
  });

  it('a question opening with a modal asks unless it proposes a value', () => {
    expect(extractStatements('can we keep our tools there between classes')).toEqual([]);
    expect(extractStatements('could i bring my own apron to class')).toEqual([]);
    expect(extractStatements('can we do 3 people on saturday').length).toBe(1);
    expect(extractStatements('could i come in on friday instead').length).toBe(1);
  });
});

describe('round 17: what the agent is for, questions in every language, an apology before a question', () => {
  it('a "what" question with a verb of serving and no case of its own asks what the agent is for', () => {
    for (const q of [
      'what kinds of things can you sort out for me here?',
      'o que exatamente vocês podem me ajudar a resolver?',
      'e tu ajuda com o que exatamente? só pedido ou tem mais coisa?',
      'o que vcs fazem aí na clínica além de vender?',
      '¿qué cosas hacéis en el estudio además de tatuar?',
      '¿qué me puedes resolver tú exactamente?',
      'was genau kannst du für uns machen?',
      'was bieten Sie denn alles an?',
    ])
      expect([q, asksCapabilities(q)]).toEqual([q, true]);
    for (const q of [
      'what can you do about the noise?',
      'what can i do to fix it?',
      'what did you do with my order?',
      'what do you do when it rains?',
      'what do you think?',
      'was kann ich tun?',
      'what can you offer for a 30ft boat in june?',
    ])
      expect([q, asksCapabilities(q)]).toEqual([q, false]);
  });

  it('an entity asked what it can do answers with its purpose', () => {
    const soul = {
      id: 'e-stable',
      name: 'Greta',
      description: 'Reitstall Sonnenhof: Reitunterricht für Kinder und Erwachsene, Ponykurse und Pensionspferde.',
      tone: 'friendly',
      language: 'de',
      styleRules: [],
      greeting: 'Hallo!',
    };
    const [, reply] = play(soul as Soul, ['hallo, meine tochter lena möchte reiten lernen', 'was genau kannst du für uns machen?']);
    expect(reply).toMatch(/Reitunterricht|Ponykurse/);
  });

  it('a question that says "te he dicho" asks what was said, in Spanish too', () => {
    const [, reply] = play(getSoul('friendly-support')!, ['hola! soy rosa, la madre de pablo', '¿cuántos hijos te he dicho q tengo y cómo se llaman?']);
    expect(reply).not.toMatch(/verificar|consultar/);
  });

  it('what a message says before its question is not told back as said before, also after an apology', () => {
    const soul = getSoul('empathetic-listener')!;
    const [, , reply] = play(soul, [
      'o velório começa às 15h na sala maior',
      'vem muita gente da igreja',
      'desculpa, tô meio perdida. que horas começa mesmo?',
    ]);
    expect(reply).toMatch(/15h/);
    expect(reply).not.toMatch(/perdida/);
  });
});

describe('round 17: compounds, phone numbers, a correction that gives its reason', () => {
  it('a German compound is a kind of its head ("bücherkartons" are "kartons")', () => {
    expect(kinStems('karton', 'bucherkarton')).toBe(true);
    expect(kinStems('numm', 'handynumm')).toBe(false);
    const sts = statementsOf(['wir brauchen so 40 große und 20 bücherkartons', 'der umzug ist am 14. märz'], 'de');
    expect(recallStatements('wie viele große kartons waren es?', sts, 'de', 1).map((s) => s.text)).toEqual(['wir brauchen so 40 große und 20 bücherkartons']);
  });

  it('a number of seven digits or more is what "the number I gave you" asks for', () => {
    expect(termsOf('tel 0761 4492017', 'de').stems).toContain('cat:code');
    expect(termsOf('(11) 98765-4321', 'pt').stems).toContain('cat:code');
    expect(termsOf('on 14.03.2024 at 10:30', 'en').stems).not.toContain('cat:code');
    const replies = play(getSoul('formal-concierge')!, [
      'umzug ist am 14. märz nach Karlsruhe',
      'ich heiße Özlem Yıldız, tel 0761 4492017',
      'wie war nochmal die nummer, die ich ihnen gegeben habe?',
    ]);
    expect(replies[2]).toMatch(/0761 4492017/);
  });

  it('a correction opening with a time replaces the time before, not by the time its reason names', () => {
    expect(collectCorrections(['ok so can someone come at 7pm', 'actually make it 6:30, Priya has to go out at 7 for her night shift'])).toEqual([
      { from: '7pm', to: '6:30' },
    ]);
    expect(collectCorrections(['can we do 4:30 on thursday', 'sorry, can’t do 5, make it 6:15'])).toEqual([{ from: '4:30', to: '6:15' }]);
  });

  it('what a "X, not Y" says of Y afterwards is kept apart, found only when Y is asked about', () => {
    const sts = statementsOf(['the school recital is on the 14th of september', 'sorry, i meant the 21st, not the 14th. the 14th is my dentist lol'], 'en');
    expect(sts.map((s) => s.text)).toEqual(['the school recital is on the 21st of september', 'the 14th is my dentist lol']);
    expect(recallStatements('and the 14th?', sts, 'en', 2).map((s) => s.text)).toContain('the 14th is my dentist lol');
    expect(recallStatements('when is the recital?', sts, 'en', 2).map((s) => s.text)).toEqual(['the school recital is on the 21st of september']);
    const de = statementsOf(['am liebsten samstags vormittags, so um 10', 'ich meinte übrigens sonntags, nicht samstags, samstags hat sie ballett'], 'de');
    expect(de.map((s) => s.text)).not.toContain('sonntags hat sie ballett');
    const stable = entitySoul('Reiterhof Lindenhof: Reitstunden und Ferienkurse für Kinder', 'de', 'Greta');
    const [, , when, saturday] = play(stable, [
      'am liebsten samstags vormittags, so um 10',
      'ich meinte übrigens sonntags, nicht samstags, samstags hat sie ballett',
      'an welchem tag soll lena jetzt reiten?',
      'was macht sie samstags nochmal, dass es nicht geht?',
    ]);
    expect(when).toMatch(/sonntags/);
    expect(when).not.toMatch(/samstag/i);
    expect(saturday).toMatch(/samstags hat sie ballett/);
  });

  it('German questions put their verb first; "whose" and a question after a colon ask', () => {
    expect(opensLikeQuestion('hab ich das gesagt', 'de')).toBe(true);
    expect(opensLikeQuestion('eigentlich ist es der 29. märz', 'de')).toBe(false);
    expect(opensLikeQuestion('zurück zum thema: wie alt ist meine tochter', 'de')).toBe(true);
    expect(opensLikeQuestion('presupuesto: como mucho 2.500 €', 'es')).toBe(false);
    expect(extractStatements('whose place am i waiting at again haha, my brain is fried').map((s) => s.text)).toEqual(['my brain is fried']);
    expect(extractStatements('so, zurück zum thema: wie alt ist meine tochter nochmal, hab ich das gesagt?', { language: 'de' })).toEqual([]);
  });

  it('"ich heiße übrigens Özlem" gives the name, not "Übrigens"', () => {
    expect(extractFacts('könnten sie liefern? ich heiße übrigens Özlem Yıldız', { language: 'de' }).find((f) => f.kind === 'name')?.value).toBe('Özlem Yıldız');
  });
});

describe('round 17: compounds end with a known word, "keine X sondern meine Y", languages in German', () => {
  it('a German compound is also the known word it ends with, unless it is a known word itself', () => {
    expect(termsOf('das ist für das standesamt in Köln', 'de').stems).toEqual(
      expect.arrayContaining(termsOf('welches amt?', 'de').stems.filter((s) => s !== 'welch')),
    );
    expect(termsOf('sie hat eine leichte pferdehaarallergie', 'de').stems).toEqual(expect.arrayContaining(termsOf('allergisch', 'de').stems));
    expect(termsOf('welche hausnummer?', 'de').stems).not.toContain('cat:code');
    // Only a language with compoundTails splits words.
    expect(termsOf('the standesamt', 'en').stems).not.toContain(termsOf('amt', 'en').stems[0]);
  });

  it('"keine heiratsurkunde sondern meine scheidungsurkunde" replaces the word, not by "meine"', () => {
    const { statements } = buildStatements(
      [],
      [
        user('ich brauche eine übersetzung von meiner geburtsurkunde und meiner heiratsurkunde, also portugiesisch ins deutsche'),
        user('Korrektur: es ist keine heiratsurkunde sondern meine scheidungsurkunde, sorry'),
      ],
      undefined,
      'de',
    );
    expect(statements[0].text).toBe('ich brauche eine übersetzung von meiner geburtsurkunde und meiner scheidungsurkunde, also portugiesisch ins deutsche');
  });

  it('a language named in German is a language ("aus welcher sprache?")', () => {
    expect(termsOf('also portugiesisch ins deutsche', 'de').stems).toContain('cat:language');
  });
});

describe('round 17: a breed is its animal, a correction naming whose value it is', () => {
  it('"what\'s my dog called?" finds the beagle whose name is written in lower case', () => {
    const sts = statementsOf(['quiet day, just me and biscuit, my old beagle', 'off to see my sister joan in leeds on the 22nd, train at 8:50'], 'en');
    expect(recallStatements("what's my dog called?", sts, 'en', 2).map((s) => s.text)).toEqual(['quiet day, just me and biscuit, my old beagle']);
    expect(termsOf('mi gata es una siamesa', 'es').stems).toContain(termsOf('gato', 'es').stems[0]);
  });

  it('a correction naming whose value it is reaches past the last few statements ("Lucía tiene 5")', () => {
    expect(
      collectCorrections([
        'quiero apuntar a mis dos hijos a natación. Mateo tiene 6 años y ya flota un poco, Lucía tiene 4 y le da pánico el agua',
        'Mateo es asmático leve, lleva inhalador',
        'lo ideal serían martes y jueves a las 18:00',
        'mi teléfono es 654 321 987 y el correo jorge.barrios@outlook.es',
        'perdón, me equivoqué: Lucía tiene 5, los cumplió el 3 de octubre',
      ]),
    ).toEqual([{ from: 'tiene 4', to: 'tiene 5' }]);
  });
});

describe('round 17: "anything else you need from me?", a question that proposes a time', () => {
  it('asks whether the agent still needs something, in five languages, and not what the person needs', () => {
    for (const q of [
      'do u need anything else from me to lock it in?',
      'falta alguma info pra fechar?',
      'precisa de mais alguma coisa minha?',
      '¿necesitas algo más de mí?',
      'benötigen sie noch etwas von mir?',
      "vous avez besoin d'autre chose de ma part ?",
    ])
      expect([q, asksWhatElseIsNeeded(q)]).toEqual([q, true]);
    for (const q of ['what else do i need to bring?', 'do you need more photos of the damage?', 'do I need anything else?'])
      expect([q, asksWhatElseIsNeeded(q)]).toEqual([q, false]);
  });

  it('is answered without asking for anything again nor telling back what was said', () => {
    const [, , reply] = play(getSoul('playful-companion')!, [
      'me llamo Valentina, mi correo es vale@example.com',
      'la referencia del pago es TT-5512',
      '¿necesitas algo más de mí?',
    ]);
    expect(reply).toMatch(/no necesito nada más/i);
    expect(reply).not.toMatch(/pedido|correo|TT-5512/i);
  });

  it('a question proposing a day and a time is noted with them, not answered as something that cannot be looked up', () => {
    const [, reply] = play(getSoul('playful-companion')!, [
      'quiero hacerme un tatuaje en el antebrazo izquierdo',
      '¿podría ser el sábado 22 a las 17h? salgo de currar a las 15',
    ]);
    expect(reply).toMatch(/el sábado 22 a las 17h/);
    expect(reply).not.toMatch(/consultar|verificar/);
  });
});
