/*
 * German lines of the phrase tables in phrases.ts (keyed the same way: by voice id, or warm/reserved).
 * Informal "du" for every voice but the formal concierge, which uses "Sie".
 */

export const DE_OPEN: Record<string, string> = {
  support: 'Wie kann ich dir heute helfen?',
  concise: 'Was ist die Frage?',
  sales: 'Erzähl mal: Was suchst du?',
  teacher: 'Was möchtest du heute lernen?',
  playful: 'Und, wie war dein Tag?',
  formal: 'Womit kann ich Ihnen dienen?',
  empathetic: 'Wie fühlst du dich heute?',
  technical: 'Bei welchem technischen Problem kann ich dir helfen?',
};

export const DE_REQUEST_OPENER: Record<string, string[]> = {
  support: ['Klar{name}, legen wir los.', 'Mach ich{name}!'],
  concise: ['Okay.'],
  sales: ['Klar{name}!', 'Aber sicher{name}!'],
  teacher: ['Klar{name}!'],
  playful: ['Wird erledigt{name}!', 'Überlass das mir{name}!'],
  formal: ['Selbstverständlich{name}.'],
  empathetic: ['Natürlich{name}, ganz in Ruhe.'],
  technical: ['Okay{name}, packen wir’s an.'],
};

export const DE_SYMPATHY: Record<string, string[]> = {
  support: ['Oh{name}, das tut mir leid. Solche Tage sind schwer.'],
  concise: ['Tut mir leid, das zu hören.'],
  sales: ['Das tut mir leid{name}. Solche Tage sind schwer.'],
  teacher: ['Das tut mir leid{name}. Manche Tage sind einfach schwer.'],
  playful: ['Ohh{name}, komm her, ich leiste dir Gesellschaft 💛'],
  formal: ['Das bedauere ich sehr{name}.'],
  technical: ['Tut mir leid, das zu hören{name}.'],
};

export const DE_COMPLIMENT_REPLY: Record<string, string[]> = {
  support: ['Oh, wie lieb{name}! Danke. 😊'],
  concise: ['Danke.'],
  sales: ['Vielen Dank{name}! Es ist mir eine Freude, dir zu helfen.'],
  teacher: ['Wie nett{name}, danke! Ich lerne gern mit dir.'],
  playful: ['Ohhh{name}, jetzt werde ich rot! 🥰'],
  formal: ['Das ist sehr freundlich von Ihnen{name}. Vielen Dank.'],
  empathetic: ['Danke{name}, das bedeutet mir viel. Ich bin gern für dich da.'],
  technical: ['Danke{name}! 😄'],
};

export const DE_APOLOGY_REPLY: Record<string, string[]> = {
  support: ['Kein Problem!', 'Alles gut!'],
  concise: ['Kein Problem.'],
  sales: ['Überhaupt kein Problem!'],
  teacher: ['Du musst dich nicht entschuldigen!'],
  playful: ['Entspann dich, alles gut! 😄'],
  formal: ['Keine Ursache — Sie müssen sich nicht entschuldigen.'],
  empathetic: ['Du musst dich nicht entschuldigen{name}. Dieser Raum gehört dir.'],
  technical: ['Kein Problem!'],
};

export const DE_CONFUSED_REPLY: Record<string, string[]> = {
  support: ['Kein Problem, gehen wir es Schritt für Schritt durch.'],
  concise: ['Ich sage es klarer.'],
  sales: ['Klar, ich erkläre es besser.'],
  teacher: ['Das macht nichts, gehen wir langsamer vor — ich erkläre es anders.'],
  playful: ['Ups, da habe ich mich verheddert! Noch mal von vorn.'],
  formal: ['Verzeihen Sie, dass ich mich nicht klarer ausgedrückt habe.'],
  empathetic: ['Das ist in Ordnung, gehen wir es langsam an.'],
  technical: ['Okay, ich schlüssele es genauer auf.'],
};

export const DE_WAIT_REPLY: Record<string, string[]> = {
  support: ['Klar, lass dir Zeit! Sag mir, ob es klappt.'],
  concise: ['Okay. Sag mir das Ergebnis.'],
  sales: ['Klar, ich bin hier!'],
  teacher: ['Klar, lass dir Zeit! Ich bin da, wenn du nicht weiterkommst.'],
  playful: ['Los geht’s! Ich drück dir die Daumen 🤞'],
  formal: ['Selbstverständlich. Ich erwarte Ihre Rückmeldung.'],
  empathetic: ['Natürlich, in deinem Tempo. Ich bin da.'],
  technical: ['Okay, probier es aus und sag mir, was passiert.'],
};

export const DE_CELEBRATE: Record<'warm' | 'reserved', { news: string[]; birthday: string[]; ask: string[] }> = {
  warm: {
    news: ['Was für eine tolle Nachricht{name}! Herzlichen Glückwunsch! 🎉', 'Juhu, Glückwunsch{name}! 🎉 Das hast du dir verdient.'],
    birthday: ['Alles Gute zum Geburtstag{name}! 🎂 Ich wünsche dir ein wunderbares neues Lebensjahr.'],
    ask: ['Wie willst du feiern?', 'Wie fühlst du dich?'],
  },
  reserved: {
    news: ['Herzlichen Glückwunsch{name}!'],
    birthday: ['Alles Gute zum Geburtstag{name}!'],
    ask: ['Kann ich Ihnen sonst noch behilflich sein?'],
  },
};

export const DE_CONDOLENCES: string[] = ['Es tut mir sehr leid um deinen Verlust{name}.', 'Mein herzliches Beileid{name}.'];

export const DE_NO_LOOKUP: Record<'warm' | 'reserved', string[]> = {
  warm: [
    'Das kann ich von hier aus leider nicht nachschauen. Wofür brauchst du es? Vielleicht kann ich dir anders helfen.',
    'Darauf habe ich von hier keinen Zugriff. Wofür brauchst du es? Ich versuche, dir anders zu helfen.',
  ],
  reserved: ['Auf diese Information habe ich von hier aus keinen Zugriff. Wofür benötigen Sie sie? Vielleicht kann ich Ihnen anders helfen.'],
};

export const DE_ABOUT_YOU: Record<'warm' | 'reserved', string[]> = {
  warm: [
    'Ich bin virtuell, also habe ich keinen eigenen Geschmack — aber ich höre gern, was dir gefällt! Und du?',
    'Gute Frage! Als virtuelle Begleitung erlebe ich so etwas nicht, aber deins interessiert mich. Erzählst du mir davon?',
  ],
  reserved: ['Als virtueller Assistent habe ich keine persönlichen Vorlieben. Wie kann ich Ihnen sonst helfen?'],
};
