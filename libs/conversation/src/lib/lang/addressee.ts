import type { Lang } from '../language';

/**
 * Who a question is about: the agent ("who am I talking to?", "¿cómo te llamas?", "mit wem spreche ich?") or the person
 * ("tu te rappelles mon prénom ?"), read as a small grammar over these words rather than a list of whole questions
 * (addressee.ts). Words are folded (no accents, lower case); elisions are split ("t'appelles" → "t", "appelles").
 */
export interface AddresseeWords {
  /** Pronouns and verb-bound forms that address the agent as a subject or object ("you", "você", "tú", "vous", "du"). */
  you: string[];
  /** Possessives of the agent ("your", "seu", "tu", "ton", "dein"). */
  yours: string[];
  /** The person speaking of themself ("i", "me", "eu", "yo", "je", "moi", "ich", "mich"). */
  me: string[];
  /** Possessives of the person ("my", "meu", "mi", "mon", "mein"). */
  mine: string[];
  /** Nouns for a name ("name", "nome", "nombre", "prenom", "vorname"). */
  names: string[];
  /** Verbs of being called ("called", "chama", "llamas", "appelles", "heisst", "nennen"). */
  called: string[];
  /** Question words asking for a person ("who", "quem", "quien", "qui", "wer", "wem"). */
  who: string[];
  /** Verbs of talking with someone ("talking", "falo", "hablo", "parle", "spreche"). */
  talk: string[];
  /** Demonstratives that point at the speaker on the other end ("this", "isso", "esto", "c'est"). */
  this: string[];
  /** Modals that make a "who" question a question about whom to turn to ("who should I talk to about refunds?"). */
  route: string[];
  /** Verbs of being: "who are you", "quem é você", "qui es-tu", "wer bist du". */
  be: string[];
  /** Openings of a request to the agent ("can you", "pode", "¿puedes", "vous pouvez", "kannst du"), folded phrases. */
  requests: string[];
  /** Words that ask for something said before ("remind", "remember", "lembra", "recuerdas", "rappelles", "erinnerst"). */
  recall: string[];
  /** Words that ask for something again ("again", "mesmo", "déjà", "nochmal"): "what time was it again?". */
  again: string[];
  /** What the agent may be asked whether it is ("bot", "robô", "persona", "humain", "Mensch"): "are you a bot?". */
  beings: string[];
  /** Third persons: "who is she talking to?" is about someone else. */
  third: string[];
  /** Verbs of wanting: "can I talk to a real person?", "quero falar com um humano" ask to be handed over. */
  want: string[];
  /** Apologies around a short question ("sorry, and you are?", "pardon, vous êtes ?"). */
  apologies: string[];
  /**
   * Prepositions that make a "who" about someone or something else: before it ("for whom", "para quem", "für wen", "pour
   * qui"), after "who is this" ("who's that for?"), or after a verb of talking ("¿quién me habló de la batería?").
   */
  aside: string[];
  /** Words asking "what" ("what", "que", "qué", "quoi", "was"): "what can you do for me?". */
  what: string[];
  /**
   * Verbs of serving someone, in the forms a question to the agent or the business takes ("help", "sort", "offer",
   * "ajudar", "fazem", "hacéis", "gestionar", "proposez", "bieten", "machen"): "what kinds of things can you sort out?".
   */
  serve: string[];
  /** Nouns too general to name a case ("things", "coisas", "cosas", "choses", "sachen", "services"). */
  generic: string[];
  /** "besides", "além de", "además de", "à part", "außer": what follows names what the business is known for. */
  besides: string[];
  /** Prepositions that attach the service to a case ("about the noise", "sobre o reembolso", "mit der rechnung"). */
  about: string[];
  /** Prepositions of place ("in", "na", "en", "dans", "im"): "o que vcs fazem aí na clínica?" names the business's place. */
  at: string[];
  /** Verbs of needing ("need", "precisa", "necesitas", "besoin", "brauchst"): "do you need anything else from me?". */
  need: string[];
  /** "else", "more", "mais", "más", "autre", "noch": what the agent may still need. */
  more: string[];
  /** Modals of ability ("can", "pode", "puedes", "pouvez", "kannst"). */
  can: string[];
}

const w = (text: string) => text.split(/\s+/).filter(Boolean);

export const ADDRESSEE: Record<Lang, AddresseeWords> = {
  en: {
    you: w('you u ya yourself'),
    yours: w('your ur yours'),
    me: w('i me im myself'),
    mine: w('my mine'),
    names: w('name names'),
    called: w('called call named'),
    who: w('who whom whos'),
    talk: w('talking speaking chatting writing texting dealing messaging talk speak chat write text deal'),
    this: w('this that there'),
    route: w('should could can must need'),
    be: w('are is am re s'),
    requests: ['can you', 'could you', 'would you', 'will you', 'can u', 'could u', 'please can you', 'are you able to', 'give me', 'recommend'],
    recall: w('remind remember recall said told say tell mentioned gave'),
    again: w('again'),
    beings: w('bot robot human humans person real machine'),
    third: w('he she they'),
    want: w('want wanna like will would get'),
    apologies: w('sorry excuse me'),
    aside: w('for about of'),
    what: w('what whats'),
    serve: w('help do sort handle manage offer provide fix solve cover arrange deal assist support'),
    generic: w(
      'kind kinds kinda sort sorts type types thing things stuff else exactly actually anyway services service here there out anything something info details',
    ),
    besides: w('besides apart except'),
    about: w('about with regarding'),
    can: w('can could would will'),
    need: w('need needs require'),
    more: w('else more'),
    at: w('in at'),
  },
  pt: {
    you: w('voce vc vcs voces tu te contigo senhor senhora'),
    yours: w('seu sua teu tua'),
    me: w('eu me mim comigo'),
    mine: w('meu minha'),
    names: w('nome nomes'),
    called: w('chama chamas chamo chamar chamam'),
    who: w('quem'),
    talk: w('falo falando fala atendendo converso conversando escrevo escrevendo teclo teclando falar conversar atende responde'),
    this: w('isso isto ai aqui'),
    route: w('devo deveria posso preciso'),
    be: w('e eh es sao esta'),
    requests: [
      'pode',
      'podes',
      'poderia',
      'voce pode',
      'vc pode',
      'voce poderia',
      'consegue',
      'voce consegue',
      'vc consegue',
      'me ajuda',
      'da pra',
      'me da',
      'me de',
      'me indica',
      'me recomenda',
      'me sugere',
    ],
    recall: w('lembra lembrar lembre lembro disse falei contei passei informei falado dito contado comentei mencionei'),
    again: w('mesmo novo'),
    beings: w('bot robo humano humana pessoa ia maquina real'),
    third: w('ele ela eles elas'),
    want: w('quero queria'),
    apologies: w('desculpa desculpe'),
    aside: w('para pra pro sobre de'),
    what: w('que'),
    serve: w(
      'ajudar ajuda ajudam ajudaria fazer faz fazem fazes fariam resolver resolve resolvem oferecer oferece oferecem cuidar cuida cuidam atender atende atendem',
    ),
    generic: w('tipo tipos coisa coisas exatamente mesmo ai aqui mais servico servicos alguma algum info informacao dado dados'),
    besides: w('alem fora tirando'),
    about: w('sobre com'),
    can: w('pode podem podes poderia poderiam consegue conseguem'),
    need: w('precisa precisam precisaria falta faltou'),
    more: w('mais'),
    at: w('na no em'),
  },
  es: {
    you: w('tu usted te ti contigo vos eres'),
    yours: w('tu su'),
    me: w('yo me mi conmigo'),
    mine: w('mi mis'),
    names: w('nombre nombres'),
    called: w('llamas llama llamo llamar llaman'),
    who: w('quien quienes'),
    talk: w('hablo hablando habla escribo escribiendo escribe chateo chateando converso conversando hablar atiende responde'),
    this: w('esto eso alli ahi'),
    route: w('debo deberia puedo necesito tengo'),
    be: w('eres es son sois esta'),
    requests: [
      'puedes',
      'podrias',
      'puede',
      'podria',
      'me puedes',
      'me podrias',
      'me ayudas',
      'me echas una mano',
      'usted puede',
      'dame',
      'recomiendame',
      'me recomiendas',
    ],
    recall: w('recuerdas recuerda recordar acuerdas dije conte comente di pase dicho contado comentado mencionado'),
    again: w('era'),
    beings: w('bot robot humano humana persona ia maquina real'),
    third: w('el ella ellos'),
    want: w('quiero quisiera'),
    apologies: w('perdon perdona'),
    aside: w('para sobre de del por'),
    what: w('que'),
    serve: w(
      'ayudar ayudas ayuda ayudais ayudan hacer haces hace haceis hacen resolver resuelves resuelve resolveis resuelven gestionar gestionas gestiona gestionais gestionan ofrecer ofreces ofrece ofreceis ofrecen ocuparte ocupais',
    ),
    generic: w('tipo tipos cosa cosas exactamente aqui ahi mas servicio servicios algo dato datos informacion'),
    besides: w('ademas aparte salvo'),
    about: w('sobre con'),
    can: w('puedes puede podeis pueden podrias podria'),
    need: w('necesitas necesita necesitais necesitan falta'),
    more: w('mas'),
    at: w('en'),
  },
  fr: {
    you: w('tu t toi vous etes'),
    yours: w('ton ta tes votre vos'),
    me: w('je j moi me m'),
    mine: w('mon ma mes'),
    names: w('nom prenom noms'),
    called: w('appelles appelez appelle appeler'),
    who: w('qui'),
    talk: w('parle parles discute discutes ecris ecrit cause parler discuter repond'),
    this: w('c ce ca cela'),
    route: w('dois devrais peux faut'),
    be: w('es etes est suis'),
    requests: [
      'vous pouvez',
      'tu peux',
      'pouvez-vous',
      'pouvez vous',
      'peux-tu',
      'peux tu',
      'pourriez-vous',
      'pourriez vous',
      'tu pourrais',
      'vous pourriez',
      'donne-moi',
      'donne moi',
      'conseille-moi',
      'conseille moi',
    ],
    recall: w('rappelles rappelez souviens souvenez rappeler dit donne raconte parle mentionne precise'),
    again: w('deja'),
    beings: w('bot robot humain humaine personne ia machine reel vrai'),
    third: w('il elle ils'),
    want: w('veux voudrais'),
    apologies: w('pardon'),
    aside: w('pour sur de du'),
    what: w('que qu quoi'),
    serve: w('aider aides aidez faire fais faites proposer proposes proposez gerer geres gerez offrir offres offrez occuper occupes occupez regler'),
    generic: w('genre type types chose choses exactement ici la services service autre quelque information informations'),
    besides: w('outre part sauf'),
    about: w('sur avec concernant'),
    can: w('peux peut pouvez pourrais pourriez'),
    need: w('besoin faut manque'),
    more: w('autre chose plus'),
    at: w('dans chez a au'),
  },
  de: {
    you: w('du dich dir sie ihnen bist'),
    yours: w('dein deine deinen deinem ihr ihre ihren'),
    me: w('ich mich mir'),
    mine: w('mein meine meinen meinem'),
    names: w('name namen vorname'),
    called: w('heisst heisse heissen nennen nenne'),
    who: w('wer wem wen'),
    talk: w('spreche sprech sprechen spricht schreibe schreib schreiben schreibt chatte chatt chatten rede reden tun'),
    this: w('das da dort'),
    route: w('soll sollte muss kann'),
    be: w('bist sind ist bin'),
    requests: ['kannst du', 'konnen sie', 'konntest du', 'konnten sie', 'kannst du mir', 'gib mir', 'empfiehl mir'],
    recall: w('erinnerst erinnern erinnere gesagt erzahlt genannt erwahnt'),
    again: w('nochmal nochmals'),
    beings: w('bot roboter mensch menschen person ki maschine echt'),
    third: w('er sie'),
    want: w('mochte moechte'),
    apologies: w('entschuldigung'),
    aside: w('fur von uber'),
    what: w('was'),
    serve: w('helfen hilfst helft machen machst macht bieten bietest bietet anbieten erledigen erledigst erledigt ubernehmen ubernimmst kummern'),
    generic: w('alles genau sonst noch so denn hier eigentlich sachen dinge leistungen art arten etwas irgendwas was angaben infos'),
    besides: w('ausser ausserdem neben'),
    about: w('mit uber wegen'),
    can: w('kannst konnt konnen kann konntest konnten'),
    need: w('brauchst braucht brauchen benotigen benotigst fehlt'),
    more: w('noch sonst'),
    at: w('im in bei'),
  },
};
