import type { LangTexts } from './language';
import { fold } from './text';
import type { Soul } from './types';

/**
 * Domains an agent can be made for, named by its soul (description, tone, name) or an entity's purpose:
 * the follow-ups that must fit the domain ("what have you enjoyed reading?" in a bookstore, not "style, area
 * or budget?"). Keyed by topic id; a topic without an entry keeps its own question.
 */
export interface Domain {
  id: string;
  match: RegExp;
  asks: Record<string, LangTexts<string>>;
}

export const DOMAINS: Domain[] = [
  {
    id: 'books',
    match: /\b(?:books?|bookstore|bookshop|reading|novels?|livr(?:o|os|aria)|leitura|libr(?:o|os|eria)|lectura|librairie|lecture|romans?)\b/,
    asks: {
      recommendation: {
        en: 'What have you enjoyed reading lately, and which genres or authors do you like?',
        pt: 'O que você gostou de ler ultimamente, e quais gêneros ou autores você curte?',
        es: '¿Qué has disfrutado leyendo últimamente, y qué géneros o autores te gustan?',
        fr: 'Qu’as-tu aimé lire dernièrement, et quels genres ou auteurs préfères-tu ?',
      },
      shopping: {
        en: 'Is it for you or a gift, and what kind of books do you (or they) enjoy?',
        pt: 'É para você ou para presente, e que tipo de livro você (ou a pessoa) curte?',
        es: '¿Es para ti o para regalar, y qué tipo de libros te (o le) gustan?',
        fr: 'C’est pour toi ou pour offrir, et quel genre de livres aimes-tu (ou aime la personne) ?',
      },
    },
  },
];

/** The domain a soul was made for, if its text names one. */
export function domainOf(soul: Soul): Domain | undefined {
  const text = fold(`${soul.name} ${soul.description} ${soul.tone}`);
  return DOMAINS.find((d) => d.match.test(text));
}
