import { extractAnswerFacts, extractFacts, factCacheStats, factId, factSlot, keepRecentFacts, mergeFacts, summarizeRelationship } from './facts';
import type { Fact } from './types';
import { matchMemoryQuestion } from './recall';

const kv = (facts: Fact[]) => facts.map((f) => `${f.kind}/${f.key}=${f.value}`);

describe('extractFacts', () => {
  it.each([
    ['Oi, meu nome é Ana.', 'name/name=Ana'],
    // A name right after a greeting, in each language (issue 37, round 4).
    ['Hey, Joaquín here', 'name/name=Joaquín'],
    ['Oi, é o Zé', 'name/name=Zé'],
    ['Olá, Zé aqui', 'name/name=Zé'],
    ['Hola, habla Iker', 'name/name=Iker'],
    ['Buenas, me llamo jean-pierre', 'name/name=Jean-Pierre'],
    ["Bonjour, c'est Manon", 'name/name=Manon'],
    ['Hallo, ich bin Jonas', 'name/name=Jonas'],
    ['ich heiße lena', 'name/name=Lena'],
    ['Guten Tag, mein Name ist Jonas Weber', 'name/name=Jonas Weber'],
    ['me chamo joão', 'name/name=João'],
    ['Pode me chamar de Bia', 'name/name=Bia'],
    ['Eu sou a Ana Souza', 'name/name=Ana Souza'],
    ["Hi, I'm Ana", 'name/name=Ana'],
    ['my name is ana', 'name/name=Ana'],
    ['Call me Tom', 'name/name=Tom'],
    ['me chamo pedro henrique', 'name/name=Pedro Henrique'],
    ['meu nome é ana preciso de ajuda', 'name/name=Ana'],
    ['My name is Ana and I need help', 'name/name=Ana'],
  ])('name: %s', (message, expected) => {
    expect(kv(extractFacts(message))).toContain(expected);
  });

  it.each([
    ['Eu gosto de café', 'preference/likes=café'],
    ['Adoro viajar!', 'preference/likes=viajar'],
    ['Sou fã de futebol', 'preference/likes=futebol'],
    ['Não gosto de chuva', 'preference/dislikes=chuva'],
    ['Odeio acordar cedo', 'preference/dislikes=acordar cedo'],
    ['I love hiking', 'preference/likes=hiking'],
    ["I'm a big fan of jazz", 'preference/likes=jazz'],
    ["I don't like mornings", 'preference/dislikes=mornings'],
    ['I hate waiting in line', 'preference/dislikes=waiting in line'],
    ['Minha cor favorita é azul', 'preference/favorite_cor=azul'],
    ['My favorite movie is Alien', 'preference/favorite_movie=alien'],
  ])('preference: %s', (message, expected) => {
    expect(kv(extractFacts(message))).toContain(expected);
  });

  it('takes no name from a greeting-less sentence or a German noun (issue 37, round 4)', () => {
    expect(kv(extractFacts('o problema é o Windows')).filter((f) => f.startsWith('name/'))).toEqual([]);
    expect(kv(extractFacts('Hallo, ich bin Kundin seit 2019')).filter((f) => f.startsWith('name/'))).toEqual([]);
    expect(kv(extractFacts('the printer here is broken')).filter((f) => f.startsWith('name/'))).toEqual([]);
  });

  it('splits lists of likes and does not mistake "não gosto" for a like', () => {
    expect(kv(extractFacts('Eu gosto de café, chocolate e pizza.'))).toEqual(['preference/likes=café', 'preference/likes=chocolate', 'preference/likes=pizza']);
    expect(kv(extractFacts('Não gosto de chuva'))).toEqual(['preference/dislikes=chuva']);
    expect(kv(extractFacts('I would like to cancel my order'))).toEqual([]);
  });

  it.each([
    ['Vou viajar para Paris em dezembro.', 'plan/plan=viajar para paris em dezembro'],
    ['Pretendo estudar medicina', 'plan/plan=estudar medicina'],
    ['Estou planejando me mudar para Lisboa', 'plan/plan=se mudar para lisboa'],
    ["I'm going to learn Spanish", 'plan/plan=learn spanish'],
    ["I'm going to Lisbon next month", 'plan/plan=go to lisbon next month'],
    ["I'm moving to Berlin", 'plan/plan=move to berlin'],
  ])('plan: %s', (message, expected) => {
    expect(kv(extractFacts(message))).toContain(expected);
  });

  it.each([
    ['Minha irmã Maria mora no Rio', 'relation/sister=Maria', 'Tem uma irmã chamada Maria'],
    ['Meu cachorro se chama Thor', 'relation/dog=Thor', 'Tem um cachorro chamado Thor'],
    ['O nome da minha mãe é Lúcia', 'relation/mother=Lúcia', 'Tem uma mãe chamada Lúcia'],
    ['My dog Rex loves the park', 'relation/dog=Rex', 'Has a dog named Rex'],
    ['I have a sister named Julia', 'relation/sister=Julia', 'Has a sister named Julia'],
    ["My wife's name is Kate", 'relation/wife=Kate', 'Has a wife named Kate'],
  ])('relation: %s', (message, expected, text) => {
    const facts = extractFacts(message);
    expect(kv(facts)).toContain(expected);
    expect(facts.find((f) => f.kind === 'relation')!.text).toBe(text);
  });

  it.each([
    ['Moro em São Paulo', 'location/lives_in=São Paulo'],
    ['moro em recife', 'location/lives_in=Recife'],
    ['Sou do Rio de Janeiro', 'location/from=Rio de Janeiro'],
    ['I live in New York City', 'location/lives_in=New York City'],
    ["I'm from Brazil", 'location/from=Brazil'],
  ])('location: %s', (message, expected) => {
    expect(kv(extractFacts(message))).toContain(expected);
  });

  it.each([
    ['Sou professora', 'job/job=professora'],
    ['Trabalho como enfermeira', 'job/job=enfermeira'],
    ['Trabalho na Petrobras', 'job/employer=Petrobras'],
    ["I'm a software engineer", 'job/job=software engineer'],
    ['I work as a plumber', 'job/job=plumber'],
    ['I work at Google', 'job/employer=Google'],
  ])('job: %s', (message, expected) => {
    expect(kv(extractFacts(message))).toContain(expected);
  });

  it('age is an "other" fact', () => {
    expect(kv(extractFacts('Tenho 30 anos'))).toEqual(['other/age=30']);
    expect(kv(extractFacts('I am 25 years old'))).toEqual(['other/age=25']);
  });

  it('extracts several facts from one message', () => {
    expect(kv(extractFacts('Eu sou a Ana, moro em Recife e adoro praia. Minha irmã Maria vem me visitar.'))).toEqual([
      'name/name=Ana',
      'preference/likes=praia',
      'location/lives_in=Recife',
      'relation/sister=Maria',
    ]);
  });

  it('dedupes the same fact stated twice, in one message or across messages', () => {
    expect(kv(extractFacts('Eu gosto de café. Eu gosto de café!'))).toEqual(['preference/likes=café']);
    const a = extractFacts('I love pizza');
    const b = extractFacts('I really like pizza.');
    expect(factId(a[0])).toBe(factId(b[0]));
    expect(mergeFacts(a, b)).toHaveLength(1);
    expect(mergeFacts(extractFacts('Moro em São Paulo'), extractFacts('moro em são paulo'))).toHaveLength(1);
  });

  it('keeps only the latest name when merging', () => {
    const merged = mergeFacts(extractFacts('meu nome é Ana'), extractFacts('pode me chamar de Aninha'));
    expect(kv(merged)).toEqual(['name/name=Aninha']);
  });

  it.each([
    'Qual é o seu nome?',
    'What is your name?',
    'Você gosta de café?',
    'Do you like pizza?',
    'Where do you live?',
    'Você mora em São Paulo?',
    'Are you going to answer me?',
    'Quanto custa o plano anual?',
  ])('extracts nothing from a plain question: %s', (question) => {
    expect(extractFacts(question)).toEqual([]);
  });

  it('extracts nothing from small talk and requests', () => {
    for (const m of [
      'Oi, tudo bem?',
      'Obrigado!',
      "I'm fine",
      'I would like to cancel',
      'Vou esperar',
      'Eu amo você',
      'I live in fear',
      "It's Monday",
      'Eu sou de humanas',
      'My name is not important',
      'Moro em uma casa',
      'Oi, aqui é da empresa X',
      'I like it when you answer fast',
    ]) {
      expect(extractFacts(m)).toEqual([]);
    }
  });

  it('writes the fact text in the requested language', () => {
    expect(extractFacts('I love pizza', { language: 'pt-BR' })[0].text).toBe('Gosta de pizza');
    expect(extractFacts('Eu gosto de pizza', { language: 'en' })[0].text).toBe('Likes pizza');
  });
});

describe('summarizeRelationship', () => {
  const facts = [
    ...extractFacts('Eu sou a Ana, moro em Recife e adoro café e praia.'),
    ...extractFacts('Vou viajar para Paris em dezembro. Minha irmã Maria vai junto.'),
  ];
  const stats = { interactions: 12, firstSeen: new Date('2026-03-03T10:00:00Z'), lastSeen: new Date('2026-03-24T18:00:00Z') };

  it('summarizes in English by default', () => {
    const s = summarizeRelationship(facts, stats);
    expect(s).toBe(
      'Ana — regular contact: 12 interactions over 3 weeks (Mar 3, 2026 – Mar 24, 2026). Likes café and praia; planeja viajar para Paris em dezembro; has a sister named Maria; lives in Recife.',
    );
  });

  it('summarizes in Portuguese, preferring the stats name', () => {
    const s = summarizeRelationship(facts, { ...stats, name: 'Ana Souza' }, 'pt-BR');
    expect(s.startsWith('Ana Souza — contato frequente: 12 interações ao longo de 3 semanas (3 mar 2026 – 24 mar 2026).')).toBe(true);
    expect(s).toMatch(/Gosta de café e praia; planeja viajar para Paris em dezembro; tem uma irmã chamada Maria; mora em Recife\.$/);
  });

  it('handles a first contact with no facts', () => {
    const d = new Date('2026-01-01T00:00:00Z');
    expect(summarizeRelationship([], { interactions: 1, firstSeen: d, lastSeen: d })).toBe('Unnamed person — first contact: 1 interaction on Jan 1, 2026.');
    expect(summarizeRelationship([], { interactions: 1, firstSeen: d, lastSeen: d }, 'pt-BR')).toBe(
      'Pessoa sem nome informado — primeiro contato: 1 interação em 1 jan 2026.',
    );
  });

  it('is deterministic', () => {
    expect(summarizeRelationship(facts, stats, 'pt-BR')).toBe(summarizeRelationship([...facts], { ...stats }, 'pt-BR'));
  });
});

describe('extractFacts: numbers, codes, contacts, dates, goals and attributes', () => {
  it.each([
    ['My order number is 88412.', 'identifier/order=88412'],
    ['my order is #88412', 'identifier/order=88412'],
    ["Order #40021 hasn't arrived.", 'identifier/order=40021'],
    ['It was order 123', 'identifier/order=123'],
    ['The order number is 55123, it was placed last Monday.', 'identifier/order=55123'],
    ['O número do meu pedido é 88412.', 'identifier/order=88412'],
    ['meu pedido é o 88412', 'identifier/order=88412'],
    ['Mi número de pedido es 99001.', 'identifier/order=99001'],
    ['My ticket number is TCK-55821, opened yesterday.', 'identifier/ticket=TCK-55821'],
    ['O protocolo do chamado é 2025-0042.', 'identifier/ticket=2025-0042'],
    ['The case number is 00123456.', 'identifier/ticket=00123456'],
    ['O código de rastreio é BR998877665BR', 'identifier/tracking=BR998877665BR'],
    ['tracking code: 1Z999AA10123456784', 'identifier/tracking=1Z999AA10123456784'],
    ['A nota fiscal é 123.456.789.', 'identifier/invoice=123.456.789'],
    ['My booking reference is QX7L2P.', 'identifier/booking=QX7L2P'],
    ['I have a reservation, confirmation code ZK4P9Q.', 'identifier/booking=ZK4P9Q'],
    ['My room number is 512.', 'identifier/room=512'],
    ['Meu CPF é 123.456.789-00.', 'identifier/tax_id=123.456.789-00'],
    ['Also my email is priya.n@example.org', 'contact/email=priya.n@example.org'],
    ['you can write to Sam@Example.com', 'contact/email=sam@example.com'],
    ['Meu celular é (11) 98765-4321.', 'contact/phone=(11) 98765-4321'],
    ['my phone is +44 7700 900123.', 'contact/phone=+44 7700 900123'],
    ['Meu CEP é 01310-100', 'contact/postcode=01310-100'],
    ['My check-in is on March 3rd at 2pm.', 'date/check_in=on March 3rd at 2pm'],
    ['Meu aniversário é dia 5 de maio!', 'date/birthday=dia 5 de maio'],
    ['Minha prova de cálculo é dia 12 de novembro.', 'date/exam=dia 12 de novembro'],
    ['I have a dentist appointment tomorrow at 3pm', 'date/appointment=tomorrow at 3pm'],
    ['My goal is to run a half marathon in April.', 'goal/goal=to run a half marathon in April'],
    ['Meu objetivo é passar no vestibular de medicina.', 'goal/goal=passar no vestibular de medicina'],
    ["I'm trying to fix my printer.", 'goal/goal=to fix my printer'],
    ['My budget is around 8000 reais.', 'other/budget=around 8000 reais'],
    ['Meu orçamento é de 3 mil reais.', 'other/budget=3 mil reais'],
    ['My laptop is a ThinkPad X1 and it keeps freezing.', 'other/device=ThinkPad X1'],
  ])('%s', (message, expected) => {
    expect(kv(extractFacts(message))).toContain(expected);
  });

  it('reads several values in one message, each before the next noun', () => {
    expect(kv(extractFacts('Hi, my name is Daniel, my order is 77310 and my phone is +44 7700 900123.'))).toEqual([
      'name/name=Daniel',
      'identifier/order=77310',
      'contact/phone=+44 7700 900123',
    ]);
    expect(kv(extractFacts('Meu e-mail é carla@exemplo.com.br e o protocolo é 2024-118833.'))).toEqual([
      'contact/email=carla@exemplo.com.br',
      'identifier/ticket=2024-118833',
    ]);
  });

  it('keeps numbers and codes from questions ("where is order 88412?"), but not dates or tastes', () => {
    expect(kv(extractFacts('Where is order 88412?'))).toEqual(['identifier/order=88412']);
    expect(kv(extractFacts('Can I move my appointment to Friday?'))).toEqual([]);
  });

  it.each([
    'My order is late',
    "My order hasn't arrived",
    'o meu pedido está atrasado',
    'my account is locked',
    'My password is hunter2',
    'minha senha é 123456',
    'My card number is 4111 1111 1111 1111',
    'my problem is that it keeps crashing',
    'My plan is to travel',
    'My internet is slow',
    'I want to order 2 pizzas',
  ])('finds no number or attribute in %j', (message) => {
    expect(extractFacts(message).filter((f) => ['identifier', 'contact', 'other'].includes(f.kind))).toEqual([]);
  });

  it('reads a bare answer to the question just asked', () => {
    const asked = "I'm sorry about that. What's the order number, and when did you place it?";
    expect(kv(extractFacts("It's 31337", { previous: asked }))).toEqual(['identifier/order=31337']);
    expect(kv(extractFacts('31337', { previous: asked }))).toEqual(['identifier/order=31337']);
    expect(kv(extractFacts('É 55667', { previous: 'Qual é o número do pedido e em que data a compra foi feita?' }))).toEqual(['identifier/order=55667']);
    expect(kv(extractFacts('ana@x.com', { previous: "What's the email on the account?" }))).toEqual(['contact/email=ana@x.com']);
    expect(kv(extractFacts('Rita', { previous: "You haven't told me your name yet. What should I call you?" }))).toEqual(['name/name=Rita']);
    // Not an answer: a sentence with more in it, an ordinal, or no question about a value.
    expect(kv(extractFacts('We are arriving on the 14th of June.', { previous: 'Could you confirm your booking reference?' }))).toEqual([]);
    expect(kv(extractFacts('31337', { previous: 'How are you today?' }))).toEqual([]);
    expect(kv(extractFacts('31337'))).toEqual([]);
    // A message that names what it gives is a statement, not an answer to the question before it.
    expect(kv(extractAnswerFacts('My ticket number is TCK-55821.', asked))).toEqual([]);
    expect(kv(extractFacts('My ticket number is TCK-55821.', { previous: asked }))).toEqual(['identifier/ticket=TCK-55821']);
    expect(kv(extractAnswerFacts("It's 31337", asked))).toEqual(['identifier/order=31337']);
  });

  it('reads Spanish names, places, tastes and ages', () => {
    expect(kv(extractFacts('Hola, me llamo Sofía y vivo en Sevilla.'))).toEqual(['name/name=Sofía', 'location/lives_in=Sevilla']);
    expect(kv(extractFacts('Me encanta el flamenco y no me gusta el frío.'))).toEqual(['preference/dislikes=frío', 'preference/likes=flamenco']);
    expect(kv(extractFacts('Soy Diego. Trabajo como profesor y tengo 40 años.'))).toEqual(['name/name=Diego', 'job/job=profesor', 'other/age=40']);
    expect(extractFacts('Mi hermana se llama Lucía.', { language: 'es' })[0]).toMatchObject({
      kind: 'relation',
      key: 'sister',
      value: 'Lucía',
      text: 'Tiene una hermana llamada Lucía',
    });
  });

  it('writes the text of a value fact in the language asked', () => {
    expect(extractFacts('My order number is 88412.', { language: 'pt-BR' })[0].text).toBe('Número do pedido: 88412');
    expect(extractFacts('My order number is 88412.', { language: 'en' })[0].text).toBe('Order number: 88412');
    expect(extractFacts('Mi número de pedido es 99001.', { language: 'es' })[0].text).toBe('Número de pedido: 99001');
  });
});

describe('mergeFacts and factSlot: a later fact replaces an earlier one of the same slot', () => {
  it('keeps the latest order number, email and city', () => {
    const merged = mergeFacts(
      extractFacts('My order number is 11111. My email is a@old.com. I live in Recife.'),
      extractFacts('Sorry, my order number is actually 22222.'),
      extractFacts('Na verdade meu e-mail é a@novo.com'),
      extractFacts('Now I live in Lisbon.'),
    );
    expect(kv(merged)).toEqual(['identifier/order=22222', 'contact/email=a@novo.com', 'location/lives_in=Lisbon']);
  });

  it('keeps several likes and relations, and a dislike replaces the like of the same thing', () => {
    const merged = mergeFacts(
      extractFacts('I love jazz and hiking. My friend is Ana.'),
      extractFacts('My friend is Bia.'),
      extractFacts("I don't like jazz anymore."),
    );
    expect(kv(merged)).toEqual(['preference/dislikes=jazz', 'preference/likes=hiking', 'relation/friend=Ana', 'relation/friend=Bia']);
    expect(factSlot({ kind: 'preference', key: 'likes', value: 'Jazz' })).toBe(factSlot({ kind: 'preference', key: 'dislikes', value: 'jazz' }));
    expect(factSlot({ kind: 'identifier', key: 'order', value: '1' })).toBe(factSlot({ kind: 'identifier', key: 'order', value: '2' }));
    expect(factSlot({ kind: 'relation', key: 'friend', value: 'Ana' })).not.toBe(factSlot({ kind: 'relation', key: 'friend', value: 'Bia' }));
  });
});

describe('keepRecentFacts', () => {
  const fact = (kind: Fact['kind'], value: string, updatedAt?: string): Fact => ({
    kind,
    key: kind === 'name' ? 'name' : 'likes',
    value,
    text: value,
    ...(updatedAt ? { updatedAt } : {}),
  });
  const day = (d: number) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString();

  it('keeps everything up to the bound, the same array', () => {
    const facts = [fact('name', 'Ana', day(0)), fact('preference', 'jazz', day(1))];
    expect(keepRecentFacts(facts, 2)).toBe(facts);
  });

  it('drops the facts stated longest ago, never the name, and keeps the order of the rest', () => {
    const facts = [
      fact('preference', 'jazz', day(5)),
      fact('name', 'Ana', day(0)),
      fact('preference', 'tea', day(1)),
      fact('preference', 'hiking'), // no time: counts as oldest
      fact('preference', 'chess', day(9)),
      fact('preference', 'opera', day(3)),
    ];
    expect(keepRecentFacts(facts, 4).map((f) => f.value)).toEqual(['jazz', 'Ana', 'chess', 'opera']);
    expect(keepRecentFacts(facts, 1).map((f) => f.value)).toEqual(['Ana']);
    // Equal times: the later in the list is the more recent.
    const same = [fact('preference', 'a', day(1)), fact('preference', 'b', day(1)), fact('preference', 'c', day(1))];
    expect(keepRecentFacts(same, 2).map((f) => f.value)).toEqual(['b', 'c']);
  });
});

describe('extractFacts: places in lower case, moves, titles and connectors', () => {
  it.each([
    ["i'm from porto", 'location/from=Porto'],
    ['Sou de curitiba, mas moro longe', 'location/from=Curitiba'],
    ['I just moved to leeds', 'location/lives_in=Leeds'],
    ['me mudei pra olinda mês passado', 'location/lives_in=Olinda'],
    ['nos mudamos a sevilla en enero', 'location/lives_in=Sevilla'],
    ["j'habite à nantes depuis mai", 'location/lives_in=Nantes'],
    ['Call me Dr. Okafor', 'name/name=Dr. Okafor'],
    ['me llamo sofía y vivo en sevilla', 'name/name=Sofía'],
  ])('%s → %s', (message, fact) => {
    expect(kv(extractFacts(message))).toContain(fact);
  });
  it('a lower-case word that is no known city is no place when the message has capitals', () => {
    expect(kv(extractFacts("I'm from work, Sorry")).filter((f) => f.startsWith('location'))).toEqual([]);
  });
});

describe('an e-mail address is no order code', () => {
  it('"the email on the order is pnair88@outlook.com" stores the e-mail, not an order "pnair88"', () => {
    const facts = extractFacts('the email on the order is pnair88@outlook.com').map((f) => `${f.kind}/${f.key}=${f.value}`);
    expect(facts).toContain('contact/email=pnair88@outlook.com');
    expect(facts.filter((f) => f.startsWith('identifier/'))).toEqual([]);
  });
});

describe('extractFacts cache (issue 39)', () => {
  it('stays within its entry and byte bounds while every message is new, and still answers a recent one', () => {
    // Each answer after a long reply (the longest the cache keeps): 5,000 such entries would hold ~20 MB.
    const previous = `${'Could you tell me the order number, please? '.repeat(44)}`.slice(0, 2000);
    const said = (i: number) => `My order number is ${100_000 + i}.`;
    for (let i = 0; i < 600; i++) extractFacts(said(i), { previous });
    const s = factCacheStats();
    expect(s.maxBytes).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(s.bytes).toBeLessThanOrEqual(s.maxBytes);
    expect(s.bytes).toBeGreaterThan(s.maxBytes / 2);
    expect(s.entries).toBeLessThan(600);
    // The most recent answers are kept (a hit gives the same facts).
    expect(kv(extractFacts(said(599), { previous }))).toEqual(kv(extractFacts(said(599), { previous })));
    expect(factCacheStats().entries).toBe(s.entries);
  });
});

describe('an age said with the name (round 9)', () => {
  it.each([
    ["hey, I'm Priya, 41, and I need a new phone plan", '41'],
    ['oi, sou a Bruna, 27 anos, e quero trocar de plano', '27'],
    ['hola, soy Marta, 52 años, y busco un piso', '52'],
    ["bonjour, moi c'est Léa, 30 ans, je cherche un vélo", '30'],
    ['hallo, ich bin Finn, 38, und brauche Hilfe', '38'],
    ["j'ai 45 ans et je débute", '45'],
  ])('%s → %s', (text, years) => {
    expect(extractFacts(text).find((f) => f.key === 'age')?.value).toBe(years);
  });
  it('a time or a rating after the name is no age', () => {
    expect(extractFacts('sou a Ana, 14:30 tá bom?').find((f) => f.key === 'age')).toBeUndefined();
    expect(extractFacts('I am Tom, 3.5 stars is fine').find((f) => f.key === 'age')).toBeUndefined();
  });
  it('"how old did I tell you I am?" asks for the age', () => {
    const facts = extractFacts("hey, I'm Priya, 41, and I need a new phone plan");
    expect(matchMemoryQuestion('how old did I tell you I am, by the way?', facts)?.[0]).toMatchObject({ type: 'slot', slot: { key: 'age' } });
  });
});
