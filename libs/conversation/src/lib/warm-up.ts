import { extractFacts } from './facts';
import { extractStatements } from './statements';

/** A sentence per language that reaches the extractors' lazily built tables (question words, categories, dates). */
const SAMPLES = [
  'Hi, my name is Ana, I live in Lisbon and I love my dog. Where is my order 12345 from two weeks ago?',
  'Oi, meu nome é Ana, moro em Lisboa e adoro meu cachorro. Cadê o pedido 12345 de há duas semanas?',
  'Hola, me llamo Ana, vivo en Lisboa y me encanta mi perro. ¿Dónde está el pedido 12345 de hace dos semanas?',
  "Bonjour, je m'appelle Ana, j'habite à Lisbonne et j'adore mon chien. Où est la commande 12345 d'il y a deux semaines ?",
  'Hallo, ich heiße Ana, ich wohne in Lissabon und liebe meinen Hund. Wo ist meine Bestellung 12345 von vor zwei Wochen?',
];

/**
 * Builds the language tables the fact and statement extractors make on first use (about a quarter of a second of
 * regular expressions and category data), so that the first message a process answers does not pay for them inside
 * its reply window. Called once when a reply engine is created, at start-up.
 */
export function warmUpConversation(): void {
  for (const s of SAMPLES) {
    extractFacts(s);
    extractStatements(s);
  }
}
