import type { LanguageData } from './types';

/** French data of the statement memory. */
export const FR: LanguageData = {
  stemmer: 'french',
  stop: (
    'le la les l un une des du de d au aux en dans sur sous avec sans pour par chez et ou mais donc car que qu qui quoi ce cet cette ces ' +
    'je j me m moi mon ma mes tu te t toi ton ta tes il elle nous vous ils elles son sa ses notre votre nos vos leur ' +
    'est sont etait ete etre suis ai as a avons avez ont avoir quel quelle quels quelles quand ou comment combien pourquoi deja encore aussi tres plus ne pas non oui ' +
    'ici la alors c ca y'
  ).split(' '),
  firstPerson: ['je', 'j', 'me', 'm', 'moi', 'mon', 'ma', 'mes', 'nous', 'notre', 'nos'],
  questionWords: ['quel', 'quelle', 'quels', 'quelles', 'ou', 'quand', 'qui', 'comment', 'que', 'qu', 'quoi', 'combien', 'pourquoi', 'est-ce'],
  recallWords: ['dit', 'dis', 'raconte', 'souviens', 'rappelle', 'rappelles', 'sais', 'note', 'donne', 'mentionne', 'oublie', 'dire', 'déjà', 'deja', 'était', 'etait', 'c\'était', 'noté', 'avez', 'maintenant', 'truc', 'chose', 'indiqué', 'indique'],
  recallCues: [
    "je t'ai dit", 'je t ai dit', 'je vous ai dit', "j'ai dit", 'j ai dit', 'tu te souviens', 'vous vous souvenez', 'te souviens', 'rappelle-moi', 'rappelle moi', 'tu sais', "j'ai oublie",
    'ou est-ce que je', 'ou je', 'quand est-ce que je', 'quand je', 'qu est-ce que je', "qu'est-ce que je", 'quel est mon', 'quelle est ma', 'quels sont mes', 'qui est mon', 'qui est ma', 'ou est-ce que j', 'ou j',
  ],
  correctionMarkers: ['en fait', 'pardon je voulais dire', 'je voulais dire', 'pardon', 'correction', 'je me suis trompe', 'je me suis trompee', 'erreur de ma part', 'oups', 'je confonds', 'je me trompe'],
  notWords: ['pas', 'non'],
  agentQuestions: ['a qui je parle', 'a qui est-ce que je parle', 'avec qui je parle', 'qui es-tu', 'qui etes-vous', 'qui es tu', 'qui etes vous', 'comment tu t appelles', "comment tu t'appelles", "comment vous appelez-vous", 'quel est ton nom', 'quel est votre nom'],
  smallTalk: ['bonjour', 'bonsoir', 'salut', 'merci', 'ok', 'daccord', "d'accord", 'revoir', 'super', 'genial', 'oui', 'non', 'parfait', 'bien', 'haha', 'cool'],
  shift: {
    je: 'tu', "j'": 'tu ', me: 'te', "m'": "t'", moi: 'toi', mon: 'ton', ma: 'ta', mes: 'tes', nous: 'vous', notre: 'votre', nos: 'vos',
  },
  verbs: {
    suis: 'es', ai: 'as', vais: 'vas', habite: 'habites', travaille: 'travailles', aime: 'aimes', veux: 'veux', voudrais: 'voudrais', dois: 'dois', peux: 'peux',
    pars: 'pars', prends: 'prends', cherche: 'cherches', adore: 'adores', déteste: 'détestes', appelle: 'appelles', étais: 'étais', avais: 'avais', fais: 'fais',
    sais: 'sais', viens: 'viens', pense: 'penses', crois: 'crois', utilise: 'utilises', voyage: 'voyages', attends: 'attends', reçu: 'reçu', commandé: 'commandé',
  },
  synonyms: [
    ['vol', 'voler', 'avion', 'voyage', 'voyager', 'aeroport', 'pars', 'partir'],
    ['habite', 'habiter', 'vis', 'vivre', 'maison', 'domicile'],
    ['allergique', 'allergie', 'allergies'],
    ['couleur', 'couleurs'],
    ['prefere', 'preferee', 'favori', 'favorite'],
    ['commande', 'achat', 'commandé', 'achete'],
    ['livraison', 'colis', 'suivi', 'envoi'],
    ['casse', 'cassee', 'abime', 'abimee', 'dechire', 'dechiree', 'fissure'],
    ['email', 'e-mail', 'courriel', 'mail'],
    ['telephone', 'portable'],
    ['erreur', 'message', 'code'],
    ['livre', 'roman'],
    ['probleme', 'souci'],
    ['travail', 'emploi', 'entreprise', 'boulot'],
  ],
  toldYou: ['Tu m’as dit que {s}.', 'Tu m’as raconté que {s}.'],
  toldYouQuote: 'Tu m’as dit : « {q} »',
  and: 'et',
  categories: [
    { id: 'carrier', words: ['operateur', 'opérateur', 'fournisseur'], members: ['vivo', 'claro', 'tim', 'oi', 'movistar', 'orange', 'vodafone', 'verizon', 'at&t', 't-mobile', 'sfr', 'bouygues', 'free', 'digi', 'yoigo', 'jazztel', 'meo', 'nos', 'o2', 'ee', 'sprint', 'telcel', 'personal', 'entel'] },
    { id: 'job', words: ['metier', 'métier', 'profession', 'boulot', 'travail', 'emploi'], members: ['professeur', 'prof', 'medecin', 'médecin', 'infirmier', 'infirmiere', 'infirmière', 'ingenieur', 'ingénieur', 'avocat', 'avocate', 'developpeur', 'développeur', 'développeuse', 'programmeur', 'designer', 'comptable', 'cuisinier', 'cuisiniere', 'cuisinière', 'chauffeur', 'architecte', 'journaliste', 'dentiste', 'boulanger', 'boulangere', 'boulangère', 'patissier', 'pâtissier', 'pharmacien', 'pharmacienne', 'electricien', 'électricien', 'plombier', 'mecanicien', 'mécanicien', 'serveur', 'serveuse', 'etudiant', 'étudiant', 'étudiante', 'instituteur', 'institutrice'] },
    { id: 'amount', words: ['combien', 'montant', 'prix', 'total', 'coute', 'coûte', 'doivent'] },
  ],
};
