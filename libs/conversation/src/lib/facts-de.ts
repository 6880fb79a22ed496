import { NAME, type FactRules } from './facts-rules';

/**
 * German rules and words of the fact extraction (facts.ts). German statements are remembered as said (statements.ts):
 * names and places only here. No "ich bin X" rule: German writes every noun capitalized ("ich bin Lehrer", "ich bin
 * bei der TK"), so only the phrases that can name nothing else make a name.
 */
export const DE_FACTS: FactRules = {
  notNames:
    'der die das den dem ein eine einen nicht sehr gut gern gerne hier da froh müde krank kunde kundin deutsch deutscher deutsche montag dienstag mittwoch donnerstag freitag samstag sonntag lehrer lehrerin student studentin schüler schülerin arzt ärztin mutter vater rentner rentnerin neu leider gerade jetzt noch schon kein keine'.split(
      ' ',
    ),
  notNameTail: 'und aber weil ich wohne bin habe von aus für mit danke auch'.split(' '),
  locationRules: [
    {
      re: /(?:^|[\s,])(?:ich wohne|ich lebe|wir wohnen|wir leben|ich bin (?:nach|gerade nach) \p{L}+ gezogen|wohne|lebe)\s+(?:in|im|bei|am)\s+/iu,
      kind: 'lives_in',
      lower: true,
    },
    { re: /(?:^|[\s,])(?:[Ii]ch komme|[Ii]ch stamme|[Ii]ch bin)\s+(?:ursprünglich\s+)?aus\s+/u, kind: 'from', lower: false },
  ],
  nameRules: [
    {
      re: /(?:^|[\s,])(?:ich heiße|ich heisse|mein name ist|mein vorname ist|nenn mich|nennen sie mich|du kannst mich|sie können mich)\s+(?:(?:übrigens|uebrigens|eigentlich|ja|auch|doch|nämlich|naemlich)\s+)?(\p{L}[\p{L}'’-]*(?:\s+\p{L}[\p{L}'’-]*)?)/iu,
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
