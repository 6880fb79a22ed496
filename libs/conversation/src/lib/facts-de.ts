import { NAME, type FactRules } from './facts-rules';

/**
 * German rules of the fact extraction (facts.ts): only the person's name so far ("Hallo, ich bin Jonas", "ich heiße Lena",
 * "mein Name ist Weber", "hier ist Lena", "Jonas hier"). German has no reply language of its own yet; its facts are
 * written in English.
 */
export const DE_FACTS: FactRules = {
  // German capitalizes nouns: "ich bin Kundin", "ich bin Lehrer" are no names.
  notNames: (
    'kunde kundin lehrer lehrerin student studentin schüler schülerin arzt ärztin mutter vater rentner rentnerin neu hier da ' +
    'leider gerade jetzt noch schon sehr nicht kein keine ein eine der die das montag dienstag mittwoch donnerstag freitag samstag sonntag'
  ).split(' '),
  notNameTail: 'und aber weil ich bin habe hier mit von aus für danke auch'.split(' '),
  nameRules: [
    {
      re: /(?:^|[\s,])(?:ich hei(?:ß|ss)e|mein name ist|man nennt mich|nenn mich|nennen sie mich)\s+(\p{L}[\p{L}'’-]*(?:\s+\p{L}[\p{L}'’-]*)?)/iu,
      cap: false,
    },
    {
      re: new RegExp(
        `^(?:(?:[Hh]allo|[Hh]i|[Hh]ey|[Gg]uten (?:[Tt]ag|[Mm]orgen|[Aa]bend)|[Ss]ervus|[Mm]oin|[Gg]rüß [Gg]ott)[,!.]?\\s+)?(?:[Ii]ch bin (?:der |die )?${NAME}|[Hh]ier ist (?:der |die )?${NAME}|${NAME}\\s+hier(?=\\s*(?:[,.!;]|$)))`,
        'u',
      ),
      cap: true,
    },
  ],
};
