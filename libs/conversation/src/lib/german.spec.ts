import { BuiltinEngine } from './builtin-engine';
import { detectLanguage } from './detect-language';
import { extractFacts, mergeFacts } from './facts';
import { LANGUAGE_DATA } from './lang';
import { languageFamily } from './language';
import { getSoul, soulNamed } from './souls';
import { extractStatements } from './statements';
import { termOf } from './terms';
import type { ChatTurn, Fact, ReplyRequest, Soul } from './types';

// German as a language of the built-in engine (issue 37): detection, facts, statements, recall and identity in German.

const engine = new BuiltinEngine();
const kai = soulNamed(getSoul('patient-teacher')!, 'Kai');
const brandt = soulNamed(getSoul('formal-concierge')!, 'Frau Brandt');

/** Plays messages the way the services do: each message's facts and statements join the memory before the reply. */
async function play(soul: Soul, messages: string[]): Promise<string[]> {
  const history: ChatTurn[] = [];
  let facts: Fact[] = [];
  const replies: string[] = [];
  for (const message of messages) {
    facts = mergeFacts(facts, [...extractFacts(message, { previous: history.at(-1)?.content }), ...extractStatements(message)]);
    const request: ReplyRequest = { soul, replyLanguage: 'auto', history: [...history], message, facts: [...facts] };
    const { content } = await engine.reply(request);
    replies.push(content);
    history.push({ role: 'user', content: message }, { role: 'assistant', content });
  }
  return replies;
}

const kv = (facts: Fact[]) => facts.map((f) => `${f.kind}/${f.key}=${f.value}`);

describe('German', () => {
  it.each([
    'Guten Tag, ich möchte einen Termin vereinbaren.',
    'Wie heißt du eigentlich?',
    'Ich bin bei der TK versichert, gesetzlich.',
    'Mit wem spreche ich bitte?',
    'Was war meine Bestellnummer?',
    'Danke schön!',
    'Wo wohne ich?',
  ])('detects %s as German', (text) => {
    expect(detectLanguage(text).language).toBe('de');
  });

  it('maps German tags to the German family', () => {
    expect(languageFamily('de-DE')).toBe('de');
    expect(languageFamily('de_AT')).toBe('de');
    expect(languageFamily('Deutsch')).toBe('de');
  });

  it('stems with the snowball German stemmer', () => {
    expect(LANGUAGE_DATA.de.stemmer).toBe('german');
    expect(termOf('Termine', 'de')).toBe(termOf('Termin', 'de'));
    expect(termOf('Wohnungen', 'de')).toBe(termOf('Wohnung', 'de'));
  });

  it('extracts a name, an e-mail address and a city from German statements', () => {
    expect(kv(extractFacts('Ich heiße Jannik.'))).toContain('name/name=Jannik');
    expect(kv(extractFacts('Meine E-Mail ist sabine.k@example.de'))).toContain('contact/email=sabine.k@example.de');
    expect(kv(extractFacts('Ich wohne in Hamburg.'))).toContain('location/lives_in=Hamburg');
  });

  it('stores an order number, a phone and a booking given with "ist", "lautet" or "war" as their facts', () => {
    expect(kv(extractFacts('Die Bestellnummer ist 88412.'))).toContain('identifier/order=88412');
    expect(kv(extractFacts('Meine Auftragsnummer lautet 55-9013.'))).toContain('identifier/order=55-9013');
    expect(kv(extractFacts('Die Buchungsnummer war HX4471.'))).toContain('identifier/booking=HX4471');
    expect(kv(extractFacts('Meine Telefonnummer ist 0171 2345678.'))).toContain('contact/phone=0171 2345678');
  });

  it('answers the order number from the fact, after a German "Die Bestellnummer ist …"', async () => {
    const replies = await play(kai, ['Die Bestellnummer ist 88412.', 'Ich wohne in Hamburg.', 'Wie war noch mal meine Bestellnummer?']);
    expect(replies[2]).toContain('88412');
    expect(detectLanguage(replies[2]).language).toBe('de');
  });

  it('does not take a capitalized German noun for a name ("ich bin Lehrer")', () => {
    expect(kv(extractFacts('Ich bin Lehrer.')).filter((f) => f.startsWith('name/'))).toEqual([]);
  });

  it('answers "wie heißt du?" and "mit wem spreche ich?" with the agent’s name, in German', async () => {
    const [a] = await play(kai, ['Wie heißt du eigentlich?']);
    expect(a).toContain('Kai');
    expect(detectLanguage(a).language).toBe('de');
    const [b] = await play(brandt, ['Mit wem spreche ich bitte?']);
    expect(b).toContain('Brandt');
    expect(detectLanguage(b).language).toBe('de');
  });

  it('recalls the name, the city and the order number ("wie heiße ich?", "wo wohne ich?", "was war meine Bestellnummer?")', async () => {
    const replies = await play(kai, [
      'Hallo, ich heiße Jannik.',
      'Ich wohne in Hamburg.',
      'Meine Bestellnummer ist 88412.',
      'Wie heiße ich?',
      'Wo wohne ich?',
      'Was war meine Bestellnummer?',
    ]);
    expect(replies[3]).toContain('Jannik');
    expect(replies[4]).toContain('Hamburg');
    expect(replies[5]).toContain('88412');
    for (const r of replies) expect(detectLanguage(r).language).toBe('de');
  });

  it('takes a "Korrektur:" and an "ich meinte …, nicht …" into account when recalling', async () => {
    const time = await play(brandt, [
      'Guten Tag, ich möchte einen Termin in der Hautarztpraxis vereinbaren.',
      'Am liebsten Mittwoch, den 12., um 8 Uhr.',
      'Korrektur: um 9 Uhr, nicht um 8.',
      'Wann genau soll ich in der Praxis sein?',
    ]);
    expect(time[3]).toContain('9');
    expect(time[3]).not.toContain('8 Uhr');
    const flat = await play(kai, [
      'Die Wohnung Möwennest in Zingst hat uns gefallen.',
      'Ich meinte die Wohnung Dünenblick, nicht Möwennest.',
      'Welche Unterkunft hast du für uns notiert?',
    ]);
    expect(flat[2]).toContain('Dünenblick');
    expect(flat[2]).not.toContain('Möwennest');
  });

  it('uses "Sie" for the formal concierge and "du" for the others', async () => {
    const [formal] = await play(brandt, ['Ich bin bei der TK versichert.']);
    expect(formal).toMatch(/\b(?:Sie|Ihnen|Ihr)\b/);
    expect(formal).not.toMatch(/\b(?:dir|dich)\b/);
    const [casual] = await play(kai, ['Hallo, ich interessiere mich für ein Probetraining.']);
    expect(casual).not.toMatch(/\b(?:Ihnen)\b/);
  });
});
