import { NAME, WORD, type FactRules } from './facts-rules';

/** Portuguese rules and words of the fact extraction (facts.ts). */
export const PT_FACTS: FactRules = {
  notNames: (
    'um uma o os as e de do da que muito bem mal ' +
    'brasileiro brasileira cliente novo nova eu você voce seu sua meu minha aqui cansado cansada feliz triste ocupado ocupada pronto pronta ' +
    'obrigado obrigada desculpa desculpe ' +
    'segunda terça terca quarta quinta sexta sábado sabado domingo ' +
    'janeiro fevereiro março marco abril maio junho julho agosto setembro outubro novembro dezembro hoje amanhã amanha natal'
  ).split(' '),
  notNameTail: (
    'mas porque tenho moro gosto quero preciso queria gostaria por pra para com sou estou ' +
    'tudo bem ok oi ola e da do de aqui obrigado obrigada e tambem vou pode'
  ).split(' '),
  pronouns: 'que quando como isso isto aquilo você voce vocês voces te ele ela eles elas lo la demais muito bastante tanto mesmo tudo'.split(' '),
  notPlaces: 'um uma casa apartamento cidade bairro aqui lá la'.split(' '),
  relations: {
    irmã: { key: 'sister', fem: true },
    irma: { key: 'sister', fem: true },
    irmão: { key: 'brother' },
    irmao: { key: 'brother' },
    mãe: { key: 'mother', fem: true },
    mae: { key: 'mother', fem: true },
    pai: { key: 'father' },
    filho: { key: 'son' },
    filha: { key: 'daughter', fem: true },
    esposa: { key: 'wife', fem: true },
    marido: { key: 'husband' },
    esposo: { key: 'husband' },
    namorada: { key: 'girlfriend', fem: true },
    namorado: { key: 'boyfriend' },
    noiva: { key: 'fiancee', fem: true },
    noivo: { key: 'fiance' },
    amiga: { key: 'friend', fem: true },
    amigo: { key: 'friend' },
    cachorro: { key: 'dog' },
    cachorra: { key: 'dog', fem: true },
    cão: { key: 'dog' },
    cadela: { key: 'dog', fem: true },
    gato: { key: 'cat' },
    gata: { key: 'cat', fem: true },
    avó: { key: 'grandmother', fem: true },
    avô: { key: 'grandfather' },
    tia: { key: 'aunt', fem: true },
    tio: { key: 'uncle' },
    prima: { key: 'cousin', fem: true },
    primo: { key: 'cousin' },
    sobrinha: { key: 'niece', fem: true },
    sobrinho: { key: 'nephew' },
    neta: { key: 'granddaughter', fem: true },
    neto: { key: 'grandson' },
    sogra: { key: 'mother-in-law', fem: true },
    sogro: { key: 'father-in-law' },
    chefe: { key: 'boss' },
    parceira: { key: 'partner', fem: true },
    parceiro: { key: 'partner' },
    companheira: { key: 'partner', fem: true },
    companheiro: { key: 'partner' },
    colega: { key: 'colleague' },
    bebê: { key: 'baby' },
  },
  relationNames: {
    sister: ['irmã', 'irmã'],
    brother: ['irmão', 'irmão'],
    mother: ['mãe', 'mãe'],
    father: ['pai', 'pai'],
    son: ['filho', 'filho'],
    daughter: ['filha', 'filha'],
    wife: ['esposa', 'esposa'],
    husband: ['marido', 'marido'],
    girlfriend: ['namorada', 'namorada'],
    boyfriend: ['namorado', 'namorado'],
    fiancee: ['noiva', 'noiva'],
    fiance: ['noivo', 'noivo'],
    friend: ['amigo', 'amiga'],
    dog: ['cachorro', 'cachorra'],
    cat: ['gato', 'gata'],
    grandmother: ['avó', 'avó'],
    grandfather: ['avô', 'avô'],
    aunt: ['tia', 'tia'],
    uncle: ['tio', 'tio'],
    cousin: ['primo', 'prima'],
    niece: ['sobrinha', 'sobrinha'],
    nephew: ['sobrinho', 'sobrinho'],
    granddaughter: ['neta', 'neta'],
    grandson: ['neto', 'neto'],
    'mother-in-law': ['sogra', 'sogra'],
    'father-in-law': ['sogro', 'sogro'],
    boss: ['chefe', 'chefe'],
    partner: ['parceiro', 'parceira'],
    colleague: ['colega', 'colega'],
    baby: ['bebê', 'bebê'],
    child: ['filho', 'filha'],
  },
  jobs: (
    'professor professora médico médica medico medica engenheiro engenheira advogado advogada enfermeiro enfermeira desenvolvedor ' +
    'desenvolvedora programador programadora designer estudante vendedor vendedora motorista arquiteto arquiteta contador contadora ' +
    'jornalista dentista psicólogo psicóloga psicologo psicologa cozinheiro cozinheira chef garçom garçonete empresário empresária ' +
    'empresario empresaria autônomo autônoma autonomo autonoma aposentado aposentada analista gerente fotógrafo fotógrafa músico ' +
    'pedreiro eletricista veterinário veterinária farmacêutico farmacêutica policial bombeiro bombeira atriz ator escritor escritora ' +
    'nutricionista fisioterapeuta cabeleireiro cabeleireira manicure diarista secretária secretário administrador administradora ' +
    'economista consultor consultora corretor corretora piloto cientista pesquisador pesquisadora freelancer dev biólogo bióloga ' +
    'mecânico costureira padeiro confeiteira confeiteiro barista tradutor tradutora terapeuta dona-de-casa estagiário estagiária'
  ).split(' '),
  weakPlans:
    'esperar aguardar tentar ver verificar checar conferir pensar testar ficar bem indo dormir deitar embora mandar enviar passar responder reiniciar confirmar explicar'.split(
      ' ',
    ),
  adjectiveEndings: /(?:ad[oa]s?|id[oa]s?|[aá]vel|[ií]vel|nte|os[oa]s?|ist[ao]s?|eir[oa]s?|ári[oa]s?|inh[oa]s?)$/u,
  nameRules: [
    {
      re: /\b(?:meu nome é|meu nome e|me chamo|pode me chamar de|podem me chamar de|aqui quem fala é|aqui é (?:[ao] )?)\s*(\p{L}[\p{L}'’-]*(?:\s+\p{L}[\p{L}'’-]*)?)/iu,
      cap: false,
    },
    { re: new RegExp(`(?:^|[\\s,])(?:[Ee]u sou (?:[ao] )?|[Ss]ou (?:[ao] )|[Ss]ou )${NAME}`, 'u'), cap: true },
    // "Oi, é o Zé", "Olá, Zé aqui", "Bom dia, fala a Rita": a name right after a greeting (or opening the message).
    {
      re: new RegExp(
        `(?:^|^(?:[Oo]i|[Oo]l[áa]|[Oo]pa|[Ee] a[íi]|[Bb]om dia|[Bb]oa tarde|[Bb]oa noite)[,!.]?\\s+)(?:(?:[ÉéEe]|[Ff]ala|[Qq]uem fala [ée]) (?:[ao] )?${NAME}|${NAME}\\s+aqui(?=\\s*(?:[,.!;]|$)))`,
        'u',
      ),
      cap: true,
    },
    // "oi boa tarde! sou a camila,", "…, sou o fábio teixeira,": in lower case, with its article, ending its clause.
    {
      re: /(?:^|[,.!?]\s*|\b(?:oi|oii|ola|olá|opa|bom dia|boa tarde|boa noite)[,!.]?\s+)(?:eu sou|sou)\s+[ao]\s+(\p{Ll}[\p{L}'’-]*(?:\s+\p{Ll}[\p{L}'’-]*)?)(?=\s*(?:[,.!;]|$))/u,
      cap: false,
      lower: true,
    },
  ],
  preferenceRules: [
    { re: /\b(?:n[ãa]o gosto|odeio|detesto|n[ãa]o suporto|n[ãa]o curto|tenho horror)\s*(?:muito\s+)?(?:de|do|da|dos|das|a|ao)?\s+/giu, like: false },
    {
      re: /(?<!n[ãa]o\s)(?<!nunca\s)\b(?:gosto|curto|adoro|amo|sou f[ãa]|sou apaixonad[oa]|sou louc[oa])(?:\s+(?:muito|bastante|demais|tanto))?\s*(?:de|do|da|dos|das|por|pelo|pela)?\s+/giu,
      like: true,
    },
  ],
  favourite: /\b(?:meu|minha)\s+(\p{L}+(?:\s+\p{L}+)?)\s+(favorit[oa]|preferid[oa])\s+(?:é|e)\s+(?:[oa]s?\s+)?/iu,
  relationRules: (relWords) => [
    new RegExp(
      `(?:^|[^\\p{L}])(?:[Mm]inha|[Mm]eu|[Tt]enho (?:uma?|duas?|dois))\\s+(${relWords})(?:\\s+(?:mais velh[oa]|mais nov[oa]|caçula|melhor))?,?\\s+(?:(?:que\\s+)?se chama\\s+|chamad[oa]\\s+|(?:é|e)\\s+(?:[ao]\\s+)?)?${NAME}`,
      'gu',
    ),
    new RegExp(`(?:^|[^\\p{L}])[Oo] nome d[ao] (?:minha|meu)\\s+(${relWords})\\s+(?:é|e)\\s+(?:[ao]\\s+)?${NAME}`, 'gu'),
  ],
  locationRules: [
    { re: /\b(?:eu\s+)?(?:moro|vivo|estou morando|t[ôo] morando|resido)\s+(?:em|no|na|nos|nas)\s+/iu, kind: 'lives_in', lower: true },
    { re: /\b(?:eu\s+)?(?:me\s+)?mudei\s+(?:pra|para|pro|para o|para a|pra o|pra a)\s+/iu, kind: 'lives_in', lower: true },
    { re: /(?:^|[\s,])(?:[Ee]u\s+)?(?:[Ss]ou|[Vv]enho)\s+(?:de|do|da|dos|das)\s+/u, kind: 'from', lower: false },
  ],
  jobIdentity: new RegExp(`(?:^|[\\s,])(?:[Ee]u\\s+)?[Ss]ou\\s+(?:uma?\\s+)?(${WORD}(?:\\s+(?:de|em)\\s+${WORD})?)`, 'u'),
};
