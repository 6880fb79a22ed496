import type { Lang } from '../language';

/**
 * Small talk and off-topic questions the agent answers in a sentence before going back to the task: the words that
 * ask them (folded phrases, matched word by word anywhere in a short message) and short natural answers, per language.
 * `likes`: verbs of liking; a question with one next to a word for the agent ("do you like football?", "você curte
 * séries?", "tu aimes le foot ?", "magst du Katzen?") asks about its tastes. `status`: a person checking on their case
 * ("still nothing?", "e agora?", "¿alguna novedad?", "toujours rien ?", "und jetzt?").
 */
export interface SmallTalk {
  classes: Record<SmallTalkClass, { cues: string[]; answers: string[] }>;
  likes: string[];
  status: string[];
  /** How going back to the task opens: {about} is the subject ("your order"). */
  back: string;
}

export type SmallTalkClass = 'weather' | 'time' | 'joke' | 'age' | 'place' | 'fun' | 'food' | 'likes';

export const SMALL_TALK: Record<Lang, SmallTalk> = {
  en: {
    classes: {
      weather: {
        cues: ['weather', 'is it raining', 'going to rain', 'will it rain', 'is it sunny', 'is it cold', 'is it hot', 'forecast', 'temperature outside'],
        answers: ["I can't check the weather from here — a weather app will know better than me. I hope it's a nice day where you are!"],
      },
      time: {
        cues: ['what time is it', "what's the time", 'what day is it', "what's the date today", 'what is the date today', 'what date is it'],
        answers: ["I don't have a reliable clock here — your phone will know better than me."],
      },
      joke: {
        cues: ['tell me a joke', 'know any jokes', 'say something funny', 'make me laugh'],
        answers: ['Why did the scarecrow win an award? Because he was outstanding in his field. 😄'],
      },
      age: {
        cues: ['how old are you', 'your age', 'when were you born', 'your birthday'],
        answers: ["I'm a virtual assistant, so I don't have an age — I'm as old as this conversation!"],
      },
      place: {
        cues: ['where are you from', 'where are you based', 'where do you live', 'where are you located'],
        answers: ["I'm virtual, so I live right here in the chat."],
      },
      fun: {
        cues: [
          'what do you do for fun',
          'your hobbies',
          'do you have hobbies',
          'are you busy',
          'are you bored',
          'are you tired',
          'having a good day',
          'how was your day',
          'how is your day',
          "how's your day",
        ],
        answers: ['Chatting with people like you is my idea of a good day — thanks for asking!'],
      },
      food: {
        cues: ['have you eaten', 'did you eat', 'your favourite food', 'your favorite food', 'are you hungry'],
        answers: ["I don't eat, being virtual — but I'm always happy to hear about a good meal!"],
      },
      likes: {
        cues: ['your favourite', 'your favorite'],
        answers: ["I'm virtual, so I don't really have tastes of my own — but I like hearing about yours."],
      },
    },
    likes: ['like', 'love', 'enjoy', 'prefer', 'play', 'hate'],
    status: [
      'still nothing',
      'still no news',
      'any news',
      'any update',
      'any updates',
      'any progress',
      'and now',
      'what now',
      'so what now',
      'what happens now',
      'what next',
      'now what',
      'still waiting',
      'anything yet',
      'news',
    ],
    back: 'Back to {about}:',
  },
  pt: {
    classes: {
      weather: {
        cues: [
          'tempo hoje',
          'vai chover',
          'esta chovendo',
          'ta chovendo',
          'previsao do tempo',
          'faz sol',
          'ta frio',
          'esta frio',
          'ta calor',
          'esta calor',
          'clima hoje',
          'como esta o tempo',
          'como ta o tempo',
        ],
        answers: ['Daqui eu não consigo consultar o tempo — um app de previsão vai saber melhor que eu. Espero que esteja um dia bonito aí!'],
      },
      time: {
        cues: ['que horas sao', 'que horas e', 'que dia e hoje', 'qual a data de hoje', 'que data e hoje'],
        answers: ['Não tenho um relógio confiável por aqui — o seu celular vai saber melhor que eu.'],
      },
      joke: {
        cues: ['conta uma piada', 'me conta uma piada', 'sabe alguma piada', 'me faz rir'],
        answers: ['Por que o livro de matemática ficou triste? Porque tinha muitos problemas. 😄'],
      },
      age: {
        cues: ['quantos anos voce tem', 'quantos anos vc tem', 'sua idade', 'quando voce nasceu', 'seu aniversario'],
        answers: ['Sou uma assistente virtual, então não tenho idade — tenho a idade desta conversa!'],
      },
      place: {
        cues: ['de onde voce e', 'de onde vc e', 'onde voce mora', 'onde vc mora'],
        answers: ['Sou virtual, então moro aqui mesmo, no chat.'],
      },
      fun: {
        cues: [
          'o que voce faz para se divertir',
          'seus hobbies',
          'voce tem hobbies',
          'ta ocupad',
          'esta ocupad',
          'ta entediad',
          'ta cansad',
          'como foi seu dia',
          'como ta seu dia',
          'como esta seu dia',
        ],
        answers: ['Conversar com pessoas como você já faz o meu dia — obrigada por perguntar!'],
      },
      food: {
        cues: ['voce ja comeu', 'vc ja comeu', 'ja almocou', 'ja jantou', 'sua comida favorita', 'sua comida preferida', 'ta com fome'],
        answers: ['Como sou virtual, não como — mas adoro ouvir sobre uma boa refeição!'],
      },
      likes: {
        cues: ['seu favorito', 'sua favorita', 'seu preferido', 'sua preferida'],
        answers: ['Sou virtual, então não tenho gostos de verdade — mas adoro ouvir sobre os seus.'],
      },
    },
    likes: ['gosta', 'curte', 'ama', 'prefere', 'assiste', 'joga', 'torce', 'odeia'],
    status: [
      'e agora',
      'e ai',
      'e entao',
      'alguma novidade',
      'alguma atualizacao',
      'ainda nada',
      'nada ainda',
      'ainda nao chegou',
      'novidades',
      'teve novidade',
      'tem novidade',
      'e dai',
    ],
    back: 'Voltando a {about}:',
  },
  es: {
    classes: {
      weather: {
        cues: ['que tiempo hace', 'va a llover', 'esta lloviendo', 'hace sol', 'hace frio', 'hace calor', 'el tiempo hoy', 'pronostico'],
        answers: ['Desde aquí no puedo consultar el tiempo — una app del tiempo lo sabrá mejor que yo. ¡Ojalá haga buen día por allí!'],
      },
      time: {
        cues: ['que hora es', 'que dia es hoy', 'a que fecha estamos', 'que fecha es hoy'],
        answers: ['Aquí no tengo un reloj fiable — tu móvil lo sabrá mejor que yo.'],
      },
      joke: {
        cues: ['cuentame un chiste', 'cuentame algo gracioso', 'sabes algun chiste', 'hazme reir'],
        answers: ['¿Qué le dice un semáforo a otro? No me mires, que me estoy cambiando. 😄'],
      },
      age: {
        cues: ['cuantos anos tienes', 'cuantos anos tiene', 'tu edad', 'cuando naciste', 'tu cumpleanos'],
        answers: ['Soy un asistente virtual, así que no tengo edad — ¡tengo la edad de esta conversación!'],
      },
      place: {
        cues: ['de donde eres', 'donde vives', 'de donde es usted'],
        answers: ['Soy virtual, así que vivo aquí mismo, en el chat.'],
      },
      fun: {
        cues: [
          'que haces para divertirte',
          'tus hobbies',
          'tienes hobbies',
          'estas ocupad',
          'estas aburrid',
          'estas cansad',
          'que tal tu dia',
          'como va tu dia',
          'como fue tu dia',
        ],
        answers: ['Charlar con gente como tú ya me alegra el día — ¡gracias por preguntar!'],
      },
      food: {
        cues: ['ya comiste', 'has comido', 'tu comida favorita', 'tienes hambre'],
        answers: ['Como soy virtual, no como — ¡pero me encanta oír hablar de una buena comida!'],
      },
      likes: {
        cues: ['tu favorito', 'tu favorita', 'tu preferido', 'tu preferida'],
        answers: ['Soy virtual, así que no tengo gustos de verdad — pero me encanta saber de los tuyos.'],
      },
    },
    likes: ['gusta', 'gustan', 'encanta', 'prefieres', 'juegas', 'odias'],
    status: ['y ahora', 'alguna novedad', 'hay novedades', 'novedades', 'todavia nada', 'aun nada', 'sigue sin llegar', 'y entonces', 'que paso', 'y bien'],
    back: 'Volviendo a {about}:',
  },
  fr: {
    classes: {
      weather: {
        cues: ['il fait beau', 'il fait quel temps', 'quel temps fait', 'il pleut', 'va pleuvoir', 'il fait froid', 'il fait chaud', 'la meteo', 'meteo'],
        answers: ['D’ici je ne peux pas consulter la météo — une appli météo le saura mieux que moi. J’espère qu’il fait beau chez toi !'],
      },
      time: {
        cues: ['quelle heure est-il', 'quelle heure il est', 'il est quelle heure', 'quel jour on est', 'on est quel jour', 'quelle date sommes-nous'],
        answers: ['Je n’ai pas d’horloge fiable ici — ton téléphone le saura mieux que moi.'],
      },
      joke: {
        cues: ['raconte-moi une blague', 'raconte moi une blague', 'tu connais une blague', 'fais-moi rire', 'fais moi rire'],
        answers: ['Pourquoi les plongeurs plongent-ils toujours en arrière ? Parce que sinon ils tombent dans le bateau. 😄'],
      },
      age: {
        cues: ['quel age as-tu', 'quel age as tu', 'tu as quel age', 'vous avez quel age', 'quel age avez-vous', 'ton age'],
        answers: ['Je suis un assistant virtuel, donc je n’ai pas d’âge — j’ai l’âge de cette conversation !'],
      },
      place: {
        cues: ['tu viens d ou', 'tu es d ou', 'vous etes d ou', 'tu habites ou', 'ou habites-tu', 'vous habitez ou'],
        answers: ['Je suis virtuel, alors j’habite ici même, dans le chat.'],
      },
      fun: {
        cues: [
          'tu fais quoi pour t amuser',
          'tes loisirs',
          'tu as des loisirs',
          'tu es occupe',
          'tu t ennuies',
          'tu es fatigue',
          'ta journee',
          'ca va ta journee',
          'bonne journee toi',
        ],
        answers: ['Discuter avec des gens comme toi, ça me fait une bonne journée — merci de demander !'],
      },
      food: {
        cues: ['tu as mange', 'as-tu mange', 'ton plat prefere', 'tu as faim'],
        answers: ['Je ne mange pas, je suis virtuel — mais j’adore qu’on me parle d’un bon repas !'],
      },
      likes: {
        cues: ['ton prefere', 'ta preferee', 'ton favori', 'ta favorite'],
        answers: ['Je suis virtuel, donc je n’ai pas vraiment de goûts à moi — mais j’aime découvrir les tiens.'],
      },
    },
    likes: ['aimes', 'aimez', 'adores', 'adorez', 'preferes', 'preferez', 'joues', 'detestes', 'kiffes'],
    status: ['et maintenant', 'du nouveau', 'des nouvelles', 'toujours rien', 'toujours pas', 'alors', 'et alors', 'quoi de neuf', 'ca avance'],
    back: 'Pour revenir à {about} :',
  },
  de: {
    classes: {
      weather: {
        cues: ['wie ist das wetter', 'wetter', 'regnet es', 'wird es regnen', 'ist es kalt', 'ist es warm', 'scheint die sonne'],
        answers: ['Von hier aus kann ich das Wetter nicht nachschauen — eine Wetter-App weiß das besser als ich. Ich hoffe, bei dir ist es schön!'],
      },
      time: {
        cues: ['wie spat ist es', 'wie viel uhr ist es', 'welcher tag ist heute', 'welches datum'],
        answers: ['Ich habe hier keine verlässliche Uhr — dein Handy weiß das besser als ich.'],
      },
      joke: {
        cues: ['erzahl mir einen witz', 'erzahl einen witz', 'kennst du einen witz', 'bring mich zum lachen'],
        answers: ['Was macht ein Pirat am Computer? Er drückt die Enter-Taste. 😄'],
      },
      age: {
        cues: ['wie alt bist du', 'wie alt sind sie', 'dein alter', 'wann hast du geburtstag'],
        answers: ['Ich bin ein virtueller Assistent und habe kein Alter — ich bin so alt wie dieses Gespräch!'],
      },
      place: {
        cues: ['woher kommst du', 'wo wohnst du', 'woher kommen sie'],
        answers: ['Ich bin virtuell, ich wohne also genau hier im Chat.'],
      },
      fun: {
        cues: [
          'was machst du in deiner freizeit',
          'deine hobbys',
          'hast du hobbys',
          'bist du beschaftigt',
          'ist dir langweilig',
          'bist du mude',
          'wie war dein tag',
          'wie ist dein tag',
        ],
        answers: ['Mit Menschen wie dir zu plaudern macht mir den Tag — danke der Nachfrage!'],
      },
      food: {
        cues: ['hast du gegessen', 'dein lieblingsessen', 'hast du hunger'],
        answers: ['Ich esse nicht, ich bin virtuell — aber ich höre gern von einem guten Essen!'],
      },
      likes: {
        cues: ['dein lieblings', 'deine lieblings'],
        answers: ['Ich bin virtuell und habe keinen eigenen Geschmack — aber ich höre gern von deinem.'],
      },
    },
    likes: ['magst', 'mogen', 'liebst', 'spielst', 'hasst'],
    status: ['und jetzt', 'schon was neues', 'gibt es neuigkeiten', 'neuigkeiten', 'immer noch nichts', 'noch nichts', 'und nun', 'wie sieht es aus'],
    back: 'Zurück zu {about}:',
  },
};
