/** French lines of the topics (topics.ts): the words that name each (on accent-folded text) and the follow-up that moves it forward. */
export const FR_TOPICS: Record<string, { about: string; ask: string; match?: RegExp }> = {
  refund: { about: 'le remboursement', ask: 'Quel est le numéro de commande, et comment as-tu payé ?', match: /\b(rembours|retour|renvoyer|garantie|echange)/ },
  billing: {
    about: 'le paiement',
    ask: 'Quel moyen de paiement as-tu utilisé, et quelle est la date et le montant ?',
    match: /\b(paiement|payer|paye|facture|carte bancaire|prelev|debit)/,
  },
  cancel: {
    about: 'l’annulation',
    ask: 'Que veux-tu annuler — une commande, un abonnement ou une réservation ? Si tu l’as, envoie-moi le numéro.',
    match: /\b(annul|resili)/,
  },
  order: {
    about: 'ta commande',
    ask: 'Quel est le numéro de commande, et quand l’as-tu passée ?',
    match: /\b(commande|livraison|livre|colis|suivi|expedi|arrive|recu|reçu)/,
  },
  account: {
    about: 'l’accès à ton compte',
    ask: 'Quelle est l’adresse e-mail du compte, et que vois-tu quand tu essaies de te connecter ?',
    match: /\b(compte|mot de passe|connexion|connecter|identifiant)/,
  },
  error: {
    about: 'ce problème technique',
    ask: 'Quel est le message d’erreur exact, sur quel appareil ou quelle version, et qu’as-tu déjà essayé ?',
    match: /\b(erreur|bug|plante|ne marche pas|ne fonctionne pas|bloque|lent|casse|panne|install|mise a jour)/,
  },
  shopping: { about: 'ton achat', ask: 'À quoi va-t-il te servir au quotidien, et quel est ton budget ?', match: /\b(acheter|achat|je cherche|conseill)/ },
  price: {
    about: 'les prix et les offres',
    ask: 'Pour quel produit ou quelle offre, et pour combien de personnes ou d’unités ?',
    match: /\b(prix|tarif|combien coute|combien ca coute|devis)/,
  },
  booking: { about: 'ta réservation', ask: 'Pour quelle date et quelle heure, et pour combien de personnes ?', match: /\b(reserv|rendez-vous)/ },
  hours: {
    about: 'les horaires et l’adresse',
    ask: 'De quelle agence ou de quelle ville veux-tu savoir ?',
    match: /\b(horaire|ouvert|ferme a|adresse du magasin)/,
  },
  recommendation: {
    about: 'ta recommandation',
    ask: 'Quelle est l’occasion, et as-tu une préférence de style, de quartier ou de budget ?',
    match: /\b(recommand|suggere|suggestion|conseille-moi|tu proposes|vous proposez|que me conseill)/,
  },
  choice: {
    about: 'ta décision',
    ask: 'Qu’est-ce qui pèse le plus dans ta décision — le coût, la performance, le délai ou la facilité d’entretien ?',
    match: /\b(choisir|hesite|lequel|laquelle)/,
  },
  learning: { about: 'ce sujet', ask: 'Que sais-tu déjà là-dessus, pour partir du bon point ?', match: /\b(apprendre|comprendre|expliqu|cours)/ },
  grief: {
    about: 'ta perte',
    ask: 'Si tu veux, parle-moi un peu de cette perte — je suis là pour t’écouter.',
    match: /\b(deces|decede|mort|perdu mon|perdu ma)/,
  },
  feelings: {
    about: 'ce que tu ressens',
    ask: 'Veux-tu me raconter ce qui s’est passé pour que tu te sentes comme ça ?',
    match: /\b(triste|deprim|angoiss|stress|seul|fatigue|epuise)/,
  },
};
