import type { Lang } from './language';
import { fold } from './text';

/** A subject the built-in engine recognizes, with the follow-up question that moves it forward. */
export interface Topic {
  id: string;
  match: RegExp;
  pt: { about: string; ask: string };
  en: { about: string; ask: string };
  /** A better follow-up when the message already carries the details `ask` would request. */
  refine?: (folded: string) => { pt: string; en: string } | undefined;
}

/** Ordered: the first match wins. Patterns run on accent-folded, lower-case text. */
export const TOPICS: Topic[] = [
  {
    id: 'refund',
    match: /\b(reembols|estorn|devolu|dinheiro de volta|refund|money back|chargeback|return (it|the|my))/,
    pt: { about: 'o reembolso', ask: 'Qual é o número do pedido e qual foi a forma de pagamento?' },
    en: { about: 'the refund', ask: "What's the order number, and how did you pay?" },
  },
  {
    id: 'billing',
    match: /\b(cobr|pagamento|pagar|paguei|boleto|pix|cartao|fatura|nota fiscal|payment|pay\b|paid|charge|billing|invoice|credit card|card\b)/,
    pt: { about: 'o pagamento', ask: 'Qual foi a forma de pagamento, a data e o valor cobrado?' },
    en: { about: 'the payment', ask: 'Which payment method did you use, and what was the date and amount?' },
  },
  {
    id: 'cancel',
    match: /\b(cancel)/,
    pt: { about: 'o cancelamento', ask: 'O que você quer cancelar — um pedido, uma assinatura ou uma reserva? Se tiver, me passa o número.' },
    en: { about: 'the cancellation', ask: 'What would you like to cancel — an order, a subscription or a booking? If you have it, send me the number.' },
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
    match: /\b(pedido|entrega|encomenda|rastreio|rastrear|frete|chegou|chegar|correios|order|deliver|shipping|shipment|package|parcel|tracking|arriv)/,
    pt: { about: 'o seu pedido', ask: 'Qual é o número do pedido e em que data a compra foi feita?' },
    en: { about: 'your order', ask: "What's the order number, and when did you place it?" },
    refine: (f) => {
      if (/\b(entregam|fazem entrega|entrega (?:em|para|pra|no|na)|entregar (?:em|para|pra)|deliver to|ship to|do you deliver|do you ship|delivery to)\b/.test(f)) {
        return {
          pt: 'Qual é o CEP do endereço de entrega? Assim eu confiro prazo e frete.',
          en: "What's the delivery postcode? Then I can check delivery times and costs.",
        };
      }
      const num = /#?\b(\d{4,})\b/.exec(f)?.[1];
      if (!num) return undefined;
      return {
        pt: `Anotei o pedido ${num}. Pode me confirmar o e-mail ou CPF usado na compra?`,
        en: `I've noted order ${num}. Could you confirm the email used for the purchase?`,
      };
    },
  },
  {
    id: 'account',
    match: /\b(senha|login|logar|entrar na (minha )?conta|minha conta|acesso|acessar|cadastro|password|log in|sign in|signin|account|username|two.factor|2fa)/,
    pt: { about: 'o acesso à sua conta', ask: 'Qual é o e-mail da conta e o que aparece quando você tenta entrar?' },
    en: { about: 'access to your account', ask: "What's the email on the account, and what do you see when you try to sign in?" },
  },
  {
    id: 'error',
    match: /\b(erro|bug|trava|travando|nao abre|nao funciona|nao carrega|nao liga|nao conecta|caiu|lento|crash|error|doesn'?t work|not working|won'?t (open|load|start|connect|print|turn on)|wi-?fi|internet|bluetooth|impressora|printer|freez|slow|broken|install|instal|configur|setup|update|atualiz)/,
    pt: { about: 'esse problema técnico', ask: 'Qual é a mensagem de erro exata, em qual aparelho ou versão, e o que você já tentou?' },
    en: { about: 'this technical issue', ask: "What's the exact error message, on which device or version, and what have you tried so far?" },
    refine: (f) => {
      const code = /\b(0x[0-9a-f]+|erro \S+|error \S+|codigo \S+|code \S+|\d{3,})\b/.test(f);
      const device = /\b(iphone|android|samsung|windows|mac|macos|linux|ios|chrome|firefox|safari|hp|epson|canon|dell|lenovo|notebook|laptop|celular|phone|printer|impressora|roteador|router|versao|version|v\d)/.test(f);
      const tried = /\b(ja tentei|tentei|reiniciei|reinstalei|desliguei|already|tried|restarted|rebooted|reinstalled|reset)\b/.test(f);
      if (code && device && tried) {
        return {
          pt: 'Desde quando isso acontece, e acontece também em outro aparelho ou rede?',
          en: 'When did it start, and does it also happen on another device or network?',
        };
      }
      const missing = { pt: [] as string[], en: [] as string[] };
      if (!code) {
        missing.pt.push('a mensagem de erro exata');
        missing.en.push('the exact error message');
      }
      if (!device) {
        missing.pt.push('o aparelho ou a versão');
        missing.en.push('the device or version');
      }
      if (!tried) {
        missing.pt.push('o que você já tentou');
        missing.en.push('what you have already tried');
      }
      if (missing.pt.length === 3) return undefined;
      const list = (xs: string[], and: string) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} ${and} ${xs[xs.length - 1]}` : xs[0]);
      return { pt: `Pode me dizer ${list(missing.pt, 'e')}?`, en: `Could you tell me ${list(missing.en, 'and')}?` };
    },
  },
  {
    id: 'price',
    match: /\b(preco|valor|quanto custa|quanto sai|orcamento|desconto|promoc|plano|planos|mensalidade|price|pricing|cost|how much|quote|discount|plan\b|plans|subscription|assinatura)/,
    pt: { about: 'preços e planos', ask: 'Para qual produto ou plano, e para quantas pessoas ou unidades?' },
    en: { about: 'pricing and plans', ask: 'For which product or plan, and for how many people or units?' },
  },
  {
    id: 'booking',
    match: /\b(agendar|agendamento|agenda|reserva|reservar|horario|marcar|consulta|disponibilidade|book|booking|reservation|reserve|appointment|schedule|availability|table for|room)/,
    pt: { about: 'a sua reserva', ask: 'Para qual data e horário, e para quantas pessoas?' },
    en: { about: 'your booking', ask: 'For which date and time, and for how many people?' },
    refine: (f) => {
      const when = /\b(amanha|hoje|segunda|terca|quarta|quinta|sexta|sabado|domingo|\d{1,2}h|\d{1,2}:\d{2}|\d{1,2}\/\d{1,2}|tomorrow|today|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d{1,2}\s?(am|pm))\b/.test(f);
      const who = /\b(para|pra|for)\s+(\d+|duas|dois|tres|quatro|cinco|two|three|four|five|six)\b|\b\d+\s+(pessoas|people|guests)\b/.test(f);
      if (when && who) return { pt: 'Em nome de quem faço a reserva? Há algum pedido especial?', en: 'Under which name shall I make the reservation, and are there any special requests?' };
      if (when) return { pt: 'Para quantas pessoas?', en: 'For how many people?' };
      if (who) return { pt: 'Para qual data e horário?', en: 'For which date and time?' };
      return undefined;
    },
  },
  {
    id: 'hours',
    match: /\b(horario de funcionamento|que horas (abre|fecha)|abre|fecha|aberto|endereco|onde fica|localizacao|opening hours|open\b|close\b|closing|address|where are you|located|location)/,
    pt: { about: 'horários e endereço', ask: 'Você quer saber de qual unidade ou cidade?' },
    en: { about: 'opening hours and location', ask: 'Which branch or city are you asking about?' },
  },
  {
    id: 'learning',
    match: /\b(aprender|explica|entender|o que e|o que significa|como funciona|diferenca entre|learn|explain|understand|what is|what does .* mean|how does|difference between)/,
    pt: { about: 'esse assunto', ask: 'O que você já sabe sobre isso, para eu começar do ponto certo?' },
    en: { about: 'this subject', ask: 'What do you already know about it, so I can start from the right place?' },
  },
  {
    id: 'feelings',
    match: /\b(triste|ansios|ansiedade|sozinh|terminou comigo|terminamos|separ|divorc|morreu|faleceu|perdi meu|perdi minha|demitid|luto|chorando|broke up|divorce|died|passed away|lost my|fired|grief|crying|deprimid|estressad|chatead|preocupad|medo|cansad|sad\b|anxious|anxiety|lonely|alone|depressed|stressed|upset|worried|scared|afraid|overwhelmed|tired)/,
    pt: { about: 'o que você está sentindo', ask: 'Quer me contar o que aconteceu para você se sentir assim?' },
    en: { about: "what you're feeling", ask: 'Would you like to tell me what happened to make you feel this way?' },
  },
];

export function findTopic(text: string): Topic | undefined {
  const f = fold(text);
  return TOPICS.find((t) => t.match.test(f));
}

/** The topic's phrases in a language; `text` lets the follow-up skip details the user already gave. */
export function topicLines(topic: Topic, lang: Lang, text?: string): { about: string; ask: string } {
  const base = lang === 'pt' ? topic.pt : topic.en;
  const refined = text && topic.refine ? topic.refine(fold(text)) : undefined;
  return refined ? { about: base.about, ask: refined[lang] } : base;
}
