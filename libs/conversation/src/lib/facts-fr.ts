import { NAME, type FactRules } from './facts-rules';

/** French rules and words of the fact extraction (facts.ts). French statements are remembered as said (statements.ts): names only here. */
export const FR_FACTS: FactRules = {
  notNames:
    'le la les un une des du au en très tres pas bien désolé désolée desole desolee content contente fatigué fatiguée fatigue fatiguee cliente français française francais francaise lundi mardi mercredi jeudi vendredi samedi dimanche'.split(
      ' ',
    ),
  notNameTail: "et mais parce j' je j habite suis ai de du pour avec merci aussi".split(' '),
  locationRules: [
    {
      re: /(?:^|[\s,])(?:j['’]habite|je vis|je r[ée]side|on habite|j['’]ai d[ée]m[ée]nag[ée]|je viens d['’]emm[ée]nager|on vient d['’]emm[ée]nager)\s+(?:à|a|au|aux|en|dans|sur)\s+/iu,
      kind: 'lives_in',
      lower: true,
    },
    { re: /(?:^|[\s,])(?:[Jj]e suis|[Jj]e viens|[Jj]e suis originaire)\s+(?:de|d['’]|du)\s*/u, kind: 'from', lower: false },
  ],
  adjectiveEndings: /(?:é|ée|és|ées|eux|euse|if|ive|ble|ant|ante|iste|aire|er|ière|eur)$/u,
  nameRules: [
    {
      re: /(?:^|[\s,])(?:je m['’]appelle|mon (?:pr[ée]nom|nom) (?:est|c['’]est)|appelle[sz]?[- ]moi|tu peux m['’]appeler|vous pouvez m['’]appeler)\s+(\p{L}[\p{L}'’-]*(?:\s+\p{L}[\p{L}'’-]*)?)/iu,
      cap: false,
    },
    { re: new RegExp(`(?:^|[\\s,])(?:[Mm]oi,? c['’]est |[Ii]ci,? c['’]est |[Jj]e suis )${NAME}`, 'u'), cap: true },
    // "Bonjour, c'est Manon", "Salut, Manon ici": a name right after a greeting.
    {
      re: new RegExp(`^(?:[Bb]onjour|[Ss]alut|[Cc]oucou|[Bb]onsoir)[,!.]?\\s+(?:c['’]est ${NAME}|${NAME}\\s+ici(?=\\s*(?:[,.!;]|$)))`, 'u'),
      cap: true,
    },
    // "slt ! moi c julien,": in lower case, ending its clause.
    {
      re: /(?:^|[,.!?]\s*|\b(?:salut|slt|bonjour|coucou|bonsoir|cc)\s*[,!.]?\s*)(?:moi,? c['’]est|moi,? c|je suis)\s+(\p{Ll}[\p{L}'’-]*(?:\s+\p{Ll}[\p{L}'’-]*)?)(?=\s*(?:[,.!;]|$))/u,
      cap: false,
      lower: true,
    },
  ],
};
