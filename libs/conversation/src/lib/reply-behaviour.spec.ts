import { asksAboutAgent, asksOwnName, isRequestToAgent } from './addressee';
import { detectIntents } from './intents';
import { nearSame } from './builtin-reply';
import { detectLanguage } from './detect-language';
import { domainOf, tipFor, tradeAsk, tradeOf } from './domains';
import { isStatusCue, smallTalkOf } from './smalltalk';
import { getSoul } from './souls';
import { entitySoul as entity, play } from '../testing/play';

/*
 * Reply behaviour (issue 37 items 3 and 4), with sentences written for these tests: who a question is about, the trade an
 * entity's purpose names and the follow-ups that fit it, never asking again for what was given, small talk answered
 * briefly before the task, and never the same reply twice in a row. French is tested as much as the other languages.
 */

describe('who a question is about', () => {
  it.each([
    'sorry, who exactly am I chatting with right now?',
    'and what are you called?',
    'how should I call you?',
    "who's there?",
    'com quem eu estou teclando?',
    'e você, como se chama?',
    '¿y tú quién eres?',
    '¿con quién estoy escribiendo?',
    'je discute avec qui, là ?',
    'pardon, vous êtes qui ?',
    'comment tu t’appelles, toi ?',
    'à qui est-ce que j’écris ?',
    'wer schreibt mir da gerade?',
    'mit wem chatte ich?',
    // Round 9: who, with the agent before or after it, the verb implied, and what the agent is.
    'e vc, quem é?',
    'tô falando com quem?',
    'you are who exactly?',
    'and you are?',
    '¿y usted es?',
    'pardon, vous êtes ?',
    'und Sie sind?',
    'vc é robô?',
    '¿hablo con una persona?',
    'tu es un robot ?',
    "c'est un humain ?",
    'bin ich mit einem menschen verbunden?',
    // Round 12: a verb of talking as it is typed ("schreib").
    'mit wem schreib ich grad?',
  ])('"%s" asks about the agent', (q) => {
    expect(asksAboutAgent(q)).toBe(true);
  });

  it.each([
    'do you still know my name?',
    'who should I ask about a refund?',
    'who is your boss?',
    'who did I say would collect it?',
    // Round 12: "who" after or before a preposition, or who said something about something, is someone else.
    "the kid seat, who's that for? want to make sure it's the right size",
    'für wen ist das fehlende ticket?',
    '¿quién me habló de lo de la batería?',
    'para quem é o presente?',
    "qui c'est qui doit l'acheter ?",
    'quem é que vai buscar?',
    'qui dois-je contacter pour un remboursement ?',
    'avec qui j’ai rendez-vous jeudi ?',
    'tu te souviens de mon prénom ?',
    'can you call me Sam?',
    'what is the name of your shop?',
    "et qu'est-ce qui était abîmé exactement ?",
    'e aí, em que cidade eu moro agora?',
    "j'ai quel forfait en ce moment ?",
    'is your manager a real person?',
  ])('"%s" does not ask who the agent is', (q) => {
    expect(asksAboutAgent(q)).toBe(false);
  });

  it('a question for the person’s own name is told apart from a statement of it', () => {
    for (const q of [
      'tu te souviens de mon prénom ?',
      'vous vous rappelez comment je m’appelle ?',
      'what was my name again?',
      '¿sabes cómo me llamo?',
      'lembra do meu nome?',
      'wie heiße ich nochmal?',
    ])
      expect(asksOwnName(q)).toBe(true);
    for (const s of ['mon prénom, c’est Inès', 'my name is Sam', 'me llamo Inés', 'who are you?']) expect(asksOwnName(s)).toBe(false);
  });

  it('a request to the agent asks it to act; a request to be reminded does not', () => {
    for (const q of [
      'could you look into it?',
      'tu peux relancer ?',
      'vous pouvez regarder ?',
      'pode verificar?',
      '¿puedes revisarlo?',
      'kannst du das prüfen?',
    ])
      expect(isRequestToAgent(q)).toBe(true);
    for (const q of ['can you remind me what I said?', 'tu peux me rappeler mon numéro ?', 'pode me dizer meu e-mail?'])
      expect(isRequestToAgent(q)).toBe(false);
  });

  it('answers as the entity in French and German, never with the person’s name', async () => {
    const fr = entity('Service client de Roulez Jeunesse, un magasin de vélos', 'fr', 'Margaux');
    const [hello, who] = await play(fr, ['Bonjour, je m’appelle Inès', 'pardon, vous êtes qui ?']);
    expect(hello).toMatch(/Inès/);
    expect(who).toMatch(/Margaux/);
    expect(who).not.toMatch(/Inès/);
    expect(detectLanguage(who).language).toBe('fr');
    const [de] = await play(entity('Kundenservice der Bäckerei Korn', 'de', 'Greta'), ['mit wem chatte ich?']);
    expect(de).toMatch(/Greta/);
    expect(de).toMatch(/Kundenservice/);
  });
});

describe('the trade an entity is made for', () => {
  it('reads the trade from the purpose’s words in any language', () => {
    expect(tradeOf('Customer care for Spokes & Co, a bicycle shop')?.id).toBe('bikes');
    expect(tradeOf('Accueil de la clinique vétérinaire des Tilleuls')?.id).toBe('vet');
    expect(tradeOf('Atendimento da corretora, seguros de carro e residência')?.id).toBe('insurance');
    expect(tradeOf('Animalerie en ligne : croquettes, litières et jouets')?.id).toBe('pets');
    expect(tradeOf('Kundenservice vom Blumenladen Rosenrot')?.id).toBe('florist');
    expect(tradeOf('Taller mecánico Ruedas: revisiones y averías')?.id).toBe('garage');
    expect(tradeOf('Cours d’anglais en ligne avec une tutrice d’anglais')?.id).toBe('language');
    expect(tradeOf('A friendly companion for evening chats')).toBeUndefined();
  });

  it('a vet is a vet, not a clinic for people; a shop no trade lists still gets a shop’s follow-ups; companions get none', () => {
    expect(domainOf(entity('Recepção da clínica veterinária Quatro Patas'))?.id).toBe('vet');
    expect(domainOf(entity('Customer care for Loomcraft, a yarn shop'))?.id).toBe('business');
    expect(domainOf(entity('A cheerful companion to talk about your day'))).toBeUndefined();
    expect(domainOf(getSoul('friendly-support')!)).toBeUndefined();
  });

  it('takes the trade or domain the purpose names first; a restaurant keeps its own questions', () => {
    // "books" here is a verb: the purpose names an accountant first.
    expect(domainOf(entity('Reception for Hale & Ward, a bookkeeping and tax practice that books client meetings'))?.id).toBe('accounting');
    expect(domainOf(entity('Accueil du studio de yoga Lotus : cours, élèves, abonnements'))?.id).toBe('fitness');
    expect(domainOf(entity('Réservations du restaurant Le Petit Zinc'))?.trade?.id).toBe('restaurant');
    expect(tradeAsk(tradeOf('Réservations du restaurant Le Petit Zinc')!, 'recommendation', 'fr', ['un conseil ?'], false)).toBeUndefined();
  });

  it('asks only for the criteria the person has not given', () => {
    const bikes = tradeOf('Atelier et magasin de vélos')!;
    const first = tradeAsk(bikes, 'recommendation', 'fr', ['vous me conseillez quel vélo ?'], false)!;
    expect(first).toMatch(/ton budget/);
    expect(first).toMatch(/ta taille/);
    const later = tradeAsk(
      bikes,
      'recommendation',
      'fr',
      ['vous me conseillez quel vélo ?', 'je mesure 1m70 et j’ai 400 euros à mettre, surtout pour aller au travail en ville'],
      false,
    )!;
    expect(later).not.toMatch(/budget|taille|trajets/);
    const en = tradeAsk(bikes, 'recommendation', 'en', ['which bike would suit me?', "I'd spend up to £500"], false)!;
    expect(en).toMatch(/height/);
    expect(en).not.toMatch(/budget/);
  });

  it('recommends as its trade does, in French, and never with a restaurant’s questions', async () => {
    const shop = entity('Service client de Roulez Jeunesse, un magasin de vélos', 'fr', 'Margaux');
    const [advice, after] = await play(shop, ['vous me conseillez quoi pour aller au boulot ?', 'mon budget, c’est 600 euros maximum']);
    expect(advice).toMatch(/taille|budget/);
    expect(advice).not.toMatch(/occasion|quartier|cuisine|restaurant/i);
    // The budget is said back, never asked again.
    expect(after).toMatch(/ta taille/);
    expect(after).not.toMatch(/(dire|quel est)[^.?]*budget/);
    expect(detectLanguage(after).language).toBe('fr');
  });

  it('an insurer asks for the policy and what happened; a vet asks about the animal', async () => {
    const [claim] = await play(entity('Claims desk of Harbourline home insurance'), ['I need help with a claim']);
    expect(claim).toMatch(/policy number/);
    expect(claim).not.toMatch(/order number/);
    const [vet] = await play(entity('Accueil de la clinique vétérinaire des Tilleuls', 'fr', 'Élise'), ['vous pouvez me conseiller une pâtée ?']);
    expect(vet).toMatch(/animal/);
    expect(vet).not.toMatch(/spécialité|médecin/);
  });
});

describe('advice from the trade', () => {
  it('picks the tip that answers the question, in the reply language', () => {
    expect(tipFor(['garden'], 'quel engrais pour mes tomates ?', 'fr', false)).toMatch(/engrais/);
    expect(tipFor(['garden'], 'mon jardin est très ombragé, la lavande va tenir ?', 'fr', false)).toMatch(/soleil/);
    expect(tipFor(['garden'], 'le coin est à l’ombre et la terre argileuse, ça ira ?', 'fr', false)).toMatch(/drainant|ombre/);
    expect(tipFor(['moving'], 'how do I pack my wine glasses so they don’t break?', 'en', false)).toMatch(/bubble wrap/);
    expect(tipFor(['fitness'], 'je débute, quel cours choisir ?', 'fr', false)).toMatch(/débutants|hatha/);
    expect(tipFor(['bikes'], 'what are your opening hours?', 'en', false)).toBeUndefined();
    expect(tipFor(['books'], 'anything good lately?', 'en', true)).toMatch(/novels/);
    // With no tip that answers it, a request for advice gets only a tip meant for any advice.
    expect(tipFor(['fitness'], 'une idée pour mardi ?', 'fr', true)).toBeUndefined();
    expect(tipFor(['fitness'], 'que faire pendant que mon genou guérit après l’opération ?', 'fr', true)).toMatch(/haut du corps/);
  });

  it('an entity asked for advice answers from its trade, then asks only what it still needs', async () => {
    const salon = entity('Salon de coiffure Mèches Folles : coupes, couleurs et soins', 'fr', 'Zoé');
    const [tip] = await play(salon, ['vous conseillez quoi pour des cheveux bouclés et secs ?']);
    expect(tip).toMatch(/masque/);
    expect(tip).not.toMatch(/restaurant|occasion|quartier/i);
    expect(detectLanguage(tip).language).toBe('fr');
    const [tax] = await play(entity('Reception for Barlow & Finch, chartered accountants'), ['what paperwork should I take to the meeting?']);
    expect(tax).toMatch(/bank statements/);
  });
});

describe('small talk, status and repeats', () => {
  it('reads small talk and status checks in every language', () => {
    expect(smallTalkOf('il fait quel temps chez toi ?', true)).toBe('weather');
    expect(smallTalkOf('tu joues au tennis ?', true)).toBe('likes');
    expect(smallTalkOf('¿me cuentas un chiste?', true)).toBeUndefined();
    expect(smallTalkOf('cuéntame un chiste, anda', true)).toBe('joke');
    expect(smallTalkOf('wie spät ist es bei dir?', true)).toBe('time');
    expect(smallTalkOf('the weather ruined my parcel', false)).toBeUndefined();
    for (const s of ['toujours rien ?', 'et maintenant ?', 'any news?', 'e agora?', '¿alguna novedad?', 'und jetzt?']) expect(isStatusCue(s)).toBe(true);
    for (const s of ['et maintenant je voudrais changer mon adresse de livraison', 'news about my refund would be great']) expect(isStatusCue(s)).toBe(false);
  });

  it('answers small talk briefly in French and goes back to the order', async () => {
    const soul = entity('Service client de Papeterie Lacroix, fournitures de bureau', 'fr', 'Léon');
    const [, , weather, likes] = await play(soul, [
      'bonjour, mon colis n’est jamais arrivé',
      'c’est la commande 55120',
      'il fait quel temps chez toi ?',
      'tu joues au tennis ?',
    ]);
    expect(weather).toMatch(/météo/);
    expect(weather).toMatch(/ta commande/);
    expect(weather).not.toMatch(/quel est le numéro de commande/i);
    expect(likes).toMatch(/virtuel/);
    expect(detectLanguage(likes).language).toBe('fr');
  });

  it('a status check says where the case stands, never what the person said', async () => {
    const soul = entity('Service client de Papeterie Lacroix, fournitures de bureau', 'fr', 'Léon');
    const replies = await play(soul, ['bonjour, mon colis n’est jamais arrivé', 'c’est la commande 55120', 'toujours rien ?', 'toujours rien ?']);
    expect(replies[2]).toMatch(/55120/);
    expect(replies[2]).not.toMatch(/Tu m’as (dit|raconté)/);
    expect(nearSame(replies[3], replies[2])).toBe(false);
  });

  it('never sends the same (or nearly the same) reply twice in a row', async () => {
    const soul = getSoul('friendly-support-en')!;
    const replies = await play(soul, ['hmm', 'hmm', 'hmm', 'my parcel is late', 'my parcel is late', 'my parcel is late']);
    for (let k = 1; k < replies.length; k++) expect(nearSame(replies[k], replies[k - 1])).toBe(false);
  });
});

describe('a farewell takes leave (round 9)', () => {
  it('is a farewell word in a short message or at the end of one, not one inside a story', () => {
    expect(detectIntents('boa noite, meu cartão foi bloqueado quando fui pagar o mercado hoje cedo, não consigo comprar nada').farewell).toBe(false);
    expect(detectIntents('valeu, fui!').farewell).toBe(true);
    expect(detectIntents('thanks for all the help with the order today, bye!').farewell).toBe(true);
  });
});

describe('round 13: requests to read back', () => {
  it('"can u read me back the full address then" is answered with the address, not noted as something said', async () => {
    const replies = await play(getSoul('friendly-support-en')!, [
      'our kitchen sockets keep tripping the whole downstairs. house is 14 Larkfield Road, Harrogate HG2 7PL',
      'hm actually the postcode is HG2 7PR, not HG2 7PL, i always mix those two up',
      'can u read me back the full address then',
    ]);
    expect(replies[2]).toContain('14 Larkfield Road, Harrogate HG2 7PR');
    expect(replies[2]).not.toMatch(/noted/i);
  });
});

describe('round 13: the whole name', () => {
  it('a name given in full is told in full, capitalized, but its particles', async () => {
    const replies = await play(getSoul('friendly-support-en')!, [
      "ok cool. so i need to freeze my gym membership. name's dani okafor, member no. IG-20417",
      'and whats the name on the account, just checking u got it right',
    ]);
    expect(replies[1]).toContain('Dani Okafor');
    const pt = await play(getSoul('friendly-support')!, ['oi, meu nome é maria souza, tenho uma dúvida sobre a fatura', 'qual é o meu nome?']);
    expect(pt[1]).toContain('Maria Souza');
  });
});
