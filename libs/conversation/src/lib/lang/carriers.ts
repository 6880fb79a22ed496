/**
 * Telecom carriers and internet providers people name in any of the four languages: the members of the `carrier`
 * category (a statement that names one answers "which carrier / operadora / opérateur…?"). One list for every language.
 */
export const CARRIERS: readonly string[] = [
  'vivo',
  'claro',
  'tim',
  'oi',
  'movistar',
  'orange',
  'vodafone',
  'verizon',
  'at&t',
  't-mobile',
  'sfr',
  'bouygues',
  'free',
  'digi',
  'yoigo',
  'jazztel',
  'meo',
  'nos',
  'o2',
  'ee',
  'sprint',
  'telcel',
  'personal',
  'entel',
];
