import { asksCapabilities } from './addressee';
import { QUESTION_START } from './asking';
import { fold, squish } from './text';

/** What a user message does. Several may be true at once ("Oi! Obrigada, tchau"). */
export interface Intents {
  greeting: boolean;
  thanks: boolean;
  farewell: boolean;
  human: boolean;
  complaint: boolean;
  howAreYou: boolean;
  aboutBot: boolean;
  /** "What can you help me with here?": what the agent is for (aboutBot too). */
  capabilities: boolean;
  isBot: boolean;
  recallName: boolean;
  recallAsked: boolean;
  recallMe: boolean;
  yes: boolean;
  /** "Você pode me ajudar?", "I need help" — asking for help without saying with what yet. */
  helpOnly: boolean;
  laughter: boolean;
  compliment: boolean;
  /** "alguma novidade?", "any update?" — checking on something asked before. */
  statusCheck: boolean;
  /** A question about the assistant itself ("você gosta de séries?", "what's your favourite colour?"). */
  aboutYou: boolean;
  /** "vou tentar", "one moment" — the user goes to do something. */
  wait: boolean;
  /** Good news: "passei na prova!", "it's my birthday". */
  celebration: boolean;
  /** "não entendi", "I don't understand". */
  confused: boolean;
  /** No letters or digits at all ("?", "..."). */
  empty: boolean;
  no: boolean;
  question: boolean;
  request: boolean;
  /** The message minus greeting/thanks/farewell words: is anything else left? */
  substantive: boolean;
}

const GREETING =
  /^(?:oi+e?|ola|hola|bonjour|ciao|hallo|buenos dias|buenas|opa|e ai|eai|eae|salve|bom dia|boa tarde|boa noite|hey+|hi+|hello|hiya|howdy|yo|good (?:morning|afternoon|evening|day)|greetings|buenas (?:tardes|noches)|saludos|holaa+|bonsoir|salut|coucou|allo)\b/;
const THANKS =
  /\b(?:obrigad[oa]s?|obg|brigad[oa]|valeu|vlw|agradec\w*|grat[oa]|thanks?|thank you|thx|ty|cheers|much appreciated|appreciate it|gracias|muchas gracias|mil gracias|te lo agradezco|merci|merci beaucoup|je vous remercie|je te remercie)\b/;
const FAREWELL =
  /\b(?:vou dormir|vou nessa|vou indo|tenho que ir|preciso ir|ja vou|going to bed|off to bed|gotta go|got to go|i have to go|i need to go|heading out|good night|goodnight|nighty night|tchau+|tchauzinho|ate mais|ate logo|ate a proxima|ate amanha|ate breve|falou|flw|adeus|fui|bye+|goodbye|bye bye|see you|see ya|cya|take care|talk (?:to you )?later|have a (?:good|nice|great) (?:day|night|one)|bom descanso|boa noite e obrigad|adios|hasta luego|hasta manana|hasta pronto|hasta la proxima|nos vemos|chao|chau|me tengo que ir|me voy|au revoir|a bientot|a plus|bonne soiree|bonne journee|bonne nuit|a demain|je dois y aller)\b/;
/** A farewell word in a short message, or among the last words of a longer one. */
function farewellAtEnd(f: string): boolean {
  const m = FAREWELL.exec(f);
  if (!m) return false;
  const words = f.split(/\s+/).filter(Boolean).length;
  const after = f
    .slice(m.index + m[0].length)
    .split(/\s+/)
    .filter(Boolean).length;
  return words <= 8 || after <= 6;
}

const HUMAN =
  /\b(?:(?:falar|conversar|atendimento|atender)\s+(?:com\s+)?(?:um|uma|o|a|algum|alguma)?\s*(?:humano|atendente|pessoa|operador|agente|alguem|gente)|atendente humano|pessoa de verdade|pessoa real|um humano|(?:talk|speak|chat)\s+(?:to|with)\s+(?:a|an|some|the)?\s*(?:human|person|agent|representative|operator|manager|someone|somebody|real person)|real person|live agent|human agent|customer service rep|representative|hablar con (?:un|una|alguna|algun)?\s*(?:humano|persona|agente|operador|asesor)|persona real)\b/;
const COMPLAINT =
  /\b(?:nao (?:funciona|funcionou|chegou|chega|recebi|consigo|conseguí|consegui|resolve|resolveu|liga|abre|carrega)|ainda nao|problema|defeito|quebrad|pessim|horrivel|horroros|absurd|reclama|insatisfeit|decepcion|irritad|revoltad|demora|demorando|atrasad|cansad[oa] de esperar|cobrad[oa] (?:duas|2) vezes|cobraram errado|errad[oa]|doesn'?t work|does not work|not working|didn'?t (?:arrive|work)|hasn'?t arrived|never arrived|haven'?t received|not received|can'?t|cannot|broken|terrible|awful|worst|horrible|ridiculous|unacceptable|complain|frustrat|annoyed|angry|disappoint|still waiting|delayed|late\b|charged twice|overcharged|wrong|issue|problem|won'?t (?:work|connect|open|load|start|turn on|charge|print)|nao conecta|nao imprime|parou de funcionar|stopped working|no ha llegado|no llego|no me llego|todavia no|pesimo|terrible|retraso|me cobraron dos veces|equivocad|no sirve|dejo de funcionar|n'est (?:toujours )?pas arrive|pas encore recu|ne marche pas|ne fonctionne pas|toujours pas|casse|abime|dechire|probleme|en retard|inadmissible|decu)/;
const HOW_ARE_YOU =
  /\b(?:e (?:voce|vc|tu|contigo)\s*\??$|and (?:you|u)\s*\??$|what about you\s*\??$|how about you\s*\??$|tudo bem|tudo bom|tudo certo|tudo joia|como vai|como voce esta|como vc (?:esta|ta)|como (?:ce|tu) ta|como esta voce|como vao as coisas|beleza\?|how are you|how are u|how r u|how'?s it going|how are things|how (?:have )?you (?:been|doing)|how do you do|what'?s up|wassup|sup\b|como estas|como esta usted|que tal|como te va|como va todo|y tu\s*\??$)/;
const ABOUT_BOT =
  /\b(?:quem (?:e|eh) (?:voce|vc|tu)|o que (?:voce|vc) (?:faz|pode fazer|sabe fazer)|como (?:voce|vc) pode (?:me )?ajudar|qual (?:e )?(?:o )?seu nome|como (?:voce|vc) se chama|who are you|what are you|what can you do|what do you do|how can you help|what'?s your name|what is your name|quien eres|que puedes hacer|como te llamas|cual es tu nombre|en que me puedes ayudar|c'?est quoi ton (?:petit )?(?:nom|prenom)|comment tu t'?appelles|quel est ton (?:nom|prenom)|wie heisst du|wie ist dein name)\b/;
/** "What can you help me with here?", "¿en qué más me puedes ayudar?", "tu sers à quoi ?": what the agent is for. */
const CAPABILITIES =
  /\b(?:what can you do|how can you help|o que (?:voce|vc) (?:pode|sabe) fazer|como (?:voce|vc) pode (?:me )?ajudar|que puedes hacer|en que me puedes ayudar|what (?:kinda |kind of |sort of )?(?:stuff |things )?(?:else )?(?:can|could) (?:you|u) (?:help|do)|what (?:(?:kinda|kind of|sort of) (?:stuff|things) )?(?:are|r) (?:you|u) (?:here )?for|en que (?:mas |otra cosa )?(?:me )?(?:puedes|podes|podrias) ayudar|(?:que|que mas) (?:me )?puedes hacer|para que sirves|em que (?:mais )?(?:voce|vc) (?:pode|consegue) (?:me )?ajudar|(?:pra|para) que (?:voce|vc) serve|tu peux m'?aider (?:pour|a|en|sur) quoi|qu'?est-ce que tu (?:peux|sais) faire|tu sers a quoi|a quoi tu sers|was kannst du|wobei kannst du (?:mir )?helfen|wofur bist du (?:da|hier))\b/;
const IS_BOT =
  /\b(?:(?:voce|vc|tu) (?:e|eh) (?:um |uma )?(?:robo|bot|humano|humana|pessoa|ia|inteligencia artificial|maquina|de verdade|real)|(?:are|r) (?:you|u) (?:a |an )?(?:bot|robot|human|real|ai|machine|person)|eres (?:un |una )?(?:bot|robot|humano|humana|persona|ia|maquina|real))\b/;
const RECALL_NAME =
  /\b(?:qual (?:e |eh )?(?:o )?meu nome|(?:voce|vc) (?:lembra|sabe|se lembra)(?: d?o)? meu nome|lembra (?:d?o )?meu nome|como (?:e que )?eu me chamo|what'?s my name|what is my name|do you (?:remember|know) my name|who am i(?=\W*$)|cual es mi nombre|como me llamo|(?:sabes|recuerdas) (?:cual es )?mi nombre)\b/;
const RECALL_ASKED =
  /\b(?:o que (?:(?:e )?que |foi que )?eu (?:te )?(?:perguntei|pedi|tinha perguntado|tinha pedido)|qual (?:foi|era) (?:a )?minha (?:pergunta|duvida|solicitacao)|(?:voce|vc) (?:lembra|se lembra) (?:d?o )?que eu (?:perguntei|pedi)|what did i (?:ask|want|request)|what was my (?:question|request)|do you remember what i (?:asked|wanted|requested)|what i asked (?:you )?(?:before|earlier))\b/;
const RECALL_ME =
  /\b(?:o que (?:voce|vc) (?:sabe|lembra) (?:sobre|de) mim|(?:voce|vc) (?:lembra|se lembra) de mim|what do you (?:know|remember) about me|do you remember me|que sabes (?:de|sobre) mi|te acuerdas de mi|(?:me )?recuerdas)\b/;
const YES =
  /^(?:sim|s|claro|isso|isso mesmo|ok|okay|beleza|blz|pode ser|pode|certo|com certeza|exato|perfeito|combinado|fechado|bora|yes|yep|yeah|yup|sure|right|exactly|of course|perfect|sounds good|deal|great|cool|si|vale|de acuerdo|perfecto|por supuesto|dale|genial|exacto|oui|d'accord|parfait|bien sur|exactement|tres bien)$/;
const NO =
  /^(?:nao|n|nope|no|nah|not really|negativo|agora nao|nao precisa|nao obrigad[oa]|no thanks|no thank you|nao, obrigad[oa]|that'?s all|e so isso|so isso|vou pensar|vou pensar melhor|vou ver|depois eu vejo|depois vejo|mais tarde|talvez depois|i'?ll think about it|let me think(?: about it)?|maybe later|not now|not yet|ainda nao|no gracias|ahora no|todavia no|lo voy a pensar|quizas despues|non|non merci|pas maintenant|je vais reflechir|c'est tout)$/;
const REQUEST =
  /\b(?:preciso|quero|qro|kero|queria|qria|gostaria|me ajud|ajuda|socorro|por favor|pfv|pf|poderia|i need|i want|i'?d like|i would like|help|please|could you|can you|would you|necesito|quiero|quisiera|me gustaria|ayuda|ayudame|podrias|puedes|je voudrais|je veux|j'ai besoin|aidez-moi|aide-moi|s'il vous plait|s'il te plait|pourriez-vous)\b/;
const HELP_ONLY =
  /^(?:(?:oi|ola|hi|hello|hey)\s+)?(?:(?:voce|vc|voces|vcs) (?:pode|poderia|podem|poderiam|consegue) me ajudar|me ajuda|me ajude|preciso de (?:uma )?ajuda|quero ajuda|ajuda|socorro|(?:can|could) (?:you|u) help(?: me)?|i need (?:some )?help|help(?: me)?|help please|please help(?: me)?|(?:me )?ayudas|(?:puedes|podrias) ayudarme|ayudame|necesito ayuda|ayuda)(?: por favor| please| pf| pfv)?$/;
const LAUGHTER = /^(?:k{3,}|(?:ha){2,}h?|(?:he){2,}h?|(?:hi){2,}h?|(?:rs)+|lol+|lmao|rofl|haha\w*|hehe\w*|(?:ja){2,}j?|jeje\w*|\p{Extended_Pictographic}+)$/u;
const STATUS_CHECK =
  /^(?:(?:e ai|e entao|oi|ola|hi|hello|hey)[,!]?\s*)?(?:alguma novidade|tem novidade|teve novidade|novidades|e ai|e entao|e agora|conseguiu (?:ver|verificar)|any news|any update|any updates|anything new|so\??|well|did you (?:check|find out)|have you (?:checked|found out))$/;
const ABOUT_YOU =
  /\b(?:(?:voce|vc|tu),?\s+(?:tambem\s+)?(?:gosta|curte|prefere|ama|odeia|acha|tem (?:namorad|filh|amig|famil|animal|bicho)|ja (?:foi|viu|assistiu|leu|comeu)|assiste|le |come|dorme|sonha|sente|mora|nasceu|tem quantos anos|torce)|(?:seu|sua|teu|tua) (?:favorit|preferid|comida|cor|filme|serie|musica|livro|time|idade|hobby)|do (?:you|u) (?:like|love|enjoy|prefer|hate|think|have (?:a |any )?(?:boyfriend|girlfriend|family|friends|kids|children|pets?|hobbies)|do anything (?:fun|nice)|watch|read|eat|sleep|dream|feel|live)|your favou?rite|how old are you|what do (?:you|u) (?:like|think|do for fun|do (?:when|after|on|in your)(?: (?:you|u|ur|you'?re)| (?:free|spare) time| weekends?)?)|are you (?:happy|sad|tired|bored|single))/;
const WAIT =
  /\b(?:let me (?:try|check|see|look)|i'?ll (?:try|check)|i will (?:try|check)|one (?:moment|sec|second)|just a (?:sec|second|moment)|hold on|give me a (?:sec|second|minute)|vou (?:tentar|testar|verificar|conferir|olhar)|deixa eu (?:tentar|ver|testar|olhar|conferir)|um (?:momento|minuto|segundo)|so um (?:momento|minuto|segundo)|pera(?:i| ai)?|peraí|aguarda|aguarde|dejame (?:ver|probar|revisar|intentar)|voy a (?:probar|intentar|revisar)|un momento|espera)\b/;
const CELEBRATION =
  /\b(?:passei (?:na|no|em)|fui aprovad[oa]|consegui o emprego|consegui a vaga|fui promovid[oa]|ganhei (?:o|a|um|uma)|(?:e |eh )?meu aniversario|(?:me )?formei|casei|noivei|vou ser (?:mae|pai)|nasceu (?:meu|minha)|passed (?:my|the)|got (?:the job|promoted|engaged|married|accepted)|i did it|(?:it'?s|is) my birthday|graduated|i won\b|got a raise|aprobe (?:el|la|mi)|me gradue|me case|me comprometi|es mi cumpleanos|consegui el trabajo|me ascendieron)/;
const CONFUSED =
  /\b(?:nao entendi|nao entendo|nao ficou claro|nao compreendi|fiquei confus[oa]|to confus[oa]|estou confus[oa]|como assim|i don'?t understand|i do not understand|i didn'?t (?:get|understand) (?:it|that)|not clear|i'?m confused|what do you mean|no entiendo|no entendi|que quieres decir|como que)\b/;
const COMPLIMENT =
  /\b(?:(?:voce|vc) (?:e|eh) (?:muito |mt |super |tao |demais de )?(?:legal|incrivel|otim[oa]|demais|fofa?|gentil|educad[oa]|inteligente|o melhor|a melhor|show)|(?:you are|you'?re|ur) (?:so |really |very |the )?(?:nice|great|awesome|amazing|sweet|kind|helpful|smart|the best|best|cool|lovely)|gostei de (?:voce|vc|falar com voce)|adorei (?:voce|vc|falar com voce)|good bot|bom bot|eres (?:muy |super |tan )?(?:amable|genial|lo maximo|la mejor|el mejor|increible))\b/;

/** "yes please", "sim, por favor", "ok obrigado" → "yes", "sim", "ok". */
function politeless(bare: string): string {
  return bare
    .replace(/\b(?:please|pls|por favor|pfv|pf|thanks|thank you|obrigad[oa]|valeu|then|entao|mesmo)\b/g, ' ')
    .replace(/[!.,\s]+/g, ' ')
    .trim();
}

const APOLOGY =
  /^(?:desculp[ae](?: (?:a demora|o atraso|qualquer coisa|o incomodo|o transtorno|desabafar|por desabafar|a confusao))?|me desculp[ae]|foi mal|perdao(?: pela demora)?|sorry(?: for the (?:delay|wait|late reply|confusion))?|sorry i'?m late|my bad|oops|apologies)\b[\s,.!]*/;

/** Splits a leading apology off a message: "desculpa a demora, é 123456" → ["desculpa a demora", "é 123456"]. */
export function splitApology(message: string): { apology: boolean; rest: string } {
  const folded = fold(message);
  const m = APOLOGY.exec(folded);
  if (!m) return { apology: false, rest: message };
  return { apology: true, rest: message.slice(m[0].length).trim() };
}

export function detectIntents(message: string): Intents {
  const f = squish(fold(message)).replace(/[“”"]/g, '');
  const capabilities = CAPABILITIES.test(f) || asksCapabilities(message);
  const bare = f
    .replace(/[!.?,;:…\s]+$/u, '')
    .replace(/\p{Extended_Pictographic}|\uFE0F/gu, '')
    .trim();
  const i: Intents = {
    greeting: GREETING.test(bare),
    thanks: THANKS.test(f),
    // A farewell ends a message or is most of it: "quando fui pagar o mercado" says "fui" but takes no leave.
    farewell:
      farewellAtEnd(f) || (/^boa noite\b/.test(bare) && THANKS.test(f)) || (/\bboa noite$/.test(bare) && !/^boa noite$/.test(bare) && !GREETING.test(bare)),
    human: HUMAN.test(f),
    complaint: COMPLAINT.test(f),
    howAreYou: HOW_ARE_YOU.test(f),
    aboutBot: capabilities || ABOUT_BOT.test(f),
    capabilities,
    isBot: IS_BOT.test(f),
    recallName: RECALL_NAME.test(f),
    recallAsked: RECALL_ASKED.test(f),
    recallMe: RECALL_ME.test(f),
    yes: YES.test(politeless(bare)),
    helpOnly: HELP_ONLY.test(
      bare
        .replace(/[!?.,]+/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
    laughter: LAUGHTER.test(bare.replace(/\s+/g, '')),
    compliment: COMPLIMENT.test(f),
    empty: !/[\p{L}\p{N}]/u.test(f),
    statusCheck: STATUS_CHECK.test(
      bare
        .replace(/[?!.]+/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
    confused: CONFUSED.test(f),
    wait: WAIT.test(f),
    aboutYou: ABOUT_YOU.test(f),
    celebration:
      CELEBRATION.test(f.replace(/\bnao (?:passei|consegui|fui|ganhei)\b/g, '')) && !/\b(?:didn'?t|did not|not|nao)\s+(?:pass|get|win|graduate)/.test(f),
    no: NO.test(politeless(bare)) || NO.test(bare.replace(/[!.\s]+/g, ' ').trim()),
    question: /\?/.test(f) || QUESTION_START.test(bare),
    request: REQUEST.test(f),
    substantive: false,
  };
  // "Bom dia" is a greeting, "Tudo bem?" small talk, "Oi" alone needs no answer beyond a greeting.
  if (i.greeting && /^(?:bom dia|boa tarde|boa noite)$/.test(bare)) i.question = false;
  const rest = bare
    .replace(GREETING, '')
    .replace(/\b(?:oi|ola|bom dia|boa tarde|boa noite|hello|hi|hey|good (?:morning|afternoon|evening))\b/g, '')
    .replace(new RegExp(THANKS.source, 'g'), '')
    .replace(new RegExp(FAREWELL.source, 'g'), '')
    .replace(new RegExp(HOW_ARE_YOU.source, 'g'), '')
    .replace(
      /\b(?:muito|mesmo|mto|demais|pela ajuda|por tudo|for (?:the|your) help|por (?:la|tu|su) ayuda|muchas|mucho|de verdad|todo|so much|a lot|very much|voce|vc|you|e|and|entao|pessoal|gente|ai|la|tudo|all|guys|folks|then|ok|okay|bye|por hoje|for now|for today|de novo|outra vez|novamente|again|there|everyone|todos|sim|bem|otimo|otima|tranquilo|tranquila|de boa|suave|tb|tbm|tambem|fine|good|great|well|i'?m|i am|doing|not bad|too|also)\b/g,
      '',
    )
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  i.substantive = rest.length > 0;
  return i;
}

/** True when the text asks or requests something (used to recall "what they asked"). */
export function isAsk(message: string): boolean {
  const i = detectIntents(message);
  return (i.question || i.request || i.complaint) && i.substantive && !i.recallAsked && !i.recallName && !i.recallMe && !i.howAreYou;
}
