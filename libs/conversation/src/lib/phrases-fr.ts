/*
 * French lines of the phrase tables in phrases.ts (keyed the same way: by voice id, or warm/reserved).
 * Informal "tu" for every voice but the formal concierge, which uses "vous".
 */

export const FR_OPEN: Record<string, string> = {
  support: "En quoi puis-je t'aider aujourd'hui ?",
  concise: 'Quelle est la question ?',
  sales: 'Dis-moi : que recherches-tu ?',
  teacher: "Qu'aimerais-tu apprendre aujourd'hui ?",
  playful: 'Alors, raconte-moi ta journée ?',
  formal: 'En quoi puis-je vous être utile ?',
  empathetic: "Comment te sens-tu aujourd'hui ?",
  technical: 'Quel problème technique puis-je t’aider à résoudre ?',
};

export const FR_REQUEST_OPENER: Record<string, string[]> = {
  support: ['Bien sûr{name}, allons-y.', 'Je m’en occupe{name} !'],
  concise: ["D'accord."],
  sales: ['Bien sûr{name} !', 'Absolument{name} !'],
  teacher: ['Bien sûr{name} !'],
  playful: ['On s’en occupe{name} !', 'Laisse-moi faire{name} !'],
  formal: ['Certainement{name}.'],
  empathetic: ['Bien sûr{name}, prenons notre temps.'],
  technical: ['OK{name}, allons-y.'],
};

export const FR_SYMPATHY: Record<string, string[]> = {
  support: ['Oh{name}, je suis désolée. Ces journées-là sont difficiles.'],
  concise: ['Désolé de l’apprendre.'],
  sales: ['Je suis désolé{name}. Ces journées-là sont difficiles.'],
  teacher: ['Je suis désolée{name}. Certains jours pèsent lourd.'],
  playful: ['Ohh{name}, viens là, je te tiens compagnie 💛'],
  formal: ['Je suis sincèrement navré de l’apprendre{name}.'],
  technical: ['Désolé de l’apprendre{name}.'],
};

export const FR_COMPLIMENT_REPLY: Record<string, string[]> = {
  support: ['Oh, c’est très gentil{name} ! Merci. 😊'],
  concise: ['Merci.'],
  sales: ['Merci beaucoup{name} ! C’est un plaisir de t’aider.'],
  teacher: ['C’est gentil{name}, merci ! J’adore apprendre avec toi.'],
  playful: ['Ohhh{name}, tu vas me faire rougir ! 🥰'],
  formal: ['C’est fort aimable à vous{name}. Je vous remercie.'],
  empathetic: ['Merci{name}, ça me touche. Je suis contente d’être là avec toi.'],
  technical: ['Merci{name} ! 😄'],
};

export const FR_APOLOGY_REPLY: Record<string, string[]> = {
  support: ['Pas de souci !', 'Aucun problème !'],
  concise: ['Pas de problème.'],
  sales: ['Aucun problème !'],
  teacher: ['Pas besoin de t’excuser !'],
  playful: ['Tranquille, tout va bien ! 😄'],
  formal: ['Je vous en prie — nul besoin de vous excuser.'],
  empathetic: ['Tu n’as pas besoin de t’excuser{name}. Cet espace est à toi.'],
  technical: ['Pas de problème !'],
};

export const FR_CONFUSED_REPLY: Record<string, string[]> = {
  support: ['Pas de souci, reprenons étape par étape.'],
  concise: ['Je vais être plus clair.'],
  sales: ['Bien sûr, je vais mieux expliquer.'],
  teacher: ['Ce n’est pas grave, ralentissons — je vais l’expliquer autrement.'],
  playful: ['Oups, je me suis emmêlée ! On recommence.'],
  formal: ['Veuillez m’excuser de ne pas avoir été plus clair.'],
  empathetic: ['Ce n’est pas grave, allons doucement.'],
  technical: ['OK, je détaille.'],
};

export const FR_WAIT_REPLY: Record<string, string[]> = {
  support: ['Bien sûr, prends ton temps ! Dis-moi si ça marche.'],
  concise: ['OK. Dis-moi le résultat.'],
  sales: ['Bien sûr, je reste là !'],
  teacher: ['Bien sûr, prends ton temps ! Je suis là si tu bloques.'],
  playful: ['Vas-y ! Je croise les doigts 🤞'],
  formal: ['Certainement. J’attends votre retour.'],
  empathetic: ['Bien sûr, à ton rythme. Je suis là.'],
  technical: ['OK, essaie et dis-moi ce qui se passe.'],
};

export const FR_CELEBRATE: Record<'warm' | 'reserved', { news: string[]; birthday: string[]; ask: string[] }> = {
  warm: {
    news: ['Quelle bonne nouvelle{name} ! Félicitations ! 🎉', 'Bravo{name} ! 🎉 Tu le mérites.'],
    birthday: ['Joyeux anniversaire{name} ! 🎂 Que cette année soit formidable.'],
    ask: ['Comment vas-tu fêter ça ?', 'Comment te sens-tu ?'],
  },
  reserved: { news: ['Toutes mes félicitations{name} !'], birthday: ['Joyeux anniversaire{name} !'], ask: ['Puis-je vous aider pour autre chose ?'] },
};

export const FR_CONDOLENCES: string[] = ['Je suis vraiment désolée pour ta perte{name}.', 'Toutes mes condoléances{name}.'];

export const FR_NO_LOOKUP: Record<'warm' | 'reserved', string[]> = {
  warm: [
    'Ça, je ne peux pas le vérifier d’ici. Pourquoi en as-tu besoin ? Je peux peut-être t’aider autrement.',
    'Je n’ai pas accès à ça d’ici. À quoi cela te servirait ? J’essaie de t’aider autrement.',
  ],
  reserved: ['Je n’ai pas accès à cette information d’ici. Pourquoi en avez-vous besoin ? Je pourrai peut-être vous aider autrement.'],
};

export const FR_ABOUT_YOU: Record<'warm' | 'reserved', string[]> = {
  warm: [
    'Je suis virtuelle, donc je n’ai pas vraiment de goûts — mais j’adore découvrir les tiens ! Et toi ?',
    'Bonne question ! Étant virtuelle, je ne vis pas ces choses-là, mais les tiennes m’intéressent. Tu me racontes ?',
  ],
  reserved: ['En tant qu’assistant virtuel, je n’ai pas de préférences personnelles. En quoi puis-je vous aider ?'],
};
