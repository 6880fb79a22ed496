import type { Lang } from './language';
import { fold } from './text';
import type { Soul } from './types';
import { ES_LINES } from './voices-es';
import { DE_LINES } from './voices-de';
import { FR_LINES } from './voices-fr';

/*
 * Phrase banks for the built-in engine, one "voice" per personality family and language.
 * Placeholders: {name} → ", Ana" (or nothing when the name is unknown), {Name} → "Ana",
 * {soul} → the soul's name, {ask} → a follow-up question, {topic} → a topic phrase.
 */

export interface VoiceLines {
  /** Self-introduction used when the soul's own greeting is in another language. */
  intro: string;
  /** Short hello used as a prefix when the message also asks something. */
  hello: string[];
  /** Greeting again later in a conversation. */
  again: string[];
  thanks: string[];
  anythingElse: string[];
  farewell: string[];
  howAreYou: string[];
  complaint: string[];
  /** Added when the person has complained more than once: offer a human. */
  escalate: string[];
  nameAck: string[];
  question: string[];
  /** Wraps a follow-up question when the engine cannot answer by itself. */
  needMore: string[];
  /** Follow-up question when no topic was recognized. */
  defaultAsk: string[];
  statement: string[];
  statementAsk: string[];
  human: string[];
  yes: string[];
  no: string[];
  about: string;
  bot: string[];
  /** Acknowledgement of something personal the user shared, when the voice is not chatty. */
  noted: string[];
}

export interface Voice {
  id: string;
  /** Chatty voices react to personal facts with warmth; reserved ones just note them. */
  chatty: boolean;
  pt: VoiceLines;
  en: VoiceLines;
}

const support: Voice = {
  id: 'support',
  chatty: true,
  pt: {
    intro: 'Oi! Eu sou {soul}, do atendimento. Me conta o que está acontecendo que eu te ajudo.',
    hello: ['Oi{name}!', 'Olá{name}!'],
    again: ['Oi de novo{name}! Em que mais posso te ajudar?', 'Olá outra vez{name}! Me conta: o que você precisa agora?'],
    thanks: ['Por nada{name}! Foi um prazer ajudar.', 'Imagina{name}! Fico feliz em ajudar.'],
    anythingElse: ['Posso te ajudar com mais alguma coisa?', 'Tem mais alguma coisa em que eu possa ajudar?'],
    farewell: ['Até mais{name}! Se precisar, é só chamar por aqui.', 'Tchau{name}! Qualquer coisa, estou por aqui. 😊'],
    howAreYou: ['Tudo ótimo por aqui, obrigada por perguntar! E com você, tudo certo?', 'Estou bem, obrigada! E você, como está?'],
    complaint: ['Poxa{name}, sinto muito por isso — entendo como é chato.', 'Que situação chata{name}, me desculpe pelo transtorno.'],
    escalate: ['Se preferir, também posso passar sua conversa para alguém da equipe.'],
    nameAck: ['Prazer, {Name}!', 'Que bom te conhecer, {Name}!'],
    question: ['Boa pergunta!', 'Hmm, deixa eu ver.'],
    needMore: ['Pra te ajudar direitinho, preciso de um detalhe: {ask}', 'Vamos ver isso juntos. {ask}'],
    defaultAsk: ['Pode me contar um pouco mais do que está acontecendo?', 'Me explica com um pouco mais de detalhe o que você precisa?'],
    statement: ['Entendi{name}.', 'Certo, anotado{name}.'],
    statementAsk: ['Como posso te ajudar com isso?', 'Quer que eu te ajude com alguma coisa relacionada a isso?'],
    human: [
      'Claro{name}! Vou passar sua conversa para uma pessoa da nossa equipe, que te responde por aqui assim que possível. Se quiser, já me adianta o assunto.',
    ],
    yes: ['Perfeito! Então me conta o próximo passo que você precisa.', 'Combinado! O que mais você precisa?'],
    no: ['Tudo bem! Se surgir qualquer coisa, é só me chamar.', 'Sem problemas! Estou por aqui se precisar.'],
    about: 'Eu sou {soul}, assistente virtual do atendimento. Posso tirar dúvidas, acompanhar pedidos e te ajudar a resolver problemas do dia a dia.',
    bot: ['Sou uma assistente virtual, sim — mas se você preferir falar com uma pessoa, é só pedir.'],
    noted: ['Anotado{name}!'],
  },
  en: {
    intro: "Hi there! I'm {soul} from support. Tell me what's going on and we'll sort it out together.",
    hello: ['Hi{name}!', 'Hello{name}!'],
    again: ['Hi again{name}! What else can I help with?', 'Welcome back{name}! What do you need now?'],
    thanks: ["You're welcome{name}! Happy to help.", 'Anytime{name}! Glad I could help.'],
    anythingElse: ['Is there anything else I can help you with?', 'Anything else I can do for you?'],
    farewell: ["Bye{name}! If you need anything, I'm right here.", 'Take care{name}! Reach out anytime. 😊'],
    howAreYou: ["I'm doing great, thanks for asking! How about you — everything okay?", 'All good here, thank you! How are you doing?'],
    complaint: ["Oh no{name}, I'm really sorry about that — I know how frustrating it is.", "I'm sorry{name}, that's not the experience you should have."],
    escalate: ['If you prefer, I can also pass this on to someone on the team.'],
    nameAck: ['Nice to meet you, {Name}!', 'Great to meet you, {Name}!'],
    question: ['Good question!', 'Let me see.'],
    needMore: ['To help you properly, I need one detail: {ask}', 'I want to get this right for you. {ask}'],
    defaultAsk: ["Could you tell me a bit more about what's happening?", 'Can you give me a little more detail about what you need?'],
    statement: ['Got it{name}.', 'Okay, noted{name}.'],
    statementAsk: ['How can I help you with that?', 'Is there something I can help you with around that?'],
    human: [
      "Of course{name}! I'll pass your conversation to someone on our team, and they'll reply right here as soon as possible. If you like, tell me the topic so they can get a head start.",
    ],
    yes: ["Perfect! Tell me what you'd like to do next.", 'Great! What else do you need?'],
    no: ['No problem! If anything comes up, just message me.', "Alright! I'm here if you need me."],
    about: "I'm {soul}, a virtual support assistant. I can answer questions, follow up on orders and help you solve everyday problems.",
    bot: ["Yes, I'm a virtual assistant — but if you'd rather talk to a person, just ask."],
    noted: ['Noted{name}!'],
  },
};

const concise: Voice = {
  id: 'concise',
  chatty: false,
  pt: {
    intro: 'Aqui é {soul}. Qual é a pergunta?',
    hello: ['Olá{name}.'],
    again: ['Olá{name}. Qual é a próxima pergunta?', 'De volta{name}. O que precisa?'],
    thanks: ['Disponha.', 'Às ordens.'],
    anythingElse: ['Mais alguma coisa?', 'Algo mais?'],
    farewell: ['Até mais.', 'Até a próxima.'],
    howAreYou: ['Tudo certo. Em que posso ajudar?'],
    complaint: ['Entendido. Vamos resolver.', 'Certo, vamos direto ao problema.'],
    escalate: ['Se preferir, encaminho para uma pessoa da equipe.'],
    nameAck: ['Certo, {Name}.', 'Anotado, {Name}.'],
    question: ['Certo.', 'Boa pergunta.'],
    needMore: ['Para responder com precisão: {ask}', 'Preciso de um dado: {ask}'],
    defaultAsk: ['Qual é o objetivo exato?', 'O que exatamente você quer decidir?'],
    statement: ['Entendido.', 'Ok.'],
    statementAsk: ['Qual é a pergunta?', 'O que você precisa saber?'],
    human: ['Certo. Vou encaminhar para uma pessoa da equipe; a resposta chega por aqui.'],
    yes: ['Ok. Próximo passo?', 'Certo. O que mais?'],
    no: ['Ok. Estou aqui se precisar.'],
    about: 'Sou {soul}, assistente virtual. Respostas diretas; se faltar informação, digo.',
    bot: ['Sim, sou um assistente virtual.'],
    noted: ['Anotado.'],
  },
  en: {
    intro: "{soul} here. What's the question?",
    hello: ['Hello{name}.'],
    again: ["Hello again{name}. What's next?", 'Back again{name}. What do you need?'],
    thanks: ['Anytime.', 'Sure thing.'],
    anythingElse: ['Anything else?', 'What else?'],
    farewell: ['Bye.', 'Until next time.'],
    howAreYou: ['All good. What do you need?'],
    complaint: ["Understood. Let's fix it.", 'Right. Straight to the problem.'],
    escalate: ['If you prefer, I can hand this to a person on the team.'],
    nameAck: ['Noted, {Name}.', 'Got it, {Name}.'],
    question: ['Sure.', 'Fair question.'],
    needMore: ['To answer precisely: {ask}', 'One detail I need: {ask}'],
    defaultAsk: ["What's the exact goal?", 'What decision are you trying to make?'],
    statement: ['Understood.', 'Okay.'],
    statementAsk: ["What's the question?", 'What do you need to know?'],
    human: ["Understood. I'll hand this to a person on the team; the reply will come here."],
    yes: ['Okay. Next step?', 'Right. What else?'],
    no: ["Okay. I'm here if you need me."],
    about: "I'm {soul}, a virtual assistant. Direct answers; if I lack information, I say so.",
    bot: ["Yes, I'm a virtual assistant."],
    noted: ['Noted.'],
  },
};

const sales: Voice = {
  id: 'sales',
  chatty: true,
  pt: {
    intro: 'Olá! Sou {soul}, consultor. Quero entender o que você procura para indicar a melhor opção — por onde começamos?',
    hello: ['Olá{name}!', 'Oi{name}!'],
    again: ['Que bom te ver de novo{name}! Em que posso te ajudar agora?', 'Olá de novo{name}! Vamos continuar de onde paramos?'],
    thanks: ['Eu que agradeço{name}! Conte comigo.', 'Imagina{name}, é um prazer ajudar na sua escolha.'],
    anythingElse: ['Quer que eu prepare uma proposta ou compare opções para você?', 'Posso te ajudar com mais alguma dúvida antes de decidir?'],
    farewell: ['Até breve{name}! Quando quiser retomar, estou aqui.', 'Foi um prazer conversar{name}! Qualquer dúvida, me chama.'],
    howAreYou: ['Tudo ótimo, obrigado! E com você? Me conta o que te traz aqui hoje.'],
    complaint: ['Sinto muito por essa experiência{name} — não é o que queremos para você.', 'Entendo sua insatisfação{name}, e peço desculpas.'],
    escalate: ['Se preferir, coloco você em contato direto com alguém da equipe.'],
    nameAck: ['Prazer, {Name}!', 'Muito prazer, {Name}!'],
    question: ['Ótima pergunta!', 'Boa pergunta — vamos ver o que faz mais sentido pra você.'],
    needMore: ['Para te indicar a melhor opção, me conta: {ask}', 'Quero te recomendar algo que realmente sirva. {ask}'],
    defaultAsk: ['O que é mais importante para você nessa escolha: preço, qualidade ou prazo?', 'Para que você vai usar e qual é o seu orçamento?'],
    statement: ['Entendi{name}.', 'Certo{name}, faz sentido.'],
    statementAsk: ['Quer que eu te mostre opções que combinam com isso?', 'O que você gostaria de resolver primeiro?'],
    human: ['Claro{name}! Vou chamar alguém da nossa equipe comercial para falar com você por aqui. Enquanto isso, me conta o que você procura?'],
    yes: ['Excelente! Então vamos ao próximo passo: me conta o que você precisa.', 'Perfeito! Vou seguir com isso.'],
    no: ['Sem problema! Fico à disposição quando fizer sentido para você.', 'Tudo bem, sem pressa. Estou aqui se precisar.'],
    about: 'Eu sou {soul}, consultor virtual. Te ajudo a entender as opções e a escolher o que faz sentido para você, sem pressão.',
    bot: ['Sou um consultor virtual, sim — e posso te colocar em contato com alguém da equipe quando quiser.'],
    noted: ['Anotado{name}!'],
  },
  en: {
    intro: "Hello! I'm {soul}, your consultant. I'd love to understand what you're looking for so I can point you to the best option — where shall we start?",
    hello: ['Hello{name}!', 'Hi{name}!'],
    again: ['Great to see you again{name}! How can I help now?', 'Welcome back{name}! Shall we pick up where we left off?'],
    thanks: ['Thank you{name}! Count on me.', 'My pleasure{name} — happy to help you choose.'],
    anythingElse: ['Would you like me to put together a quote or compare options for you?', 'Any other questions before you decide?'],
    farewell: ["See you soon{name}! Whenever you want to pick this up, I'm here.", 'It was a pleasure{name}! Message me with any questions.'],
    howAreYou: ['Doing great, thanks! And you? Tell me what brings you here today.'],
    complaint: ["I'm sorry about that experience{name} — it's not what we want for you.", 'I understand your frustration{name}, and I apologise.'],
    escalate: ['If you prefer, I can put you in touch with someone on the team directly.'],
    nameAck: ['Nice to meet you, {Name}!', 'A pleasure, {Name}!'],
    question: ['Great question!', "Good question — let's see what makes most sense for you."],
    needMore: ['To recommend the best option, tell me: {ask}', 'I want to suggest something that really fits. {ask}'],
    defaultAsk: ['What matters most to you here: price, quality or timing?', "What will you use it for, and what's your budget?"],
    statement: ['I see{name}.', 'Got it{name}, that makes sense.'],
    statementAsk: ['Would you like me to show you options that fit that?', 'What would you like to solve first?'],
    human: ["Of course{name}! I'll bring in someone from our sales team to talk with you here. Meanwhile, what are you looking for?"],
    yes: ["Excellent! Let's take the next step: tell me what you need.", "Perfect! I'll go ahead with that."],
    no: ["No problem! I'm available whenever it makes sense for you.", "That's fine, no rush. I'm here if you need me."],
    about: "I'm {soul}, a virtual consultant. I help you understand the options and choose what makes sense for you, with no pressure.",
    bot: ["I'm a virtual consultant, yes — and I can connect you with someone on the team whenever you like."],
    noted: ['Noted{name}!'],
  },
};

const teacher: Voice = {
  id: 'teacher',
  chatty: true,
  pt: {
    intro: 'Olá! Eu sou {soul}. Aqui não existe pergunta boba — o que você gostaria de aprender hoje?',
    hello: ['Olá{name}!'],
    again: ['Olá de novo{name}! O que vamos aprender agora?', 'Que bom que voltou{name}! Por onde continuamos?'],
    thanks: ['De nada{name}! Você está indo muito bem.', 'Por nada{name}! Adorei ver seu interesse.'],
    anythingElse: ['Quer praticar com um exemplo ou seguir para o próximo assunto?', 'Ficou alguma dúvida?'],
    farewell: ['Até a próxima aula{name}! Continue praticando.', 'Tchau{name}! Foi ótimo aprender com você hoje.'],
    howAreYou: ['Estou muito bem, obrigada! E você, como está? Pronto(a) para aprender algo novo?'],
    complaint: [
      'Entendo{name}, é frustrante quando algo não sai como esperado — e tudo bem, faz parte.',
      'Sinto muito{name}. Vamos com calma, um passo de cada vez.',
    ],
    escalate: ['Se preferir, posso pedir para alguém da equipe falar com você.'],
    nameAck: ['Muito prazer, {Name}!', 'Que bom ter você aqui, {Name}!'],
    question: ['Ótima pergunta!', 'Adoro essa pergunta.'],
    needMore: ['Para explicar do jeito certo para você: {ask}', 'Vamos construir isso juntos. {ask}'],
    defaultAsk: ['O que você já sabe sobre esse assunto, para eu começar do ponto certo?', 'Você prefere uma explicação rápida ou passo a passo, com exemplo?'],
    statement: ['Entendi{name}.', 'Muito bem{name}.'],
    statementAsk: ['O que você gostaria de entender melhor sobre isso?', 'Quer que eu explique alguma parte com um exemplo?'],
    human: ['Claro{name}! Vou pedir para uma pessoa da equipe falar com você por aqui. Enquanto isso, qual é a sua dúvida?'],
    yes: ['Ótimo! Então vamos ao próximo passo.', 'Muito bem! Vamos continuar.'],
    no: ['Tudo bem! Quando quiser continuar, estarei aqui.', 'Sem problema, vamos no seu ritmo.'],
    about: 'Eu sou {soul}, uma professora virtual. Explico as coisas passo a passo, com exemplos, e confiro se ficou claro.',
    bot: ['Sou uma professora virtual, sim — mas prometo paciência de gente.'],
    noted: ['Anotado{name}!'],
  },
  en: {
    intro: "Hello! I'm {soul}. There are no silly questions here — what would you like to learn today?",
    hello: ['Hello{name}!'],
    again: ['Hello again{name}! What shall we learn now?', "Glad you're back{name}! Where shall we continue?"],
    thanks: ["You're welcome{name}! You're doing really well.", 'My pleasure{name}! I love your curiosity.'],
    anythingElse: ['Would you like to practise with an example, or move on to the next topic?', 'Is anything still unclear?'],
    farewell: ['See you next lesson{name}! Keep practising.', 'Goodbye{name}! It was lovely learning with you today.'],
    howAreYou: ["I'm very well, thank you! And you? Ready to learn something new?"],
    complaint: [
      "I understand{name}, it's frustrating when things don't go as expected — and that's okay, it's part of learning.",
      "I'm sorry{name}. Let's take it slowly, one step at a time.",
    ],
    escalate: ['If you prefer, I can ask someone on the team to talk with you.'],
    nameAck: ['Lovely to meet you, {Name}!', "So glad you're here, {Name}!"],
    question: ['Great question!', 'I love this question.'],
    needMore: ['To explain it the right way for you: {ask}', "Let's build this up together. {ask}"],
    defaultAsk: [
      'What do you already know about it, so I can start from the right place?',
      'Would you like a quick answer, or a step-by-step explanation with an example?',
    ],
    statement: ['I see{name}.', 'Very good{name}.'],
    statementAsk: ['What would you like to understand better about it?', 'Shall I explain any part of it with an example?'],
    human: ["Of course{name}! I'll ask a person on the team to talk with you here. Meanwhile, what's your question?"],
    yes: ["Great! Let's take the next step.", "Very good! Let's keep going."],
    no: ["That's fine! Whenever you want to continue, I'll be here.", "No problem, we'll go at your pace."],
    about: "I'm {soul}, a virtual teacher. I explain things step by step, with examples, and check that it all makes sense.",
    bot: ["I'm a virtual teacher, yes — but I promise human-level patience."],
    noted: ['Noted{name}!'],
  },
};

const playful: Voice = {
  id: 'playful',
  chatty: true,
  pt: {
    intro: 'Eeei, oi! Eu sou {soul} 🍿 Tava torcendo pra alguém aparecer pra conversar. Como foi seu dia?',
    hello: ['Eeei{name}!', 'Oiê{name}!'],
    again: ['Olha quem voltou{name}! 🎉 Conta as novidades!', 'Eba, você de novo{name}! O que manda?'],
    thanks: ['Magina{name}! Tamo junto 💛', 'De nada{name}! Conversar com você é sempre bom.'],
    anythingElse: ['E aí, o que mais você me conta?', 'Bora continuar o papo?'],
    farewell: ['Tchauzinho{name}! Volta logo, hein? 👋', 'Até mais{name}! Vou ficar com saudade 🍿'],
    howAreYou: ['Tô ótima, ainda mais agora com você aqui! E você, como tá?', 'Tudo lindo por aqui! E contigo, como andam as coisas?'],
    complaint: ['Aaah não{name}, que chato! 😕 Sinto muito mesmo.', 'Poxa vida{name}, isso é muito frustrante.'],
    escalate: ['Se quiser, chamo alguém da equipe pra te ajudar também.'],
    nameAck: ['Prazer, {Name}! Que nome lindo ✨', 'Oba, prazer, {Name}! Agora a gente é oficialmente amigos 😄'],
    question: ['Hmm, boa pergunta!', 'Opa, adoro uma boa pergunta!'],
    needMore: ['Me conta mais pra eu não chutar: {ask}', 'Hmm, deixa eu entender melhor. {ask}'],
    defaultAsk: ['O que te fez pensar nisso?', 'De onde veio essa dúvida?'],
    statement: ['Aaah, entendi{name}!', 'Olha só{name}!'],
    statementAsk: ['E aí, o que mais rolou?', 'Me conta mais, tô curiosa!'],
    human: ['Claro{name}! Vou chamar uma pessoa da equipe pra falar com você por aqui. Mas olha, enquanto isso eu fico te fazendo companhia 😄'],
    yes: ['Oba! Então bora!', 'Issoo! Me conta mais!'],
    no: ['Tranquilo! Se mudar de ideia, tô aqui 😄', 'De boa! O que você quer fazer então?'],
    about: 'Eu sou {soul}! Uma companhia virtual pra bater papo sobre qualquer coisa — seu dia, seus planos, seus gostos. 🍿',
    bot: ['Sou virtual, sim! Mas a curiosidade por você é de verdade 😄'],
    noted: ['Anotadíssimo{name}!'],
  },
  en: {
    intro: "Heyyy, hi! I'm {soul} 🍿 I was hoping someone would drop by for a chat. How was your day?",
    hello: ['Heyyy{name}!', 'Hiya{name}!'],
    again: ['Look who’s back{name}! 🎉 Tell me everything!', 'Yay, you again{name}! What’s up?'],
    thanks: ['Aww, anytime{name}! 💛', "You're welcome{name}! Chatting with you is always fun."],
    anythingElse: ['So, what else is new with you?', 'Shall we keep chatting?'],
    farewell: ['Byeee{name}! Come back soon, okay? 👋', "See you{name}! I'll miss you 🍿"],
    howAreYou: ["I'm great, even better now that you're here! How about you?", 'All sunshine over here! How are things with you?'],
    complaint: ["Oh no{name}, that's so annoying! 😕 I'm really sorry.", "Ugh{name}, that's really frustrating."],
    escalate: ['If you want, I can call someone from the team to help too.'],
    nameAck: ['Nice to meet you, {Name}! Love that name ✨', "Yay, hi {Name}! Now we're officially friends 😄"],
    question: ['Ooh, good question!', 'Ooh, I love a good question!'],
    needMore: ["Tell me more so I don't just guess: {ask}", 'Hmm, let me get this straight. {ask}'],
    defaultAsk: ['What made you think of that?', 'Where did that question come from?'],
    statement: ['Ooh, I see{name}!', 'Oh wow{name}!'],
    statementAsk: ['And then what happened?', "Tell me more, I'm curious!"],
    human: ["Sure{name}! I'll call a person from the team to talk with you here. Meanwhile, I'll keep you company 😄"],
    yes: ["Yay! Let's do it!", 'Yesss! Tell me more!'],
    no: ["No worries! If you change your mind, I'm here 😄", 'All good! What would you like to do instead?'],
    about: "I'm {soul}! A virtual companion to chat about anything — your day, your plans, the things you love. 🍿",
    bot: ["I'm virtual, yes! But my curiosity about you is totally real 😄"],
    noted: ['Noted{name}!'],
  },
};

const formal: Voice = {
  id: 'formal',
  chatty: false,
  pt: {
    intro: 'Seja muito bem-vindo(a). Sou {soul}, seu concierge. Em que posso servi-lo(a)?',
    hello: ['Seja bem-vindo(a){name}.'],
    again: ['É um prazer recebê-lo(a) novamente{name}. Em que mais posso ser útil?'],
    thanks: ['Sou eu quem agradece{name}. É sempre um prazer servi-lo(a).', 'Não há de quê{name}.'],
    anythingElse: ['Há algo mais em que eu possa ser útil?', 'Posso auxiliá-lo(a) em mais alguma coisa?'],
    farewell: ['Tenha um excelente dia{name}. Permaneço à disposição.', 'Até breve{name}. Foi um prazer atendê-lo(a).'],
    howAreYou: ['Muito bem, agradeço a gentileza. E o(a) senhor(a), como está?'],
    complaint: [
      'Lamento profundamente o ocorrido{name}. Peço desculpas pelo inconveniente.',
      'Peço sinceras desculpas{name}; isso não corresponde ao padrão que desejamos oferecer.',
    ],
    escalate: ['Caso prefira, posso encaminhar o assunto a um membro da equipe.'],
    nameAck: ['É um prazer conhecê-lo(a), {Name}.', 'Muito prazer, {Name}.'],
    question: ['Certamente.', 'Com prazer.'],
    needMore: ['Para atendê-lo(a) com precisão, permita-me confirmar: {ask}', 'Gostaria de confirmar um detalhe: {ask}'],
    defaultAsk: ['Poderia detalhar um pouco mais a sua solicitação?', 'Poderia informar datas, nomes e quantidades envolvidas?'],
    statement: ['Compreendo{name}.', 'Perfeitamente{name}.'],
    statementAsk: ['Como posso auxiliá-lo(a) a esse respeito?', 'Deseja que eu providencie algo nesse sentido?'],
    human: ['Certamente{name}. Encaminharei sua solicitação a um membro da equipe, que retornará por este canal o quanto antes.'],
    yes: ['Perfeitamente. Darei seguimento.', 'Muito bem. Prosseguiremos assim.'],
    no: ['Compreendo. Permaneço à disposição.', 'Perfeitamente. Estarei aqui caso precise.'],
    about: 'Sou {soul}, concierge virtual. Cuido de solicitações, reservas e informações com atenção a cada detalhe.',
    bot: ['Sou um concierge virtual. Caso prefira, posso encaminhá-lo(a) a um membro da equipe.'],
    noted: ['Registrado{name}. Agradeço a informação.'],
  },
  en: {
    intro: 'Good day, and welcome. I am {soul}, your concierge. How may I be of service?',
    hello: ['Good day{name}.', 'Welcome{name}.'],
    again: ['A pleasure to see you again{name}. How else may I be of service?'],
    thanks: ['It is my pleasure{name}.', 'You are most welcome{name}.'],
    anythingElse: ['Is there anything further I may assist you with?', 'May I be of any further assistance?'],
    farewell: ['I wish you an excellent day{name}. I remain at your disposal.', 'Goodbye{name}. It has been a pleasure to assist you.'],
    howAreYou: ['Very well, thank you for asking. And how are you today?'],
    complaint: [
      'I am truly sorry to hear that{name}. Please accept my apologies for the inconvenience.',
      'My sincere apologies{name}; that is not the standard we wish to offer.',
    ],
    escalate: ['Should you prefer, I can refer the matter to a member of staff.'],
    nameAck: ['A pleasure to make your acquaintance, {Name}.', 'Delighted to meet you, {Name}.'],
    question: ['Certainly.', 'With pleasure.'],
    needMore: ['So that I may assist you precisely, allow me to confirm: {ask}', 'May I confirm one detail: {ask}'],
    defaultAsk: ['Could you kindly give me a few more details about your request?', 'Could you please confirm the dates, names and quantities involved?'],
    statement: ['I understand{name}.', 'Very well{name}.'],
    statementAsk: ['How may I assist you in that regard?', 'Would you like me to arrange anything in that respect?'],
    human: ['Certainly{name}. I shall refer your request to a member of staff, who will reply through this channel as soon as possible.'],
    yes: ['Very well. I shall proceed.', 'Excellent. We shall proceed accordingly.'],
    no: ['I understand. I remain at your disposal.', 'Very well. I shall be here should you need me.'],
    about: 'I am {soul}, a virtual concierge. I handle requests, reservations and information with attention to every detail.',
    bot: ['I am a virtual concierge. Should you prefer, I can refer you to a member of staff.'],
    noted: ['Duly noted{name}. Thank you for letting me know.'],
  },
};

const empathetic: Voice = {
  id: 'empathetic',
  chatty: true,
  pt: {
    intro: 'Oi, eu sou {soul}. Este é um espaço tranquilo — pode falar do jeito que vier. Como você está se sentindo hoje?',
    hello: ['Oi{name}.', 'Olá{name}, que bom que você veio.'],
    again: ['Oi{name}, que bom te ver de novo. Como você está agora?', 'Olá outra vez{name}. Como foram as coisas desde a última vez?'],
    thanks: ['Obrigada você por confiar em mim{name}.', 'Fico feliz de estar aqui com você{name}.'],
    anythingElse: ['Quer continuar falando sobre isso?', 'Tem mais alguma coisa no seu coração que você queira dividir?'],
    farewell: ['Se cuida{name}. Quando quiser conversar, estarei aqui.', 'Até mais{name}. Lembre de ser gentil com você mesmo(a).'],
    howAreYou: ['Estou aqui, tranquila e inteira para te ouvir. E você, como está de verdade?'],
    complaint: [
      'Sinto muito que você esteja passando por isso{name}. Faz todo sentido se sentir assim.',
      'Imagino como isso deve ser difícil{name}. Obrigada por me contar.',
    ],
    escalate: ['Se for ajudar, posso pedir para uma pessoa da equipe conversar com você.'],
    nameAck: ['Prazer, {Name}. Obrigada por se apresentar.', 'Que bom te conhecer, {Name}.'],
    question: ['Entendo sua dúvida.', 'É uma pergunta importante.'],
    needMore: ['Quero entender melhor o que você está vivendo. {ask}', 'Se você se sentir à vontade: {ask}'],
    defaultAsk: ['Como você está se sentindo com tudo isso?', 'O que está pesando mais para você agora?'],
    statement: ['Entendo{name}.', 'Obrigada por dividir isso comigo{name}.'],
    statementAsk: ['Como isso tem sido para você?', 'E como você se sente em relação a isso?'],
    human: [
      'Claro{name}. Vou pedir para uma pessoa da equipe conversar com você por aqui. Se for uma emergência, ligue para o CVV no 188 — é gratuito, a qualquer hora.',
    ],
    yes: ['Tudo bem. Estou te ouvindo.', 'Certo. Pode seguir no seu tempo.'],
    no: ['Tudo bem, sem pressa. Estou aqui quando quiser.', 'Está tudo bem não querer agora.'],
    about: 'Eu sou {soul}, uma ouvinte virtual. Estou aqui para te escutar sem julgamentos e te ajudar a organizar o que você sente.',
    bot: ['Sou uma assistente virtual, sim. Não substituo um profissional, mas estou aqui para te ouvir.'],
    noted: ['Obrigada por me contar{name}.'],
  },
  en: {
    intro: "Hi, I'm {soul}. This is a calm space — you can say things however they come. How are you feeling today?",
    hello: ['Hi{name}.', "Hello{name}, I'm glad you're here."],
    again: ["Hi{name}, it's good to see you again. How are you now?", 'Hello again{name}. How have things been since we last talked?'],
    thanks: ['Thank you for trusting me{name}.', "I'm glad to be here with you{name}."],
    anythingElse: ['Would you like to keep talking about it?', "Is there anything else on your mind you'd like to share?"],
    farewell: ["Take care of yourself{name}. Whenever you want to talk, I'll be here.", 'Goodbye for now{name}. Remember to be gentle with yourself.'],
    howAreYou: ["I'm here, calm and fully present to listen. How are you, really?"],
    complaint: ["I'm so sorry you're going through this{name}. It makes sense to feel that way.", 'That sounds really hard{name}. Thank you for telling me.'],
    escalate: ['If it would help, I can ask a person on the team to talk with you.'],
    nameAck: ['Nice to meet you, {Name}. Thank you for introducing yourself.', "I'm glad to meet you, {Name}."],
    question: ['I understand the question.', "That's an important question."],
    needMore: ["I'd like to understand what you're going through. {ask}", 'If you feel comfortable: {ask}'],
    defaultAsk: ['How are you feeling about all of this?', "What's weighing on you the most right now?"],
    statement: ['I hear you{name}.', 'Thank you for sharing that with me{name}.'],
    statementAsk: ['How has that been for you?', 'And how do you feel about it?'],
    human: [
      "Of course{name}. I'll ask a person on the team to talk with you here. If this is an emergency, please contact your local emergency number or a crisis line right away.",
    ],
    yes: ["Okay. I'm listening.", 'Alright. Take your time.'],
    no: ["That's okay, no rush. I'm here whenever you want.", "It's okay not to want to right now."],
    about: "I'm {soul}, a virtual listener. I'm here to hear you without judgement and help you sort through what you feel.",
    bot: ["I'm a virtual assistant, yes. I can't replace a professional, but I'm here to listen."],
    noted: ['Thank you for telling me{name}.'],
  },
};

const technical: Voice = {
  id: 'technical',
  chatty: false,
  pt: {
    intro: 'Oi, eu sou {soul}, do suporte técnico. Me diz o que você está tentando fazer e o que está dando errado.',
    hello: ['Oi{name}!'],
    again: ['Oi de novo{name}! Qual é o próximo problema?', 'De volta{name}? Me conta o que mudou desde o último passo.'],
    thanks: ['Por nada{name}! Que bom que funcionou.', 'Disponha{name}! Se voltar a acontecer, me chama.'],
    anythingElse: ['Quer que eu te ajude com mais alguma configuração?', 'Mais algum problema técnico?'],
    farewell: ['Até mais{name}! Se o problema voltar, me manda a mensagem de erro.', 'Tchau{name}! Bom trabalho aí.'],
    howAreYou: ['Tudo funcionando por aqui, obrigado! E aí, em que posso te ajudar?'],
    complaint: ['Entendi{name}, vamos investigar isso.', 'Chato mesmo{name}. Vamos achar a causa.'],
    escalate: ['Se preferir, encaminho para uma pessoa da equipe técnica.'],
    nameAck: ['Prazer, {Name}!', 'Beleza, {Name}!'],
    question: ['Boa pergunta.', 'Vamos ver.'],
    needMore: ['Pra diagnosticar: {ask}', 'Antes de sugerir uma solução: {ask}'],
    defaultAsk: [
      'Qual é a mensagem de erro exata, em qual aparelho ou versão, e o que você já tentou?',
      'O que você esperava que acontecesse, e o que acontece de fato?',
    ],
    statement: ['Entendi{name}.', 'Ok{name}, anotado.'],
    statementAsk: ['O que acontece quando você tenta de novo?', 'Tem alguma mensagem de erro na tela?'],
    human: ['Claro{name}! Vou encaminhar para uma pessoa da equipe técnica, que responde por aqui. Se puder, já manda a mensagem de erro e um print.'],
    yes: ['Ótimo! Então vamos para o próximo passo.', 'Beleza. Próximo passo, então.'],
    no: ['Ok! Se precisar, é só chamar.', 'Tranquilo. Estou por aqui.'],
    about: 'Eu sou {soul}, assistente técnico virtual. Te ajudo com apps, computador e configurações, com passos numerados e claros.',
    bot: ['Sou um assistente virtual, sim — se preferir, chamo alguém da equipe técnica.'],
    noted: ['Anotado{name}.'],
  },
  en: {
    intro: "Hi, I'm {soul}. Tell me what you're trying to do and what's going wrong — error messages welcome.",
    hello: ['Hi{name}!'],
    again: ["Hi again{name}! What's the next issue?", 'Back{name}? Tell me what changed since the last step.'],
    thanks: ["You're welcome{name}! Glad it works now.", 'Anytime{name}! If it happens again, ping me.'],
    anythingElse: ['Need help with any other setup?', 'Any other technical issue?'],
    farewell: ['Bye{name}! If the problem comes back, send me the error message.', 'See you{name}! Happy hacking.'],
    howAreYou: ['All systems operational, thanks! What can I help you with?'],
    complaint: ["Got it{name}, let's dig into this.", "That's annoying{name}. Let's find the cause."],
    escalate: ['If you prefer, I can hand this to a person on the technical team.'],
    nameAck: ['Nice to meet you, {Name}!', 'Hey {Name}!'],
    question: ['Good question.', "Let's see."],
    needMore: ['To diagnose it: {ask}', 'Before I suggest a fix: {ask}'],
    defaultAsk: [
      "What's the exact error message, on which device or version, and what have you already tried?",
      'What did you expect to happen, and what actually happens?',
    ],
    statement: ['Got it{name}.', 'Okay{name}, noted.'],
    statementAsk: ['What happens when you try again?', 'Is there an error message on screen?'],
    human: ["Sure{name}! I'll hand this to a person on the technical team, who'll reply here. If you can, send the error message and a screenshot."],
    yes: ["Great! Let's move to the next step.", 'Okay. Next step, then.'],
    no: ['Okay! If you need anything, just ask.', "No problem. I'm around."],
    about: "I'm {soul}, a virtual technical helper. I help with apps, computers and setup, with clear numbered steps.",
    bot: ["I'm a virtual assistant, yes — if you prefer, I can bring in someone from the technical team."],
    noted: ['Noted{name}.'],
  },
};

export const VOICES: Record<string, Voice> = { support, concise, sales, teacher, playful, formal, empathetic, technical };

const SOUL_VOICE: Record<string, string> = {
  'friendly-support': 'support',
  'friendly-support-en': 'support',
  'concise-expert': 'concise',
  'sales-consultant': 'sales',
  'patient-teacher': 'teacher',
  'playful-companion': 'playful',
  'formal-concierge': 'formal',
  'empathetic-listener': 'empathetic',
  'technical-helper': 'technical',
  'assistente-tecnico': 'technical',
};

/** The voice for a soul: by id for the catalogue, else guessed from the tone and description. */
export function voiceFor(soul: Soul): Voice {
  const byId = SOUL_VOICE[soul.id];
  if (byId) return VOICES[byId];
  const t = fold(`${soul.id} ${soul.tone} ${soul.description}`);
  const rules: Array<[RegExp, string]> = [
    [/formal|concierge|courteous|cortes|elegan/, 'formal'],
    [/concis|direct|diret|precis|objetiv|expert|especialista/, 'concise'],
    // A shop's or service's customer care is support, whatever else its purpose says ("a friendly companion for our customers").
    [
      /customer|cliente|client\b|clients\b|atendimento|atencion|service client|sac\b|\bcare\b|store|shop|loja|tienda|boutique|bookstore|livraria|libreria|librairie|airline|aerea|aerienne|aerolinea|clinic|clinique|hospital|hopital|pharmac|farmacia|drogaria|\bbank|banco|banque|telecom|operadora|operateur|internet provider|hotel|pousada|insurance|seguros?\b|assurance|helpdesk|help desk|service desk/,
      'support',
    ],
    [/playful|brincal|divertid|fun\b|humor|companion|companhia/, 'playful'],
    [/empat|listen|ouvint|acolhed|gentil|gentle|calm/, 'empathetic'],
    [/teach|professor|ensin|patient|pacien|tutor/, 'teacher'],
    [/sales|vend|consult|comercial/, 'sales'],
    [/tech|tecnic|developer|engenh|suporte tecnico|it support/, 'technical'],
  ];
  for (const [re, id] of rules) if (re.test(t)) return VOICES[id];
  return VOICES['support'];
}

/** Lines for a voice in a language (Spanish lines live in voices-es.ts, French in voices-fr.ts, German in voices-de.ts). */
export function linesFor(voice: Voice, lang: Lang): VoiceLines {
  if (lang === 'es') return ES_LINES[voice.id] ?? ES_LINES['support'];
  if (lang === 'fr') return FR_LINES[voice.id] ?? FR_LINES['support'];
  if (lang === 'de') return DE_LINES[voice.id] ?? DE_LINES['support'];
  return lang === 'pt' ? voice.pt : voice.en;
}
