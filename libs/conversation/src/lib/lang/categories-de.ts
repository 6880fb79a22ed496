/**
 * The German words that name each shared category (categories.ts), folded (no umlauts: "gerat", "fahrzeug"). Members are
 * shared by every language and listed there; German makes, breeds and cities are mostly the same words.
 */
const split = (s: string) => s.split(/\s+/).filter(Boolean);

export const DE_CATEGORY_WORDS: Record<string, string[]> = {
  vehicle: split('auto autos wagen fahrzeug fahrzeuge fahrrad rad motorrad roller modell marke'),
  breed: split('rasse rassen'),
  pet: split('haustier haustiere tier tiere vierbeiner'),
  os: split('betriebssystem system'),
  study: split('studium studiere studierst studiengang fach uni universitat hochschule ausbildung'),
  race: split('rennen lauf wettkampf marathon halbmarathon'),
  herb: split('krauter kraut pflanze pflanzen gepflanzt'),
  diet: split('essen ernahrung diat unvertraglichkeit allergie'),
  health: split('gesundheit verletzung diagnose krankheit beschwerden'),
  wine: split('wein weine'),
  instrument: split('instrument instrumente'),
  language: split('sprache sprachen'),
  colour: split('farbe farben'),
  level: split('niveau stufe level'),
  medicine: split('medikament medikamente tablette tabletten arznei arzneimittel pille pillen schmerzmittel'),
  flavour: split('geschmack geschmacksrichtung sorte sorten fullung glasur'),
  computer: split('laptop laptops computer rechner notebook pc'),
  phone: split('handy handys telefon smartphone'),
  printer: split('drucker'),
  router: split('router modem wlan'),
  hobby: split('hobby hobbys freizeit'),
  city: split('stadt ort land'),
  area: split('quadratmeter qm wohnflache flache'),
  storage: split('speicher speicherplatz kapazitat'),
  weight: split('gewicht wiegt kilo'),
  age: split('alter'),
};
