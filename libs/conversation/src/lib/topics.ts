import type { Lang } from './language';
import { fold } from './text';
import { DE_TOPICS } from './topics-de';
import { FR_TOPICS } from './topics-fr';

/** A subject the built-in engine recognizes, with the follow-up question that moves it forward. */
export interface Topic {
  id: string;
  match: RegExp;
  pt: { about: string; ask: string };
  en: { about: string; ask: string };
  es: { about: string; ask: string };
  /**
   * A better follow-up when the text already carries the details `ask` would request (`folded`: accent-folded, lower
   * case; `raw`: as written, for values quoted back). A language it has no line for keeps the topic's own `ask`.
   */
  refine?: (folded: string, raw: string) => { pt: string; en: string; es?: string; fr?: string } | undefined;
}

/** Ordered: the first match wins. Patterns run on accent-folded, lower-case text. */
export const TOPICS: Topic[] = [
  {
    id: 'refund',
    match:
      /\b(reembols|devoluci|devolver|garantia|reembols|estorn|devolu|dinheiro de volta|troca|trocar|garantia|refund|money back|chargeback|return (it|the|my)|return policy|returns|exchange|warranty)/,
    pt: { about: 'o reembolso', ask: 'Qual é o número do pedido e qual foi a forma de pagamento?' },
    en: { about: 'the refund', ask: "What's the order number, and how did you pay?" },
    es: { about: 'el reembolso', ask: '¿Cuál es el número de pedido y cómo pagaste?' },
    refine: (f) =>
      /\b(politica|policy|como funciona|how does|prazo para|how long|quantos dias|how many days|regras|rules)/.test(f)
        ? {
            pt: 'É sobre um pedido específico? Se for, me passa o número que eu verifico as condições.',
            en: "Is this about a specific order? If so, send me the number and I'll check the conditions.",
          }
        : undefined,
  },
  {
    id: 'billing',
    match:
      /\b(pago|pague|tarjeta|factura|cobraron|cobro|cobr|pagamento|pagar|paguei|boleto|pix|cartao|fatura|nota fiscal|payment|pay\b|paid|charge[ds]?\b|billing|invoice|credit card|card\b)/,
    pt: { about: 'o pagamento', ask: 'Qual foi a forma de pagamento, a data e o valor cobrado?' },
    en: { about: 'the payment', ask: 'Which payment method did you use, and what was the date and amount?' },
    es: { about: 'el pago', ask: '¿Qué forma de pago usaste, y cuál fue la fecha y el importe?' },
  },
  {
    id: 'cancel',
    match: /\b(cancel)/,
    pt: { about: 'o cancelamento', ask: 'O que você quer cancelar — um pedido, uma assinatura ou uma reserva? Se tiver, me passa o número.' },
    en: { about: 'the cancellation', ask: 'What would you like to cancel — an order, a subscription or a booking? If you have it, send me the number.' },
    es: { about: 'la cancelación', ask: '¿Qué quieres cancelar — un pedido, una suscripción o una reserva? Si lo tienes, envíame el número.' },
    refine: (f) => {
      if (/\b(assinatura|plano|mensalidade|subscription|plan|membership)/.test(f)) {
        return { pt: 'Qual é o e-mail ou CPF da conta da assinatura?', en: "What's the email on the subscription account?" };
      }
      if (/\b(pedido|compra|order|purchase)/.test(f)) return { pt: 'Qual é o número do pedido?', en: "What's the order number?" };
      if (/\b(reserva|agendamento|consulta|booking|reservation|appointment)/.test(f)) {
        return { pt: 'Em nome de quem e para qual data está a reserva?', en: 'Under which name and for which date is the booking?' };
      }
      return undefined;
    },
  },
  {
    id: 'order',
    match:
      /\b(envio|paquete|llego|llegar|llegado|seguimiento|pedido|entrega|encomenda|rastreio|rastrear|frete|chegou|chegar|correios|order|deliver|shipping|shipment|package|parcel|tracking|arriv)/,
    pt: { about: 'o seu pedido', ask: 'Qual é o número do pedido e em que data a compra foi feita?' },
    en: { about: 'your order', ask: "What's the order number, and when did you place it?" },
    es: { about: 'tu pedido', ask: '¿Cuál es el número de pedido y cuándo lo hiciste?' },
    refine: (f, raw) => {
      if (
        /\bfrete\b|\bshipping (?:cost|price|fee)|\bdelivery (?:cost|fee|price)/.test(f) &&
        /\b(valor|preco|quanto|custa|cotar|calcul|cost|price|fee|how much)/.test(f)
      ) {
        return {
          pt: 'Qual é o CEP de entrega e quais produtos você quer levar? Assim eu calculo o frete.',
          en: "What's the delivery postcode, and which items are you ordering? Then I can work out the shipping.",
        };
      }
      if (
        /\b(entregam|fazem entrega|entrega (?:em|para|pra|no|na)|entregar (?:em|para|pra)|deliver to|ship to|do you deliver|do you ship|delivery to)\b/.test(f)
      ) {
        return {
          pt: 'Qual é o CEP do endereço de entrega? Assim eu confiro prazo e frete.',
          en: "What's the delivery postcode? Then I can check delivery times and costs.",
        };
      }
      // The whole code as written ("88213-B", "A-77120"), not only its digits.
      const num = orderCode(raw);
      if (!num) return undefined;
      return {
        pt: `Anotei o pedido ${num}. Pode me confirmar o e-mail ou CPF usado na compra?`,
        en: `I've noted order ${num}. Could you confirm the email used for the purchase?`,
        es: `Anoté el pedido ${num}. ¿Me confirmas el correo usado en la compra?`,
        fr: `J’ai noté la commande ${num}. Peux-tu me confirmer l’adresse e-mail utilisée pour l’achat ?`,
      };
    },
  },
  {
    id: 'account',
    match:
      /\b(contrasena|cuenta|iniciar sesion|acceder|senha|login|logar|entrar na (minha )?conta|minha conta|acesso|acessar|cadastro|password|log in|sign in|signin|account|username|two.factor|2fa)/,
    pt: { about: 'o acesso à sua conta', ask: 'Qual é o e-mail da conta e o que aparece quando você tenta entrar?' },
    en: { about: 'access to your account', ask: "What's the email on the account, and what do you see when you try to sign in?" },
    es: { about: 'el acceso a tu cuenta', ask: '¿Cuál es el correo de la cuenta y qué ves cuando intentas entrar?' },
    refine: (f) => {
      const email = /@/.test(f);
      const seen =
        /\b(says|diz|aparece|mensagem|message|error|erro|invalid|invalida|incorrect|incorret|wrong|errad|bloquead|locked|blocked|nao reconhece|not recognized)/.test(
          f,
        );
      const reset = /\b(reset|redefini|troquei a senha|mudei a senha|changed (?:the|my) password|esqueci (?:a|minha) senha|forgot (?:the|my) password)/.test(f);
      if (!email && !seen && !reset) return undefined;
      if (!email) {
        return reset
          ? {
              pt: 'Como redefinir não resolveu, qual é o e-mail com que você entra? Vou verificar se a conta está bloqueada.',
              en: "Since resetting didn't help, what's the email you sign in with? I'll check whether the account is locked.",
            }
          : { pt: 'Obrigado! Qual é o e-mail da conta? Assim eu consigo verificar.', en: "Thanks! What's the email on the account? Then I can check it." };
      }
      if (!seen) return { pt: 'Que mensagem aparece quando você tenta entrar?', en: 'What message do you see when you try to sign in?' };
      if (!reset)
        return {
          pt: 'Você já tentou o link “Esqueci minha senha”? Se sim, o e-mail de redefinição chegou?',
          en: 'Have you tried the “Forgot password” link? If so, did the reset email arrive?',
        };
      return { pt: 'Você está entrando pelo aplicativo ou pelo site?', en: 'Are you signing in through the app or the website?' };
    },
  },
  {
    id: 'error',
    match:
      /\b(se cuelga|no carga|no enciende|no conecta|erro|bug|trava|travando|nao abre|nao funciona|nao carrega|nao liga|nao conecta|caiu|lento|crash|error|doesn'?t work|not working|won'?t (open|load|start|connect|print|turn on)|wi-?fi|internet|bluetooth|impressora|printer|freez|slow|broken|install|instal|configur|setup|update|atualiz)/,
    pt: { about: 'esse problema técnico', ask: 'Qual é a mensagem de erro exata, em qual aparelho ou versão, e o que você já tentou?' },
    en: { about: 'this technical issue', ask: "What's the exact error message, on which device or version, and what have you tried so far?" },
    es: { about: 'este problema técnico', ask: '¿Cuál es el mensaje de error exacto, en qué dispositivo o versión, y qué has probado?' },
    refine: (f) => {
      const code = /\b(0x[0-9a-f]+|erro \S+|error \S+|erreur \S+|codigo \S+|code \S+|\d{3,})\b/.test(f);
      const device =
        /\b(iphone|android|samsung|windows|mac|macos|linux|ios|chrome|firefox|safari|hp|epson|canon|dell|lenovo|notebook|laptop|celular|phone|printer|impressora|roteador|router|versao|version|v\d|ordenador|movil|impresora|ordinateur|portable|telephone|imprimante|routeur|box|tablette|tablet)/.test(
          f,
        );
      const tried =
        /\b(ja tentei|tentei|reiniciei|reinstalei|desliguei|already|tried|restarted|rebooted|reinstalled|reset|ya probe|probe|intente|reinicie|reinstale|j'ai essaye|essaye|redemarre|reinstalle|deja)\b/.test(
          f,
        );
      if (code && device && tried) {
        return {
          pt: 'Desde quando isso acontece, e acontece também em outro aparelho ou rede?',
          en: 'When did it start, and does it also happen on another device or network?',
          es: '¿Desde cuándo pasa, y pasa también en otro dispositivo o red?',
          fr: 'Depuis quand ça arrive, et est-ce que ça arrive aussi sur un autre appareil ou réseau ?',
        };
      }
      const missing = { pt: [] as string[], en: [] as string[], es: [] as string[], fr: [] as string[] };
      if (!code) {
        missing.pt.push('a mensagem de erro exata');
        missing.en.push('the exact error message');
        missing.es.push('el mensaje de error exacto');
        missing.fr.push('le message d’erreur exact');
      }
      if (!device) {
        missing.pt.push('o aparelho ou a versão');
        missing.en.push('the device or version');
        missing.es.push('el dispositivo o la versión');
        missing.fr.push('l’appareil ou la version');
      }
      if (!tried) {
        missing.pt.push('o que você já tentou');
        missing.en.push('what you have already tried');
        missing.es.push('lo que ya has probado');
        missing.fr.push('ce que tu as déjà essayé');
      }
      if (missing.pt.length === 3) return undefined;
      const list = (xs: string[], and: string) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} ${and} ${xs[xs.length - 1]}` : xs[0]);
      return {
        pt: `Pode me dizer ${list(missing.pt, 'e')}?`,
        en: `Could you tell me ${list(missing.en, 'and')}?`,
        es: `¿Me dices ${list(missing.es, 'y')}?`,
        fr: `Peux-tu me dire ${list(missing.fr, 'et')} ?`,
      };
    },
  },
  {
    id: 'shopping',
    match:
      /\b(busco (?:un|una)|necesito comprar|quisiera comprar|procurando (?:um|uma|uns|umas)|quero comprar|queria comprar|pretendo comprar|preciso comprar|looking for (?:a|an|some)|want to buy|i'?d like to buy|need to buy|shopping for|in the market for)/,
    pt: { about: 'a sua compra', ask: 'Para que você vai usar no dia a dia, e qual é o seu orçamento?' },
    en: { about: 'your purchase', ask: "What will you use it for day to day, and what's your budget?" },
    es: { about: 'tu compra', ask: '¿Para qué lo vas a usar en el día a día, y cuál es tu presupuesto?' },
    refine: (f) => {
      if (/(r\$|\breais\b|\bmil\b|\$\s?\d|\d+\s?(?:k|dollars|euros|usd|eur)\b|\borcamento\b|\bbudget\b)/.test(f)) {
        return { pt: 'Tem alguma marca ou característica que seja indispensável para você?', en: 'Is there a brand or feature that is a must-have for you?' };
      }
      return undefined;
    },
  },
  {
    id: 'price',
    match:
      /\b(precio|cuanto cuesta|cuanto vale|descuento|suscripcion|preco|valor|quanto custa|quanto sai|orcamento|desconto|promoc|plano|planos|mensalidade|price|pricing|cost|how much|quote|discount|plan\b|plans|subscription|assinatura)/,
    pt: { about: 'preços e planos', ask: 'Para qual produto ou plano, e para quantas pessoas ou unidades?' },
    en: { about: 'pricing and plans', ask: 'For which product or plan, and for how many people or units?' },
    es: { about: 'precios y planes', ask: '¿Para qué producto o plan, y para cuántas personas o unidades?' },
    refine: (f) => {
      if (/\b(procurando|comprar|compra|looking for|buy|purchase)/.test(f)) {
        return {
          pt: 'Consigo verificar condições especiais: o pagamento seria à vista ou parcelado?',
          en: 'I can check for special conditions: would you pay upfront or in instalments?',
        };
      }
      if (/\b(pro|premium|basic|basico|plus|gold|business|enterprise|empresarial|anual|mensal|annual|monthly|starter|team)\b/.test(f)) {
        return {
          pt: 'Quantas pessoas vão usar, e você prefere cobrança mensal ou anual?',
          en: 'How many people will use it, and would you prefer monthly or annual billing?',
        };
      }
      return undefined;
    },
  },
  {
    id: 'booking',
    match:
      /\b(reservar|cita|turno|agendar|agendamento|reserva\b|reservar|marcar (?:uma |um )?(?:consulta|horario|mesa|reuniao|visita)|horario (?:para|pra)|consulta|disponibilidade|book (?:a|an|the|me|us)\b|make a (?:reservation|booking|appointment)|reservation|reserve (?:a|an|the)\b|appointment|availability|table for|mesa (?:para|pra)|quarto (?:para|pra)|room for)/,
    pt: { about: 'a sua reserva', ask: 'Para qual data e horário, e para quantas pessoas?' },
    en: { about: 'your booking', ask: 'For which date and time, and for how many people?' },
    es: { about: 'tu reserva', ask: '¿Para qué fecha y hora, y para cuántas personas?' },
    refine: (f) => {
      const when =
        /\b(amanha|hoje|segunda|terca|quarta|quinta|sexta|sabado|domingo|\d{1,2}h|\d{1,2}:\d{2}|\d{1,2}\/\d{1,2}|tomorrow|today|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d{1,2}\s?(am|pm))\b/.test(
          f,
        );
      const who = /\b(para|pra|for)\s+(\d+|duas|dois|tres|quatro|cinco|two|three|four|five|six)\b|\b\d+\s+(pessoas|people|guests)\b/.test(f);
      if (when && who)
        return {
          pt: 'Em nome de quem faço a reserva? Há algum pedido especial?',
          en: 'Under which name shall I make the reservation, and are there any special requests?',
          es: '¿A nombre de quién hago la reserva? ¿Hay alguna petición especial?',
          fr: 'À quel nom dois-je faire la réservation, et as-tu une demande particulière ?',
        };
      if (when) return { pt: 'Para quantas pessoas?', en: 'For how many people?', es: '¿Para cuántas personas?', fr: 'Pour combien de personnes ?' };
      if (who)
        return { pt: 'Para qual data e horário?', en: 'For which date and time?', es: '¿Para qué fecha y hora?', fr: 'Pour quelle date et quelle heure ?' };
      return undefined;
    },
  },
  {
    id: 'hours',
    match:
      /\b(abren|cierran|direccion|donde queda|donde estan|horario de funcionamento|horarios?\b|que horas (abre|fecha)|abre|fecha|aberto|endereco|onde fica|localizacao|loja fisica|lojas fisicas|physical store|store near|opening hours|open\b|close\b|closing|address|where are you|located|location)/,
    pt: { about: 'horários e endereço', ask: 'Você quer saber de qual unidade ou cidade?' },
    en: { about: 'opening hours and location', ask: 'Which branch or city are you asking about?' },
    es: { about: 'horarios y dirección', ask: '¿De qué sucursal o ciudad quieres saber?' },
    refine: (f) => {
      if (
        !/\b(the one in|the one on|branch in|store in|shop in|unidade (?:de|do|da|no|na)|loja (?:de|do|da|no|na)|filial (?:de|do|da|no|na)|em \w+|in \w+|no centro|downtown)\b/.test(
          f,
        )
      )
        return undefined;
      return {
        pt: 'Não tenho aqui os horários dessa unidade — quer que eu passe sua pergunta para a equipe confirmar?',
        en: "I don't have that branch's hours here — shall I pass your question to the team to confirm?",
      };
    },
  },
  {
    id: 'recommendation',
    match:
      /\b(recomienda|recomiendas|sugiere|sugerencia|propones|propone|aconsejas|aconseja|recomenda|indica (?:um|uma|algum|alguma)|me indica|sugere|sugestao|sugestoes|dica de|alguma dica|aconselha|recommend|suggest|suggestion|any tips|what do you advise|where can i (?:find|eat|go))/,
    pt: { about: 'a sua indicação', ask: 'Qual é a ocasião, e você tem alguma preferência de estilo, região ou orçamento?' },
    en: { about: 'your recommendation', ask: 'What is the occasion, and do you have any preference for style, area or budget?' },
    es: { about: 'tu recomendación', ask: '¿Cuál es la ocasión, y tienes alguna preferencia de estilo, zona o presupuesto?' },
    refine: (f) => {
      if (!/\b(restaurante|restaurant|comer|eat|jantar|dinner|almoco|lunch|cafe da manha|breakfast)/.test(f)) return undefined;
      const cuisine =
        /\b(italian[oa]?|japones[a]?|japanese|chines[a]?|chinese|mexican[oa]?|francesa|french|brasileir[oa]|brazilian|arabe|indian[oa]?|thai|tailandesa|vegan[oa]?|vegetarian[oa]?|pizza|sushi|churrasco|steak|seafood|frutos do mar)/.test(
          f,
        );
      const when = /\b(hoje|amanha|tonight|today|tomorrow|agora|now|\d{1,2}h|\d{1,2}\s?(?:am|pm))\b/.test(f);
      if (cuisine && when)
        return {
          pt: 'Para quantas pessoas? Se quiser, já verifico a disponibilidade de mesa.',
          en: 'For how many people? If you like, I can check table availability.',
        };
      if (cuisine) return { pt: 'Para quando e para quantas pessoas?', en: 'For when, and for how many people?' };
      return { pt: 'Que tipo de cozinha você prefere, e para quantas pessoas?', en: 'What kind of cuisine would you like, and for how many people?' };
    },
  },
  {
    id: 'choice',
    match:
      /(\bdeberia\b|\bque es mejor\b|\bvale la pena\b|\bshould i\b|\bwhich is better\b|\bwhat'?s better\b|\bor\b[^?]*\?|\bdevo\b|\bqual (?:e )?melhor\b|\bvale a pena\b|\bou\b[^?]*\?)/,
    pt: { about: 'a sua decisão', ask: 'O que pesa mais na sua decisão — custo, desempenho, prazo ou facilidade de manter?' },
    en: { about: 'your decision', ask: 'What matters most in this decision — cost, performance, timeline or ease of maintenance?' },
    es: { about: 'tu decisión', ask: '¿Qué pesa más en tu decisión — costo, rendimiento, plazo o facilidad de mantenimiento?' },
  },
  {
    id: 'learning',
    match:
      /\b(que significa|diferencia entre|aprender|explica|entender|o que e|o que significa|como funciona|diferenca entre|learn|explain|understand|what is|what does .* mean|how does|difference between)/,
    pt: { about: 'esse assunto', ask: 'O que você já sabe sobre isso, para eu começar do ponto certo?' },
    en: { about: 'this subject', ask: 'What do you already know about it, so I can start from the right place?' },
    es: { about: 'este tema', ask: '¿Qué sabes ya sobre esto, para empezar desde el punto correcto?' },
  },
  {
    id: 'grief',
    match:
      /\b(murio|fallecio|perdi a mi|morreu|faleceu|falecimento|perdi (?:meu|minha|o meu|a minha)|luto|velorio|enterro|died|passed away|lost my (?:mom|mother|dad|father|dog|cat|friend|wife|husband|brother|sister|grand)|grief|grieving|funeral)/,
    pt: { about: 'a sua perda', ask: 'Se quiser, me conta um pouco sobre essa perda — estou aqui para ouvir.' },
    en: { about: 'your loss', ask: "If you'd like, tell me a little about them — I'm here to listen." },
    es: { about: 'tu pérdida', ask: 'Si quieres, cuéntame un poco sobre esa pérdida — estoy aquí para escucharte.' },
  },
  {
    id: 'feelings',
    match:
      /\b(sola\b|estresad|me despidieron|rompimos|me siento mal|nao passei|reprovei|fui reprovad|fui demitid|perdi o emprego|perdi meu emprego|failed (?:my|the)|didn'?t pass|got fired|lost my job|triste|ansios|ansiedade|sozinh|briga|brigas|brigando|discuss|conflito|fight|fighting|argument|terminou comigo|terminamos|separ|divorc|morreu|faleceu|perdi meu|perdi minha|demitid|luto|chorando|broke up|divorce|died|passed away|lost my|fired|grief|crying|deprimid|estressad|chatead|preocupad|medo|cansad|sad\b|anxious|anxiety|lonely|alone|depressed|stressed|upset|worried|scared|afraid|overwhelmed|tired)/,
    pt: { about: 'o que você está sentindo', ask: 'Quer me contar o que aconteceu para você se sentir assim?' },
    en: { about: "what you're feeling", ask: 'Would you like to tell me what happened to make you feel this way?' },
    es: { about: 'lo que estás sintiendo', ask: '¿Quieres contarme qué pasó para que te sientas así?' },
    refine: (f) =>
      /\b(nao passei|reprov|demitid|perdi|terminou|terminamos|briga|separ|divorc|failed|didn'?t pass|fired|lost|broke up|fight|argument|divorce)/.test(f)
        ? { pt: 'Como você está lidando com isso?', en: 'How are you holding up?' }
        : undefined,
  },
];

/** An order's number or code as written ("88213-B", "#A-77120", "4412"): digits, maybe with letters joined by dashes. */
export function orderCode(raw: string): string | undefined {
  const m = /(?:^|[\s#(:])((?:[A-Za-z]{1,4}[-/]?)?\d{4,}(?:[-/][A-Za-z0-9]+)*)(?![\p{L}\p{N}@])/u.exec(raw);
  return m?.[1];
}

export function findTopic(text: string): Topic | undefined {
  const f = fold(text);
  return TOPICS.find((t) => t.match.test(f) || FR_TOPICS[t.id]?.match?.test(f) || DE_TOPICS[t.id]?.match?.test(f));
}

/** The topic's phrases in a language; `text` lets the follow-up skip details the user already gave. */
export function topicLines(topic: Topic, lang: Lang, text?: string): { about: string; ask: string } {
  const base = lang === 'fr' ? (FR_TOPICS[topic.id] ?? topic.en) : lang === 'de' ? (DE_TOPICS[topic.id] ?? topic.en) : topic[lang];
  const refined = text && topic.refine ? topic.refine(fold(text), text.normalize('NFC')) : undefined;
  const ask = lang === 'de' ? undefined : refined?.[lang];
  return ask ? { about: base.about, ask } : base;
}
