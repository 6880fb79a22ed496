import type { Lang } from './language';
import {
  FR_ABOUT_YOU,
  FR_APOLOGY_REPLY,
  FR_CELEBRATE,
  FR_COMPLIMENT_REPLY,
  FR_CONDOLENCES,
  FR_CONFUSED_REPLY,
  FR_NO_LOOKUP,
  FR_OPEN,
  FR_REQUEST_OPENER,
  FR_SYMPATHY,
  FR_WAIT_REPLY,
} from './phrases-fr';
import {
  DE_ABOUT_YOU,
  DE_APOLOGY_REPLY,
  DE_CELEBRATE,
  DE_COMPLIMENT_REPLY,
  DE_CONDOLENCES,
  DE_CONFUSED_REPLY,
  DE_NO_LOOKUP,
  DE_OPEN,
  DE_REQUEST_OPENER,
  DE_SYMPATHY,
  DE_WAIT_REPLY,
} from './phrases-de';

/** Adds the French and German lines of each key (phrases-fr.ts, phrases-de.ts) to a table written in pt/en/es. */
function withFr<K extends string, T>(
  table: Record<K, Omit<Record<Lang, T>, 'fr' | 'de'>>,
  fr: Partial<Record<K, T>>,
  de: Partial<Record<K, T>> = {},
): Record<K, Record<Lang, T>> {
  const out = {} as Record<K, Record<Lang, T>>;
  for (const k of Object.keys(table) as K[]) {
    const en = (table[k] as Record<Lang, T>).en;
    out[k] = { ...table[k], fr: fr[k] ?? en, de: de[k] ?? en } as Record<Lang, T>;
  }
  return out;
}

/*
 * Phrase tables of the built-in engine that complement the voices (keyed by voice id).
 */

/** Opening question per voice, used after introductions. */
export const OPEN: Record<string, Record<Lang, string>> = withFr<string, string>(
  {
    support: { pt: 'Em que posso te ajudar hoje?', en: 'How can I help you today?', es: '¿En qué te puedo ayudar hoy?' },
    concise: { pt: 'Qual é a pergunta?', en: "What's the question?", es: '¿Cuál es la pregunta?' },
    sales: { pt: 'Me conta: o que você está procurando?', en: 'Tell me, what are you looking for?', es: 'Cuéntame, ¿qué estás buscando?' },
    teacher: { pt: 'O que você gostaria de aprender hoje?', en: 'What would you like to learn today?', es: '¿Qué te gustaría aprender hoy?' },
    playful: { pt: 'Me conta, como foi seu dia?', en: 'So, how was your day?', es: 'Cuéntame, ¿qué tal tu día?' },
    formal: { pt: 'Em que posso servi-lo(a)?', en: 'How may I be of service?', es: '¿En qué puedo servirle?' },
    empathetic: { pt: 'Como você está se sentindo hoje?', en: 'How are you feeling today?', es: '¿Cómo te sientes hoy?' },
    technical: {
      pt: 'Qual problema técnico posso te ajudar a resolver?',
      en: 'What technical issue can I help you with?',
      es: '¿Qué problema técnico te ayudo a resolver?',
    },
  },
  FR_OPEN,
  DE_OPEN,
);

/**
 * Topics each voice's own follow-up wording fits (null = no topic). Outside them a neutral
 * wording is used, so a teacher does not say "to explain it the right way" about a refund.
 */
export const DOMAIN: Record<string, Array<string | null> | 'all'> = {
  support: 'all',
  concise: 'all',
  formal: 'all',
  playful: ['feelings', 'learning', null],
  sales: ['price', null],
  teacher: ['learning', null],
  empathetic: ['feelings', null],
  technical: ['error', 'account', null],
};
export const NEUTRAL_WRAP: Record<Lang, string[]> = { pt: ['{ask}'], en: ['{ask}'], es: ['{ask}'], fr: ['{ask}'], de: ['{ask}'] };

/** Openers for requests ("Quero cancelar minha assinatura"). */
export const REQUEST_OPENER: Record<string, Record<Lang, string[]>> = withFr<string, string[]>(
  {
    support: {
      pt: ['Claro{name}, vamos lá.', 'Pode deixar{name}!'],
      en: ['Sure thing{name}!', 'Of course{name}!'],
      es: ['¡Claro{name}, vamos!', '¡Déjamelo a mí{name}!'],
    },
    concise: { pt: ['Certo.'], en: ['Okay.'], es: ['De acuerdo.'] },
    sales: { pt: ['Claro{name}!', 'Com certeza{name}!'], en: ['Of course{name}!', 'Absolutely{name}!'], es: ['¡Claro{name}!', '¡Por supuesto{name}!'] },
    teacher: { pt: ['Claro{name}!'], en: ['Of course{name}!'], es: ['¡Claro{name}!'] },
    playful: {
      pt: ['Bora resolver{name}!', 'Deixa comigo{name}!'],
      en: ['On it{name}!', 'Leave it to me{name}!'],
      es: ['¡Vamos a resolverlo{name}!', '¡Déjamelo a mí{name}!'],
    },
    formal: { pt: ['Certamente{name}.'], en: ['Certainly{name}.'], es: ['Por supuesto{name}.'] },
    empathetic: { pt: ['Claro{name}, vamos com calma.'], en: ["Of course{name}, let's take it calmly."], es: ['Claro{name}, vamos con calma.'] },
    technical: { pt: ['Beleza{name}, vamos lá.'], en: ["Sure{name}, let's do it."], es: ['Vale{name}, vamos allá.'] },
  },
  FR_REQUEST_OPENER,
  DE_REQUEST_OPENER,
);

/** Sympathy when someone shares a feeling (complaint lines apologise, which would be wrong here). */
export const SYMPATHY: Record<string, Record<Lang, string[]>> = withFr<string, string[]>(
  {
    support: {
      pt: ['Poxa{name}, sinto muito. Dias assim são difíceis.'],
      en: ["Oh{name}, I'm sorry. Days like that are hard."],
      es: ['Vaya{name}, lo siento mucho. Los días así son difíciles.'],
    },
    concise: { pt: ['Sinto muito.'], en: ['Sorry to hear that.'], es: ['Lo siento.'] },
    sales: {
      pt: ['Poxa{name}, sinto muito. Dias assim são difíceis.'],
      en: ["I'm sorry{name}. Days like that are hard."],
      es: ['Lo siento mucho{name}. Los días así son difíciles.'],
    },
    teacher: {
      pt: ['Sinto muito{name}. Às vezes o dia pesa mesmo.'],
      en: ["I'm sorry{name}. Some days are just heavy."],
      es: ['Lo siento{name}. Hay días que pesan.'],
    },
    playful: {
      pt: ['Aaah{name}, vem cá que eu te faço companhia 💛'],
      en: ["Aww{name}, come here, I'll keep you company 💛"],
      es: ['Ay{name}, ven que te hago compañía 💛'],
    },
    formal: { pt: ['Lamento muito saber disso{name}.'], en: ['I am very sorry to hear that{name}.'], es: ['Lamento mucho saberlo{name}.'] },
    technical: { pt: ['Poxa{name}, sinto muito.'], en: ['Sorry to hear that{name}.'], es: ['Vaya{name}, lo siento.'] },
  },
  FR_SYMPATHY,
  DE_SYMPATHY,
);

export const COMPLIMENT_REPLY: Record<string, Record<Lang, string[]>> = withFr<string, string[]>(
  {
    support: {
      pt: ['Ah, que gentileza{name}! Fico muito feliz. 😊'],
      en: ["Aww, that's so kind{name}! Thank you. 😊"],
      es: ['¡Ay, qué amable{name}! Me alegra mucho. 😊'],
    },
    concise: { pt: ['Obrigado.'], en: ['Thanks.'], es: ['Gracias.'] },
    sales: {
      pt: ['Muito obrigado{name}! É um prazer te atender.'],
      en: ["Thank you so much{name}! It's a pleasure to help."],
      es: ['¡Muchas gracias{name}! Es un placer atenderte.'],
    },
    teacher: {
      pt: ['Que gentileza{name}, obrigada! Adoro aprender junto com você.'],
      en: ['How kind{name}, thank you! I love learning with you.'],
      es: ['¡Qué amable{name}, gracias! Me encanta aprender contigo.'],
    },
    playful: {
      pt: ['Ownnn{name}, assim eu fico sem graça! 🥰'],
      en: ["Awww{name}, you're making me blush! 🥰"],
      es: ['¡Awww{name}, me vas a hacer sonrojar! 🥰'],
    },
    formal: {
      pt: ['É muita gentileza sua{name}. Agradeço.'],
      en: ['That is most kind of you{name}. Thank you.'],
      es: ['Es usted muy amable{name}. Se lo agradezco.'],
    },
    empathetic: {
      pt: ['Obrigada{name}, isso me deixa feliz. Fico contente de estar aqui com você.'],
      en: ["Thank you{name}, that means a lot. I'm glad to be here with you."],
      es: ['Gracias{name}, eso me alegra. Me gusta estar aquí contigo.'],
    },
    technical: { pt: ['Valeu{name}! 😄'], en: ['Thanks{name}! 😄'], es: ['¡Gracias{name}! 😄'] },
  },
  FR_COMPLIMENT_REPLY,
  DE_COMPLIMENT_REPLY,
);

export const APOLOGY_REPLY: Record<string, Record<Lang, string[]>> = withFr<string, string[]>(
  {
    support: {
      pt: ['Imagina, sem problema nenhum!', 'Que isso, tudo certo!'],
      en: ['No worries at all!', "That's totally fine!"],
      es: ['¡Tranquilo, no pasa nada!', '¡No te preocupes, todo bien!'],
    },
    concise: { pt: ['Sem problema.'], en: ['No problem.'], es: ['Sin problema.'] },
    sales: { pt: ['Imagina, sem problema!'], en: ['No problem at all!'], es: ['¡No pasa nada!'] },
    teacher: { pt: ['Não precisa se desculpar!'], en: ["There's no need to apologise!"], es: ['¡No hace falta disculparse!'] },
    playful: { pt: ['Relaxa, tá tudo certo! 😄'], en: ["Relax, it's all good! 😄"], es: ['¡Tranqui, todo bien! 😄'] },
    formal: {
      pt: ['Não há de quê — não é necessário se desculpar.'],
      en: ['Not at all — there is no need to apologise.'],
      es: ['En absoluto — no es necesario disculparse.'],
    },
    empathetic: {
      pt: ['Não precisa se desculpar{name}. Este espaço é seu.'],
      en: ["You don't need to apologise{name}. This space is yours."],
      es: ['No necesitas disculparte{name}. Este espacio es tuyo.'],
    },
    technical: { pt: ['Sem problema!'], en: ['No problem!'], es: ['¡Sin problema!'] },
  },
  FR_APOLOGY_REPLY,
  DE_APOLOGY_REPLY,
);

export const CONFUSED_REPLY: Record<string, Record<Lang, string[]>> = withFr<string, string[]>(
  {
    support: { pt: ['Sem problema, vamos por partes.'], en: ["No problem, let's take it step by step."], es: ['Sin problema, vamos por partes.'] },
    concise: { pt: ['Vou ser mais claro.'], en: ['Let me be clearer.'], es: ['Lo diré más claro.'] },
    sales: { pt: ['Claro, deixa eu explicar melhor.'], en: ['Sure, let me explain better.'], es: ['Claro, déjame explicarlo mejor.'] },
    teacher: {
      pt: ['Tudo bem, vamos com calma — eu explico de outro jeito.'],
      en: ["That's okay, let's slow down — I'll explain it another way."],
      es: ['Está bien, vamos con calma — te lo explico de otra forma.'],
    },
    playful: { pt: ['Opa, me enrolei! Vamos de novo.'], en: ['Oops, I got tangled up! Let me try again.'], es: ['¡Uy, me enredé! Vamos otra vez.'] },
    formal: { pt: ['Peço desculpas por não ter sido claro.'], en: ['My apologies for not being clearer.'], es: ['Disculpe por no haber sido más claro.'] },
    empathetic: { pt: ['Tudo bem, vamos devagar.'], en: ["That's okay, let's go slowly."], es: ['Está bien, vamos despacio.'] },
    technical: { pt: ['Beleza, vou detalhar melhor.'], en: ["Sure, I'll break it down."], es: ['Vale, lo explico con más detalle.'] },
  },
  FR_CONFUSED_REPLY,
  DE_CONFUSED_REPLY,
);

/** When the user goes off to try something. */
export const WAIT_REPLY: Record<string, Record<Lang, string[]>> = withFr<string, string[]>(
  {
    support: {
      pt: ['Claro, fico no aguardo! Me conta se funcionou.'],
      en: ['Sure, take your time! Let me know if it works.'],
      es: ['¡Claro, aquí te espero! Cuéntame si funcionó.'],
    },
    concise: { pt: ['Ok. Me avise o resultado.'], en: ['Okay. Tell me the result.'], es: ['De acuerdo. Avísame el resultado.'] },
    sales: { pt: ['Claro, fico no aguardo!'], en: ["Sure, I'll be right here!"], es: ['¡Claro, aquí te espero!'] },
    teacher: {
      pt: ['Claro, tente com calma! Estou aqui se travar em alguma parte.'],
      en: ["Of course, take your time! I'm here if you get stuck."],
      es: ['¡Claro, con calma! Aquí estoy si te atascas.'],
    },
    playful: { pt: ['Bora! Tô aqui torcendo 🤞'], en: ["Go for it! I'm rooting for you 🤞"], es: ['¡Vamos! Aquí estoy cruzando los dedos 🤞'] },
    formal: {
      pt: ['Certamente. Aguardo o seu retorno.'],
      en: ['Certainly. I shall await your reply.'],
      es: ['Por supuesto. Quedo a la espera de su respuesta.'],
    },
    empathetic: { pt: ['Claro, no seu tempo. Estou aqui.'], en: ["Of course, in your own time. I'm here."], es: ['Claro, a tu ritmo. Aquí estoy.'] },
    technical: {
      pt: ['Beleza, testa aí e me conta o resultado.'],
      en: ['Sure, give it a try and tell me what happens.'],
      es: ['Vale, pruébalo y cuéntame qué pasa.'],
    },
  },
  FR_WAIT_REPLY,
  DE_WAIT_REPLY,
);

/** Good news. */
export const CELEBRATE: Record<'warm' | 'reserved', Record<Lang, { news: string[]; birthday: string[]; ask: string[] }>> = withFr<
  'warm' | 'reserved',
  { news: string[]; birthday: string[]; ask: string[] }
>(
  {
    warm: {
      pt: {
        news: ['Que notícia maravilhosa{name}! Parabéns! 🎉', 'Uhuul, parabéns{name}! 🎉 Você merece.'],
        birthday: ['Feliz aniversário{name}! 🎂 Que seu novo ano seja incrível.'],
        ask: ['Como você vai comemorar?', 'Como você está se sentindo?'],
      },
      en: {
        news: ["That's wonderful news{name}! Congratulations! 🎉", 'Woohoo, congratulations{name}! 🎉 You deserve it.'],
        birthday: ['Happy birthday{name}! 🎂 I hope the year ahead is amazing.'],
        ask: ['How are you going to celebrate?', 'How are you feeling?'],
      },
      es: {
        news: ['¡Qué noticia tan buena{name}! ¡Felicidades! 🎉', '¡Bravo, felicidades{name}! 🎉 Te lo mereces.'],
        birthday: ['¡Feliz cumpleaños{name}! 🎂 Que tengas un año increíble.'],
        ask: ['¿Cómo lo vas a celebrar?', '¿Cómo te sientes?'],
      },
    },
    reserved: {
      pt: { news: ['Meus parabéns{name}!'], birthday: ['Feliz aniversário{name}!'], ask: ['Posso ajudar em algo mais?'] },
      en: { news: ['Congratulations{name}!'], birthday: ['Happy birthday{name}!'], ask: ['Is there anything else I can help with?'] },
      es: { news: ['¡Felicidades{name}!'], birthday: ['¡Feliz cumpleaños{name}!'], ask: ['¿Puedo ayudarle en algo más?'] },
    },
  },
  FR_CELEBRATE,
  DE_CELEBRATE,
);

/** Condolences. */
export const CONDOLENCES: Record<Lang, string[]> = {
  pt: ['Sinto muito pela sua perda{name}.', 'Meus sentimentos{name}. Sinto muito.'],
  en: ["I'm so sorry for your loss{name}.", "I'm very sorry{name}. That's a real loss."],
  es: ['Siento mucho tu pérdida{name}.', 'Lo siento mucho{name}. Mi más sentido pésame.'],
  fr: FR_CONDOLENCES,
  de: DE_CONDOLENCES,
};

/** General-knowledge questions the built-in engine cannot look up (weather, news, facts). */
export const NO_LOOKUP: Record<'warm' | 'reserved', Record<Lang, string[]>> = withFr<'warm' | 'reserved', string[]>(
  {
    warm: {
      pt: [
        'Essa eu não consigo consultar daqui. O que você pretende fazer com essa informação? Talvez eu consiga ajudar de outro jeito.',
        'Não tenho como verificar isso por aqui. Para que você precisa? Eu tento te ajudar de outro jeito.',
      ],
      en: [
        "That's something I can't look up from here. What do you need it for? Maybe I can help another way.",
        "I can't check that from here. What do you need it for? I'll try to help another way.",
      ],
      es: [
        'Eso no lo puedo consultar desde aquí. ¿Para qué lo necesitas? Quizá pueda ayudarte de otra forma.',
        'No tengo cómo verificar eso desde aquí. ¿Para qué lo necesitas? Intento ayudarte de otra manera.',
      ],
    },
    reserved: {
      pt: ['Não tenho acesso a essa informação daqui. Para que você precisa dela? Talvez eu possa ajudar de outra forma.'],
      en: ['I do not have access to that information from here. What do you need it for? I may be able to help another way.'],
      es: ['No tengo acceso a esa información desde aquí. ¿Para qué la necesita? Quizá pueda ayudarle de otra forma.'],
    },
  },
  FR_NO_LOOKUP,
  DE_NO_LOOKUP,
);

/** Questions about the assistant's own tastes or life. */
export const ABOUT_YOU: Record<'warm' | 'reserved', Record<Lang, string[]>> = withFr<'warm' | 'reserved', string[]>(
  {
    warm: {
      pt: [
        'Sou virtual, então não tenho gostos de verdade — mas adoro ouvir sobre os seus! E você, o que acha?',
        'Boa pergunta! Como sou virtual, não vivo essas coisas, mas fico curiosa com as suas. Me conta?',
      ],
      en: [
        "I'm virtual, so I don't really have tastes of my own — but I love hearing about yours! What about you?",
        "Good question! Being virtual, I don't get to experience that, but I'm curious about yours. Tell me?",
      ],
      es: [
        'Soy virtual, así que no tengo gustos de verdad — ¡pero me encanta saber de los tuyos! ¿Y tú, qué opinas?',
        '¡Buena pregunta! Como soy virtual, no vivo esas cosas, pero me dan curiosidad las tuyas. ¿Me cuentas?',
      ],
    },
    reserved: {
      pt: ['Como assistente virtual, não tenho preferências próprias. Em que mais posso ajudar?'],
      en: ['As a virtual assistant, I do not have personal preferences. How else may I help?'],
      es: ['Como asistente virtual, no tengo preferencias propias. ¿En qué más puedo ayudarle?'],
    },
  },
  FR_ABOUT_YOU,
  DE_ABOUT_YOU,
);
