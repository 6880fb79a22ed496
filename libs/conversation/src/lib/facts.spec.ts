import { describe, expect, it } from 'vitest';
import { extractFacts, factId, mergeFacts, summarizeRelationship } from './facts';
import type { Fact } from './types';

const kv = (facts: Fact[]) => facts.map((f) => `${f.kind}/${f.key}=${f.value}`);

describe('extractFacts', () => {
  it.each([
    ['Oi, meu nome é Ana.', 'name/name=Ana'],
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

  it('splits lists of likes and does not mistake "não gosto" for a like', () => {
    expect(kv(extractFacts('Eu gosto de café, chocolate e pizza.'))).toEqual([
      'preference/likes=café',
      'preference/likes=chocolate',
      'preference/likes=pizza',
    ]);
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
