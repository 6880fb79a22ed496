import { detectLanguage } from './detect-language';
import { domainOf, domainOfConversation, tradeOf } from './domains';
import { extractFacts } from './facts';
import { matchMemoryQuestion } from './recall';
import { getSoul, soulNamed } from './souls';
import { orderCode } from './topics';
import { entitySoul as entity, play } from '../testing/play';

describe('domains from an entity purpose', () => {
  it('derives the domain from the purpose in any of the four languages; catalogue souls have none', () => {
    expect(domainOf(entity('Customer support for SkyJet, a low-cost airline'))?.id).toBe('travel');
    expect(domainOf(entity('Recepcionista virtual da Clínica Vida, agenda consultas'))?.id).toBe('health');
    expect(domainOf(entity('Asistente de atención al cliente de Banco Sol'))?.id).toBe('bank');
    expect(domainOf(entity("Service client de FibreNet, fournisseur d'accès internet"))?.id).toBe('telecom');
    expect(domainOf(entity('Front desk of Hotel Miramar'))?.id).toBe('hotel');
    expect(domainOf(entity('Online pharmacy customer care'))?.id).toBe('pharmacy');
    expect(domainOf(entity('Helpdesk for our accounting software'))?.id).toBe('software');
    expect(domainOf(entity('Admissions assistant for a language school'))?.id).toBe('education');
    expect(domainOf(entity('A playful companion for kids and families'))).toBeUndefined();
    // The concierge is "hotel-style" but keeps its own follow-ups (a restaurant table is not a hotel room).
    expect(domainOf(getSoul('formal-concierge')!)).toBeUndefined();
  });

  it('an airline asks for the booking reference, not an order number or a subscription', async () => {
    const [reply] = await play(entity('Customer support for SkyJet, a low-cost airline'), ['My flight was cancelled and nobody told me!']);
    expect(reply).toMatch(/booking reference/);
    expect(reply).not.toMatch(/order|subscription/i);
  });

  it('a clinic asks about the appointment (a date given with the request is not just "noted")', async () => {
    const clinic = entity('Recepcionista virtual da Clínica Vida, agenda consultas e exames', 'pt-BR', 'Clara');
    const [book, cancel] = await play(clinic, ['Oi, queria marcar uma consulta', 'Preciso cancelar minha consulta de amanhã']);
    expect(book).toMatch(/especialidade ou médico/);
    expect(cancel).toMatch(/consulta/);
    expect(cancel).not.toMatch(/^Anotado/);
    // "amanhã" is the date: it is not asked for again.
    expect(cancel).not.toMatch(/\ba data\b/);
  });

  it('a bank warns never to send a PIN or card number, in the person’s language', async () => {
    const [reply] = await play(entity('Asistente de atención al cliente de Banco Sol', 'es', 'Max'), ['Hola, me cobraron algo que no reconozco en la tarjeta']);
    expect(reply).toMatch(/tarjeta/);
    expect(reply).toMatch(/Nunca me envíes tu contraseña, PIN/);
  });

  it('a telecom asks whether it is the line or the home internet, in French', async () => {
    const [reply] = await play(entity("Assistant du service client de FibreNet, fournisseur d'accès internet (fibre)", 'fr', 'Léo'), [
      'Bonjour, internet ne marche plus depuis hier',
    ]);
    expect(reply).toMatch(/ligne mobile ou internet à la maison/);
  });
});

describe('French structured facts and questions', () => {
  it('keeps French identifiers, contacts and names as slots', () => {
    const facts = (m: string) => extractFacts(m, { language: 'fr' }).map((f) => [f.kind, f.key, f.value]);
    expect(facts('Le numéro de commande est 4412.')).toContainEqual(['identifier', 'order', '4412']);
    expect(facts('Mon numéro de suivi : XK-99812-FR')).toContainEqual(['identifier', 'tracking', 'XK-99812-FR']);
    expect(facts('Mon courriel, c’est camille@exemple.fr')).toContainEqual(['contact', 'email', 'camille@exemple.fr']);
    expect(facts('Ma référence de réservation est QX7L2P')).toContainEqual(['identifier', 'booking', 'QX7L2P']);
    expect(facts('Bonjour, je m’appelle Camille.')).toContainEqual(['name', 'name', 'Camille']);
    expect(facts('Mon rendez-vous est mardi à 15h')).toContainEqual(['date', 'appointment', 'mardi à 15h']);
  });

  it('matches French and Spanish recall questions to the slots', () => {
    const keys = (m: string) => matchMemoryQuestion(m)?.map((t) => (t.type === 'slot' ? t.slot.key : t.type));
    expect(keys('Quel est mon numéro de commande ?')).toEqual(['order']);
    expect(keys('Tu te souviens de mon courriel ?')).toEqual(['email']);
    expect(keys('Rappelle-moi mon numéro de suivi')).toEqual(['tracking']);
    expect(keys('Comment je m’appelle ?')).toEqual(['name']);
    expect(keys('¿Me repites mi correo?')).toEqual(['email']);
  });

  it('answers them in French from what was said', async () => {
    const replies = await play(getSoul('friendly-support')!, [
      'Bonjour, je m’appelle Camille.',
      'Le numéro de commande est 4412, elle n’est toujours pas arrivée.',
      'Quel est mon numéro de commande ?',
      'Comment je m’appelle ?',
    ]);
    expect(replies[0]).toContain('Camille');
    expect(replies[0]).not.toMatch(/I'm|I’m/);
    expect(replies[2]).toContain('4412');
    expect(replies[3]).toContain('Camille');
    for (const r of replies) expect(detectLanguage(r).language).toBe('fr');
  });
});

describe('follow-ups and closings', () => {
  it('the order follow-up quotes the whole code, not only its digits', async () => {
    expect(orderCode('My order 88213-B has not arrived')).toBe('88213-B');
    expect(orderCode('pedido #A-77120 atrasado')).toBe('A-77120');
    const [reply] = await play(getSoul('friendly-support-en')!, ["My order 88213-B hasn't arrived"]);
    expect(reply).toContain('88213-B');
    expect(reply).not.toMatch(/order 88213(?!-B)/);
  });

  it('thanks do not claim something was fixed when nothing was', async () => {
    const byte = getSoul('technical-helper')!;
    for (const message of ['Thanks!', 'thank you', 'Thanks a lot']) {
      const [reply] = await play(byte, [message]);
      expect(reply).not.toMatch(/works now|happens again|glad i could help/i);
    }
    const [fixed] = await play(byte, ['It works now, thanks!']);
    expect(fixed).toMatch(/you're welcome|anytime/i);
  });

  it('a short answer made of a value is closed in the reply language', async () => {
    const replies = await play(getSoul('technical-helper')!, [
      'Mi correo es marta.r@correo.es, no me llegan los emails de confirmación.',
      '¿Me repites mi correo?',
    ]);
    expect(replies[1]).toContain('marta.r@correo.es');
    expect(detectLanguage(replies[1]).language).toBe('es');
  });
});

describe('acknowledging a plain statement', () => {
  it('says the detail back, person-shifted, instead of a bare "noted"', async () => {
    const [, reply] = await play(getSoul('friendly-support-en')!, ['hi', 'oh and my partner is allergic to feathers so no feather pillows or duvet pls']);
    expect(reply).toContain('your partner is allergic to feathers');
  });

  it('does not echo a correction (the old value) nor a code already noted with its value', async () => {
    const [, fixed] = await play(getSoul('friendly-support')!, ['oi', 'o número do pedido é 774521, não 774512']);
    expect(fixed).toContain('774521');
    expect(fixed).not.toContain('774512');
  });
});

describe('a plain reference given with the request', () => {
  it('an inn does not ask for the booking reference after "ref HLX-4471"', async () => {
    const [reply] = await play(
      entity('Front desk assistant of the Harbourlight Inn, a small seaside hotel: bookings, arrivals and guest requests', 'en', 'Harbourlight Inn'),
      ["hi there, desmond here. we've got a booking with you, ref HLX-4471, arriving thurs but prob late like 11pm cos of the ferry"],
    );
    expect(reply).toContain('HLX-4471');
    expect(reply).not.toMatch(/what'?s your booking reference/i);
  });
});

describe('the domain a conversation names, for an agent whose soul names none', () => {
  const concierge = soulNamed(getSoul('formal-concierge')!, 'Mr. Ashby');

  it('takes the domain from what the person says, in any language, but not from "book a table"', () => {
    expect(domainOfConversation(concierge, ["Good afternoon. I'm looking for a birthday present at your bookshop."])?.id).toBe('books');
    expect(domainOfConversation(concierge, ['Vocês fazem encomenda de livro que não tá na loja?'])?.id).toBe('books');
    expect(domainOfConversation(concierge, ['Soy de un club de lectura del barrio.'])?.id).toBe('books');
    expect(domainOfConversation(concierge, ['Ich suche ein Buch für meine Nichte.'])?.id).toBe('books');
    expect(domainOfConversation(concierge, ['Could you book a table for two tonight?'])).toBeUndefined();
  });

  it.each([
    ['en', ["Good afternoon. I'm looking for a birthday present at your bookshop.", 'He loves dragons and maps. What would you suggest?'], /read|author|book/i],
    [
      'pt',
      ['Olá! Vocês fazem encomenda de livro que não tá na loja?', 'Me indica mais alguma coisa pro meu pai? Ele gosta de história do Brasil.'],
      /ler|autor|livro/i,
    ],
    ['es', ['Llevo un club de lectura en el barrio.', '¿Qué nos recomiendas para el mes que viene?'], /ley|autor|libro/i],
    ['de', ['Ich suche ein Buch als Geschenk für meinen Vater.', 'Was würdest du empfehlen?'], /gelesen|Autor|Büch/i],
  ] as const)('%s: a recommendation asked at a bookshop is about books, in the language of the conversation', async (lang, messages, books) => {
    const replies = await play(concierge, [...messages]);
    const reply = replies.at(-1)!;
    expect(reply).toMatch(books);
    expect(reply).not.toMatch(/style, area or budget|estilo, regi|zona o presupuesto/i);
    expect(detectLanguage(reply).language).toBe(lang);
  });
});

describe('a role word names no trade when another word does (round 9)', () => {
  it.each([
    ['coach de finanças pessoais: orçamento, dívidas e metas de economia', 'accounting'],
    ['coach de cocina para menús de diario', 'cooking'],
    ['personal trainer at a city gym', 'fitness'],
    ['running partner for a first half marathon', 'fitness'],
    ['plant care helper for houseplants', 'garden'],
  ])('%s → %s', (purpose, id) => {
    expect(tradeOf(purpose)?.id).toBe(id);
  });
  it('a pharmacy’s prescriptions ("receitas") are no cooking', () => {
    expect(tradeOf('assistente de uma farmácia: receitas, entregas e remédios')?.id).not.toBe('cooking');
  });
});
