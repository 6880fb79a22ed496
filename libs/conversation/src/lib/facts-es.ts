import { NAME, type FactRules } from './facts-rules';

/** Spanish rules and words of the fact extraction (facts.ts); relation words Portuguese shares ("gato", "esposa") are in facts-pt.ts. */
export const ES_FACTS: FactRules = {
  notNames:
    'el la los las un una muy yo tu usted aquí aqui cansada contento contenta nuevo nueva estudiante cliente lunes martes miércoles miercoles jueves viernes'.split(
      ' ',
    ),
  notNameTail: 'y pero porque vivo tengo soy estoy quiero necesito con de del para por aqui gracias tambien'.split(' '),
  relations: {
    hermana: { key: 'sister', fem: true },
    hermano: { key: 'brother' },
    madre: { key: 'mother', fem: true },
    padre: { key: 'father' },
    hijo: { key: 'son' },
    hija: { key: 'daughter', fem: true },
    novia: { key: 'girlfriend', fem: true },
    novio: { key: 'boyfriend' },
    perro: { key: 'dog' },
    perra: { key: 'dog', fem: true },
    abuela: { key: 'grandmother', fem: true },
    abuelo: { key: 'grandfather' },
    jefe: { key: 'boss' },
    jefa: { key: 'boss', fem: true },
  },
  relationNames: {
    sister: ['hermana', 'hermana'],
    brother: ['hermano', 'hermano'],
    mother: ['madre', 'madre'],
    father: ['padre', 'padre'],
    son: ['hijo', 'hijo'],
    daughter: ['hija', 'hija'],
    wife: ['esposa', 'esposa'],
    husband: ['esposo', 'esposo'],
    girlfriend: ['novia', 'novia'],
    boyfriend: ['novio', 'novio'],
    friend: ['amigo', 'amiga'],
    dog: ['perro', 'perra'],
    cat: ['gato', 'gata'],
    grandmother: ['abuela', 'abuela'],
    grandfather: ['abuelo', 'abuelo'],
    aunt: ['tía', 'tía'],
    uncle: ['tío', 'tío'],
    cousin: ['primo', 'prima'],
    boss: ['jefe', 'jefa'],
    partner: ['pareja', 'pareja'],
    child: ['hijo', 'hija'],
  },
  adjectiveEndings: /(?:ad[oa]s?|id[oa]s?|ble|nte|os[oa]s?|ist[ao]s?|er[oa]s?|ari[oa]s?)$/u,
  nameRules: [
    { re: /\b(?:me llamo|mi nombre es|puedes llamarme|pueden llamarme|ll[aá]mame)\s+(\p{L}[\p{L}'’-]*(?:\s+\p{L}[\p{L}'’-]*)?)/iu, cap: false },
    { re: new RegExp(`(?:^|[\\s,])(?:[Yy]o soy |[Ss]oy )${NAME}`, 'u'), cap: true },
    // "Hola, habla Iker", "Buenas, aquí Nerea", "Hola, Iker aquí": a name right after a greeting (or opening the message).
    {
      re: new RegExp(
        `(?:^|^(?:[Hh]ola|[Bb]uenas(?: tardes| noches)?|[Bb]uenos d[íi]as)[,!.]?\\s+)(?:(?:[Hh]abla|[Aa]qu[íi](?: habla)?|[Tt]e escribe|[Ll]es escribe|[Ll]e escribe) (?:el |la )?${NAME}|${NAME}\\s+aqu[íi](?=\\s*(?:[,.!;]|$)))`,
        'u',
      ),
      cap: true,
    },
    // "buenas! soy iker,": in lower case, after a greeting or opening the message, ending its clause.
    {
      re: /(?:^|\b(?:hola|holaa|buenas|buenos d[ií]as|buenas tardes|buenas noches|hey)[,!.]?\s+)(?:yo soy|soy)\s+(\p{Ll}[\p{L}'’-]*(?:\s+\p{Ll}[\p{L}'’-]*)?)(?=\s*(?:[,.!;]|$))/u,
      cap: false,
      lower: true,
    },
  ],
  preferenceRules: [
    { re: /\bno me (?:gusta|gustan|interesa|interesan)(?:\s+(?:nada|mucho))?\s+/giu, like: false },
    {
      re: /(?<!no\s)\bme (?:gusta|gustan|encanta|encantan|fascina|fascinan|apasiona|apasionan)(?:\s+(?:mucho|muchísimo|muchisimo|bastante))?\s+/giu,
      like: true,
    },
    { re: /\b(?:soy (?:un |una )?(?:gran )?fan(?:ático|ática|atico|atica)? de)\s+/giu, like: true },
  ],
  relationRules: (relWords) => [
    new RegExp(
      `(?:^|[^\\p{L}])(?:[Mm]i|[Tt]engo (?:una?|dos))\\s+(${relWords})(?:\\s+(?:mayor|menor|pequeñ[oa]))?,?\\s+(?:(?:que\\s+)?se llama\\s+|llamad[oa]\\s+|es\\s+)?${NAME}`,
      'gu',
    ),
  ],
  locationRules: [
    { re: /\b(?:yo\s+)?(?:vivo|resido|estoy viviendo)\s+en\s+/iu, kind: 'lives_in', lower: true },
    { re: /\b(?:me\s+)?(?:mud[ée]|he\s+mudado|hemos\s+mudado|mudamos)\s+a\s+/iu, kind: 'lives_in', lower: true },
    { re: /(?:^|[\s,])(?:[Yy]o\s+)?(?:[Ss]oy|[Vv]engo)\s+de(?:l)?\s+/u, kind: 'from', lower: false },
  ],
};
