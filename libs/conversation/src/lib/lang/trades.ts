import type { Lang } from '../language';

/**
 * Trades an entity may be made for, beyond the domains with hand-written follow-ups (domains.ts): the words a purpose
 * uses to name the trade, in every language ("bike shop", "oficina de bicicletas", "taller de bicis", "atelier vélo",
 * "Fahrradladen"), and what a reply must learn before it can recommend something or look into a case, as criteria
 * ("the kind of riding you do", "your budget"). The follow-up is composed from the criteria the person has not given yet
 * (criteria below: each says in the person's own words what tells it is known), so a budget said three turns back is
 * never asked again, and a trade no set names gets follow-ups that fit it.
 *
 * `words` are folded (no accents, lower case) and matched as whole words of the purpose, a trailing `*` as a prefix
 * ("bicicl*": bicicleta, bicicletas); several words must follow one another ("pet shop"). `over` names domains
 * (domains.ts ids) a trade is a kind of: a "clínica veterinária" is a vet, not a clinic for people; `within`, domains whose
 * follow-ups still fit it (a language school enrols as any school does).
 */
export interface Trade {
  id: string;
  words: string[];
  over?: string[];
  /** Domains it belongs to (domains.ts ids): their own follow-ups stay, the trade's fill in ("a language school" is a school). */
  within?: string[];
  /** What a recommendation or a purchase needs (criteria ids, most telling first). */
  choose: string[];
  /** What looking into a problem or a request needs; absent: the topic's own follow-up. */
  handle?: string[];
  /** What booking a visit or a class needs; absent: the topic's own follow-up. */
  book?: string[];
}

/** Texts per language, German included. */
export type Said = Record<Lang, string>;

/**
 * What a follow-up may ask for. `known`: folded word starts that, in the person's recent messages, show it was given
 * ("budget", "orcament", "presupuest"…); `cats`: retrieval categories (terms.ts, `cat:amount` is a sum of money);
 * `date`: a date or weekday was said; `problem`: the person already described what is wrong (a complaint or a statement
 * about the case).
 */
export interface Criterion {
  say: Said;
  known?: string[];
  cats?: string[];
  date?: boolean;
  problem?: boolean;
}

const s = (en: string, pt: string, es: string, fr: string, de: string): Said => ({ en, pt, es, fr, de });
const w = (text: string) => text.split(/\s+/).filter(Boolean);

export const CRITERIA: Record<string, Criterion> = {
  use: {
    say: s(
      'what you will mainly use it for',
      'para que você vai usar',
      'para qué lo vas a usar',
      'à quoi ça va te servir',
      'wofür du es hauptsächlich brauchst',
    ),
    known: w('work school gaming editing travel commut trabalh estud jogos trabaj estudi juegos travail etudes jeux arbeit studium spiele'),
  },
  budget: {
    say: s('your budget', 'seu orçamento', 'tu presupuesto', 'ton budget', 'dein Budget'),
    known: w('budget orcament presupuest spend gastar depenser ausgeben'),
    cats: ['cat:amount'],
  },
  riding: {
    say: s(
      'the kind of riding you do (commuting, road or trails)',
      'que tipo de pedal você faz (cidade, estrada ou trilha)',
      'qué tipo de uso le vas a dar (ciudad, carretera o montaña)',
      'le type de trajets (ville, route ou chemins)',
      'wo du hauptsächlich fährst (Stadt, Straße oder Gelände)',
    ),
    known: w(
      'commut work boulot travail trabalho trabajo arbeit pendeln trail road city mountain cidade estrada trilha ciudad carretera montan ville route chemin velotaf stadt strasse gelande',
    ),
  },
  height: {
    say: s('your height', 'sua altura', 'tu altura', 'ta taille', 'deine Körpergröße'),
    known: w('tall height altura mido mesur groß gross cm'),
  },
  bike: {
    say: s(
      'which bike it is (make and model)',
      'qual é a bicicleta (marca e modelo)',
      'qué bicicleta es (marca y modelo)',
      'de quel vélo il s’agit (marque et modèle)',
      'um welches Rad es geht (Marke und Modell)',
    ),
    cats: ['cat:vehicle'],
  },
  problem: {
    say: s(
      'what exactly is happening',
      'o que exatamente está acontecendo',
      'qué está pasando exactamente',
      'ce qui se passe exactement',
      'was genau passiert',
    ),
    problem: true,
  },
  since: {
    say: s('since when', 'desde quando', 'desde cuándo', 'depuis quand', 'seit wann'),
    known: w('since desde depuis seit ago yesterday ontem ayer hier gestern'),
    date: true,
  },
  animal: {
    say: s(
      'which animal it is (species, breed and age)',
      'qual é o animal (espécie, raça e idade)',
      'qué animal es (especie, raza y edad)',
      'de quel animal il s’agit (espèce, race et âge)',
      'um welches Tier es geht (Art, Rasse und Alter)',
    ),
    cats: ['cat:pet', 'cat:breed'],
  },
  symptoms: {
    say: s(
      'what symptoms you have noticed',
      'quais sintomas você notou',
      'qué síntomas has notado',
      'quels symptômes tu as remarqués',
      'welche Symptome dir aufgefallen sind',
    ),
    problem: true,
  },
  level: {
    say: s('your current level', 'seu nível atual', 'tu nivel actual', 'ton niveau actuel', 'dein aktuelles Niveau'),
    known: w(
      'level nivel niveau beginner intermediate advanced iniciante intermediari avancad principiante intermedi avanzad debutant avance anfanger fortgeschritten a1 a2 b1 b2 c1 c2',
    ),
  },
  purposeLang: {
    say: s(
      'what you need it for (work, travel or an exam)',
      'para que você precisa (trabalho, viagem ou prova)',
      'para qué lo necesitas (trabajo, viajes o un examen)',
      'pour quoi tu en as besoin (travail, voyage ou examen)',
      'wofür du es brauchst (Arbeit, Reisen oder eine Prüfung)',
    ),
    known: w(
      'work job travel trip exam interview ielts toefl cambridge trabalh viag prova entrevista trabaj viaj examen travail voyage entretien arbeit reise prufung',
    ),
  },
  weekly: {
    say: s(
      'how much time you have each week',
      'quanto tempo você tem por semana',
      'cuánto tiempo tienes a la semana',
      'combien de temps tu as par semaine',
      'wie viel Zeit du pro Woche hast',
    ),
    known: w('week semana semaine woche hours horas heures stunden'),
  },
  policy: {
    say: s('your policy number', 'o número da sua apólice', 'tu número de póliza', 'ton numéro de contrat', 'deine Versicherungsnummer'),
    known: w('policy apolice poliza contrat versicherungsnummer'),
    cats: ['cat:code'],
  },
  happened: {
    say: s('what happened and when', 'o que aconteceu e quando', 'qué pasó y cuándo', 'ce qui s’est passé et quand', 'was passiert ist und wann'),
    problem: true,
  },
  cover: {
    say: s('what you want to insure', 'o que você quer proteger', 'qué quieres asegurar', 'ce que tu veux assurer', 'was du absichern möchtest'),
    known: w(
      'drive motorista conductor conducteur fahrer car home house flat travel health pet carro casa apartament viag saude coche hogar piso salud voiture maison logement sante auto wohnung haus reise',
    ),
  },
  goal: {
    say: s(
      'your goal (strength, losing weight or endurance)',
      'seu objetivo (força, emagrecer ou resistência)',
      'tu objetivo (fuerza, perder peso o resistencia)',
      'ton objectif (force, perte de poids ou endurance)',
      'dein Ziel (Kraft, Abnehmen oder Ausdauer)',
    ),
    known: w('goal objetiv objectif ziel strength weight endurance marathon forca emagrec resistenc fuerza peso force poids kraft abnehm ausdauer'),
  },
  days: {
    say: s(
      'how many days a week you can train',
      'quantos dias por semana você pode treinar',
      'cuántos días a la semana puedes entrenar',
      'combien de jours par semaine tu peux t’entraîner',
      'an wie vielen Tagen pro Woche du trainieren kannst',
    ),
    known: w('week semana semaine woche times vezes veces fois'),
  },
  injuries: {
    say: s('any injuries', 'se tem alguma lesão', 'si tienes alguna lesión', 'si tu as des blessures', 'ob du Verletzungen hast'),
    known: w('injur lesao lesion blessure verletz knee joelho rodilla genou knie costas espalda rucken'),
  },
  dish: {
    say: s(
      'the dish it goes with',
      'o prato que vai acompanhar',
      'el plato con el que lo vas a tomar',
      'le plat qu’il accompagnera',
      'zu welchem Gericht er passen soll',
    ),
    known: w(
      'dish dinner fish meat cheese pasta steak prato jantar peixe carne queijo massa plato cena pescado queso plat diner poisson viande fromage gericht essen fisch fleisch kase',
    ),
  },
  matters: {
    say: s(
      'what matters most to you',
      'o que é mais importante para você',
      'qué es lo que más te importa',
      'ce qui compte le plus pour toi',
      'was dir am wichtigsten ist',
    ),
    known: w('important importa compte wichtig matters'),
  },
  taste: {
    say: s(
      'the styles you usually like',
      'os estilos de que você costuma gostar',
      'los estilos que sueles preferir',
      'les styles que tu aimes d’habitude',
      'welche Richtung du sonst magst',
    ),
    known: w('love prefer favourite favorite adoro prefir favorit encanta prefier adore prefere liebe lieblings'),
  },
  spot: {
    say: s(
      'where it will grow (sun or shade, pot or ground)',
      'onde vai ficar (sol ou sombra, vaso ou canteiro)',
      'dónde va a estar (sol o sombra, maceta o tierra)',
      'où ça va pousser (soleil ou ombre, pot ou pleine terre)',
      'wo es wachsen soll (Sonne oder Schatten, Topf oder Beet)',
    ),
    known: w('sun shade pot balcony garden sol sombra vaso varanda canteiro maceta balcon terraza soleil ombre jardin sonne schatten topf balkon beet'),
  },
  prescription: {
    say: s('your prescription', 'o seu grau (receita)', 'tu graduación', 'ta correction', 'deine Sehstärke'),
    known: w('prescription receita grau graduacion correction dioptr myopi miopi'),
  },
  eyes: {
    say: s(
      'what you use them for most (screens, driving or reading)',
      'para que você mais usa (tela, direção ou leitura)',
      'para qué las usas más (pantallas, conducir o leer)',
      'à quoi elles servent le plus (écrans, conduite ou lecture)',
      'wofür du sie am meisten brauchst (Bildschirm, Autofahren oder Lesen)',
    ),
    known: w('screen driving reading tela dirigir leitura pantalla conducir leer ecran conduite lecture bildschirm autofahr lesen'),
  },
  people: {
    say: s('for how many people', 'para quantas pessoas', 'para cuántas personas', 'pour combien de personnes', 'für wie viele Personen'),
    known: w(
      'people persons guests adults kids pessoas hospedes adultos criancas personas huespedes ninos personnes adultes enfants personen gaste erwachsene kinder',
    ),
  },
  dates: {
    say: s('the dates', 'as datas', 'las fechas', 'les dates', 'den Zeitraum'),
    date: true,
  },
  daytime: {
    say: s(
      'which day and time suit you',
      'qual dia e horário ficam bons para você',
      'qué día y hora te vienen bien',
      'quel jour et quelle heure te conviennent',
      'welcher Tag und welche Uhrzeit dir passen',
    ),
    date: true,
  },
  age: {
    say: s('their age', 'a idade', 'la edad', 'l’âge', 'das Alter'),
    known: w('years anos idade edad ans jahre'),
  },
  interests: {
    say: s('what they are into', 'do que a pessoa gosta', 'qué le gusta', 'ce qu’il ou elle aime', 'wofür er oder sie sich begeistert'),
    known: w('likes loves into gosta adora curte gusta encanta aime adore mag liebt'),
  },
  occasion: {
    say: s('the occasion', 'a ocasião', 'la ocasión', 'l’occasion', 'den Anlass'),
    known: w(
      'birthday anniversary wedding gift present party aniversari casament presente festa cumplean boda regalo fiesta anniversaire mariage cadeau fete geburtstag hochzeit geschenk feier',
    ),
  },
  allergies: {
    say: s('any allergies', 'alguma alergia', 'alguna alergia', 'd’éventuelles allergies', 'eventuelle Allergien'),
    known: w('allerg alerg gluten lactos vegan vegetar celiac celiaq'),
    cats: ['cat:diet'],
  },
  size: {
    say: s('your size', 'seu tamanho', 'tu talla', 'ta taille', 'deine Größe'),
    known: w('size tamanho talla taille grosse'),
  },
  style: {
    say: s('the style you like', 'o estilo de que você gosta', 'el estilo que te gusta', 'le style que tu aimes', 'welchen Stil du magst'),
    known: w('style estilo stil casual classic classico clasico classique klassisch sporty esportivo deportivo sportif sportlich'),
  },
  room: {
    say: s('the room and its measurements', 'o ambiente e as medidas', 'el espacio y sus medidas', 'la pièce et ses dimensions', 'den Raum und seine Maße'),
    known: w('room living bedroom kitchen office sala quarto cozinha escritorio salon dormitorio cocina chambre cuisine bureau zimmer kuche buro cm m2'),
  },
  hairSkin: {
    say: s(
      'your hair or skin type',
      'seu tipo de cabelo ou de pele',
      'tu tipo de pelo o de piel',
      'ton type de cheveux ou de peau',
      'deinen Haar- oder Hauttyp',
    ),
    known: w(
      'hair skin curly straight oily dry cabelo pele cacheado liso oleos seco pelo piel rizado graso cheveux peau boucl raide gras sec haar haut lock fettig trocken',
    ),
  },
  service: {
    say: s('which service you would like', 'qual serviço você quer', 'qué servicio quieres', 'quelle prestation tu souhaites', 'welche Leistung du möchtest'),
    known: w(
      'cut colour color trim shave manicure massage corte cor escova barba manicure massagem tinte afeitado masaje coupe couleur coloration barbe massage schnitt farbe rasur massage',
    ),
  },
  area: {
    say: s('the area', 'a região', 'la zona', 'le quartier', 'die Gegend'),
    known: w('area neighbourhood neighborhood regiao bairro zona barrio quartier secteur gegend viertel'),
    cats: ['cat:city'],
  },
  bedrooms: {
    say: s('how many bedrooms', 'quantos quartos', 'cuántas habitaciones', 'combien de chambres', 'wie viele Zimmer'),
    known: w('bedroom quarto habitacion dormitorio chambre zimmer t2 t3 studio'),
  },
  rentBuy: {
    say: s(
      'whether you want to rent or buy',
      'se é para alugar ou comprar',
      'si es para alquilar o comprar',
      'si c’est pour louer ou acheter',
      'ob du mieten oder kaufen möchtest',
    ),
    known: w('rent buy alug compr alquil louer location acheter achat miet kauf'),
  },
  car: {
    say: s(
      'which car it is (make, model and year)',
      'qual é o carro (marca, modelo e ano)',
      'qué coche es (marca, modelo y año)',
      'de quelle voiture il s’agit (marque, modèle et année)',
      'um welches Auto es geht (Marke, Modell und Baujahr)',
    ),
    cats: ['cat:vehicle'],
  },
  signs: {
    say: s(
      'what you notice (a noise, a warning light, a leak)',
      'o que você percebe (barulho, luz no painel, vazamento)',
      'qué notas (un ruido, un testigo encendido, una fuga)',
      'ce que tu remarques (un bruit, un voyant, une fuite)',
      'was dir auffällt (ein Geräusch, eine Warnleuchte, ein Leck)',
    ),
    problem: true,
  },
  fix: {
    say: s(
      'what needs fixing and where',
      'o que precisa de conserto e onde',
      'qué hay que reparar y dónde',
      'ce qu’il faut réparer et où',
      'was repariert werden muss und wo',
    ),
    problem: true,
  },
  urgent: {
    say: s(
      'whether anything is leaking or unsafe right now',
      'se há algo vazando ou perigoso agora',
      'si algo pierde agua o es peligroso ahora mismo',
      'si quelque chose fuit ou est dangereux en ce moment',
      'ob gerade etwas undicht oder gefährlich ist',
    ),
    known: w('leak vaza pierde fuite undicht danger perig peligr gefahr safe'),
  },
  ingredients: {
    say: s('which ingredients you have', 'quais ingredientes você tem', 'qué ingredientes tienes', 'quels ingrédients tu as', 'welche Zutaten du hast'),
    known: w('ingredient frango chicken pollo poulet huhn rice arroz reis eggs ovos huevos oeufs eier'),
  },
  time: {
    say: s('how much time you have', 'quanto tempo você tem', 'cuánto tiempo tienes', 'combien de temps tu as', 'wie viel Zeit du hast'),
    known: w('minutes minutos minutes minuten hour hora heure stunde quick rapid vite schnell'),
  },
  diet: {
    say: s('any diet or allergies', 'alguma dieta ou alergia', 'alguna dieta o alergia', 'un régime ou des allergies', 'eine Diät oder Allergien'),
    known: w('allerg alerg gluten lactos vegan vegetar diet dieta regime diat'),
    cats: ['cat:diet'],
  },
  sport: {
    say: s(
      'which sport and how often you practise',
      'qual esporte e com que frequência você pratica',
      'qué deporte y con qué frecuencia lo practicas',
      'quel sport et à quelle fréquence tu le pratiques',
      'welchen Sport und wie oft du ihn machst',
    ),
    cats: ['cat:hobby', 'cat:race'],
  },
  instrument: {
    say: s('the instrument', 'o instrumento', 'el instrumento', 'l’instrument', 'das Instrument'),
    cats: ['cat:instrument'],
  },
  learner: {
    say: s(
      "the student's age and level",
      'a idade e o nível do aluno',
      'la edad y el nivel del alumno',
      'l’âge et le niveau de l’élève',
      'Alter und Niveau der Person, die lernt',
    ),
    known: w('years old anos anos ans jahre beginner iniciante principiante debutant anfanger level nivel niveau'),
  },
  device: {
    say: s(
      'which device it is (make and model)',
      'qual é o aparelho (marca e modelo)',
      'qué aparato es (marca y modelo)',
      'de quel appareil il s’agit (marque et modèle)',
      'um welches Gerät es geht (Marke und Modell)',
    ),
    cats: ['cat:phone', 'cat:computer', 'cat:printer', 'cat:router', 'cat:os'],
  },
};

export const TRADES: readonly Trade[] = [
  {
    id: 'vet',
    over: ['health'],
    words: w('vet vets veterinary veterinarian veterinari* vetclinic veterinaire* tierarzt* tierklinik* tierarztpraxis'),
    choose: ['animal', 'budget'],
    handle: ['animal', 'symptoms', 'since'],
    book: ['animal', 'daytime'],
  },
  {
    id: 'pets',
    words: w('pet pets petshop animalerie zoohandlung racao racoes pienso piensos croquettes tierbedarf grooming toilettage').concat([
      'pet shop',
      'pet store',
      'banho e tosa',
      'tienda de mascotas',
      'mascotas',
    ]),
    choose: ['animal', 'budget'],
    book: ['animal', 'daytime'],
  },
  {
    id: 'bikes',
    words: w('bike bikes bicycle* cycling cyclist* e-bike* ebike* bicicl* bici bicis ciclismo velo velos fahrrad* radladen radsport'),
    choose: ['riding', 'height', 'budget'],
    handle: ['bike', 'problem'],
    book: ['bike', 'daytime'],
  },
  {
    id: 'language',
    within: ['education'],
    words: w('idioma idiomas langue langues sprachkurs* sprachschule sprachlehrer* fremdsprache*').concat([
      'language tutor',
      'language school',
      'language teacher',
      'language app',
      'english tutor',
      'english teacher',
      'spanish tutor',
      'french tutor',
      'tutor de ingles',
      'tutora de ingles',
      'tutor de espanol',
      'professor de ingles',
      'professora de ingles',
      'aulas de ingles',
      'clases de ingles',
      'cours d anglais',
      'cours de langue',
      'tuteur de langue',
      'tuteur de langues',
      'tutrice d anglais',
      'englischlehrer',
    ]),
    choose: ['level', 'purposeLang', 'weekly'],
    handle: ['level', 'purposeLang'],
    book: ['level', 'daytime'],
  },
  {
    id: 'insurance',
    words: w('insurance insurer insurers seguros seguradora aseguradora assurance assurances assureur mutuelle versicherung* siniestro* sinistro*').concat([
      'seguro de',
      'seguro do',
      'seguro auto',
      'seguro hogar',
    ]),
    choose: ['cover', 'budget'],
    handle: ['policy', 'happened'],
  },
  {
    id: 'fitness',
    words: w(
      'gym gyms fitness academia gimnasio fitnessstudio crossfit pilates yoga coach coaching trainer entrenador treinador runner runners corrida maratona maraton marathon laufen laufer',
    ).concat([
      // "running" alone is any business's verb ("a pottery studio running wheel-throwing classes"): only as a sport.
      'run club',
      'running club',
      'running group',
      'running coach',
      'running plan',
      'trail running',
      'course a pied',
      'half marathon',
      'personal trainer',
      'salle de sport',
    ]),
    choose: ['goal', 'days', 'injuries'],
    book: ['goal', 'daytime'],
  },
  {
    // Craft studios that teach and book places in classes (pottery, painting, woodwork, sewing): a class wants the level, how
    // many come and when; not a gym's goal.
    id: 'crafts',
    words: w(
      'pottery potter ceramics ceramic ceramica ceramicas ceramique ceramiques keramik topferei topfer topferkurs* woodworking marcenaria ebanisteria ebenisterie schreinerkurs* knitting sewing costura tricot couture nahkurs* malkurs* malschule',
    ).concat([
      'art class',
      'art school',
      'art studio',
      'painting class',
      'aulas de pintura',
      'aula de pintura',
      'clases de pintura',
      'taller de pintura',
      'cours de peinture',
      'atelier de peinture',
    ]),
    choose: ['level', 'budget'],
    book: ['level', 'people', 'daytime'],
  },
  {
    id: 'wine',
    words: w('wine wines winery vinho vinhos adega vino vinos vinoteca bodega vin vins caviste cave sommelier wein weine weinhandlung'),
    choose: ['dish', 'taste', 'budget'],
  },
  {
    id: 'garden',
    words: w(
      'garden gardening gardener plant plants houseplant* nursery jardim jardinagem horta hortas planta plantas jardin jardineria huerto huertos jardinage potager plante plantes garten gartnerei pflanze pflanzen zimmerpflanze*',
    ),
    choose: ['spot', 'area'],
    handle: ['spot', 'problem'],
  },
  {
    id: 'optician',
    over: ['health'],
    words: w('optician opticians optical optometrist eyewear glasses otica optica opticas oculos gafas lentillas opticien opticienne lunettes optiker brillen'),
    choose: ['prescription', 'eyes', 'budget'],
    handle: ['problem'],
    book: ['daytime'],
  },
  {
    id: 'carRental',
    over: ['travel'],
    words: w('rent-a-car autovermietung mietwagen locadora').concat([
      'car rental',
      'car hire',
      'rental car',
      'alquiler de coches',
      'alquiler de autos',
      'aluguel de carros',
      'aluguel de carro',
      'location de voitures',
      'location de voiture',
    ]),
    choose: ['people', 'dates', 'budget'],
  },
  {
    id: 'music',
    within: ['education'],
    words: w('conservatorio conservatoire musikschule instrument instruments').concat([
      'music school',
      'music lessons',
      'escola de musica',
      'escuela de musica',
      'ecole de musique',
      'cours de musique',
      'aulas de musica',
      'clases de musica',
    ]),
    choose: ['instrument', 'learner', 'budget'],
    book: ['instrument', 'learner', 'daytime'],
  },
  {
    id: 'electronics',
    words: w('electronics gadgets eletronicos electronica electronique elektronik informatica informatique laptops smartphones').concat([
      'phone shop',
      'computer store',
      'tech store',
    ]),
    choose: ['use', 'budget'],
    handle: ['device', 'problem'],
  },
  {
    id: 'fashion',
    words: w('clothing clothes fashion apparel shoes sneakers roupa roupas moda calcados ropa zapatos zapatillas vetements chaussures kleidung schuhe'),
    choose: ['occasion', 'style', 'size'],
  },
  {
    id: 'furniture',
    words: w('furniture furnishings moveis decoracao muebles decoracion meubles ameublement mobel einrichtung').concat(['home decor', 'home goods']),
    choose: ['room', 'style', 'budget'],
  },
  {
    id: 'beauty',
    words: w(
      'salon salons hairdresser hairdressers barber barbers barbershop beauty cosmetics skincare salao cabeleireiro* barbearia beleza cosmeticos peluqueria barberia belleza cosmetica coiffeur coiffeuse coiffure esthetique cosmetiques friseur kosmetik spa',
    ),
    choose: ['hairSkin', 'budget'],
    book: ['service', 'daytime'],
  },
  {
    id: 'realEstate',
    words: w('realtor realtors imobiliaria imoveis inmobiliaria inmuebles immobilier immobiliere immobilien makler').concat([
      'real estate',
      'estate agent',
      'estate agency',
      'letting agent',
    ]),
    choose: ['rentBuy', 'area', 'bedrooms', 'budget'],
    book: ['daytime'],
  },
  {
    id: 'bakery',
    words: w('bakery bakeries patisserie cakes padaria confeitaria panaderia pasteleria reposteria boulangerie patisserie backerei konditorei'),
    choose: ['occasion', 'people', 'allergies'],
  },
  {
    id: 'toys',
    words: w('toys toy brinquedos brinquedo juguetes juguete jouets jouet spielwaren spielzeug').concat(['toy store', 'toy shop']),
    choose: ['age', 'interests', 'budget'],
  },
  {
    id: 'florist',
    words: w('florist florists flowers floricultura flores floristeria fleuriste fleurs blumen blumenladen'),
    choose: ['occasion', 'taste', 'budget'],
  },
  {
    id: 'garage',
    words: w('mechanic mechanics garage autowerkstatt kfz-werkstatt garagiste').concat([
      'car repair',
      'auto repair',
      'oficina mecanica',
      'taller mecanico',
      'taller de coches',
      'reparation automobile',
    ]),
    choose: ['car', 'budget'],
    handle: ['car', 'signs', 'since'],
    book: ['car', 'daytime'],
  },
  {
    id: 'homeRepair',
    words: w(
      'plumber plumbers plumbing electrician handyman encanador eletricista fontanero fontaneria electricista plombier plomberie electricien klempner elektriker handwerker',
    ).concat(['home repair', 'home repairs', 'reparos residenciais', 'reparaciones del hogar', 'depannage']),
    choose: ['fix', 'budget'],
    handle: ['fix', 'urgent', 'since'],
    book: ['fix', 'daytime'],
  },
  {
    id: 'cooking',
    words: w('recipes recipe cooking culinaria cozinha cocina recetas cuisine recettes kochen rezepte chef'),
    choose: ['ingredients', 'time', 'diet'],
  },
  {
    id: 'accounting',
    words: w(
      'accountant* accountancy accounting bookkeep* tax taxes finance finances financas finanzas finanzen contador contadora contabilidade contabilidad contable gestoria comptable* comptabilite expert-comptable steuerberat* buchhaltung',
    ).concat(['asesoria fiscal']),
    choose: [],
    book: ['daytime'],
  },
  {
    id: 'moving',
    words: w('removals removal movers mudanca mudancas mudanza mudanzas demenagement* demenageur* umzug* umzugsfirma').concat([
      'moving company',
      'house moving',
    ]),
    choose: ['bedrooms', 'dates'],
    book: ['dates'],
  },
  {
    id: 'drivingSchool',
    within: ['education'],
    words: w('autoescola autoescuela fahrschule* fahrstunde*').concat([
      'driving school',
      'driving lessons',
      'driving instructor',
      'auto-ecole',
      'auto ecole',
      'escola de conducao',
      'clases de conducir',
    ]),
    choose: [],
    book: ['daytime'],
  },
  {
    // A restaurant recommends as the topic already does (the occasion, the cuisine, how many people).
    id: 'restaurant',
    words: w('restaurant restaurante ristorante trattoria pizzeria bistro brasserie taberna tasca churrascaria gaststatte wirtshaus'),
    choose: [],
  },
  {
    id: 'lodging',
    within: ['hotel'],
    words: w('ferienwohnung* ferienhaus* gite gites chale chales').concat([
      'vacation rental',
      'holiday let',
      'holiday cottage',
      'casa rural',
      'casas rurales',
      'apartamento turistico',
      'location de vacances',
      'casa de temporada',
    ]),
    choose: ['people', 'dates'],
    book: ['people', 'dates'],
  },
  {
    id: 'sports',
    words: w('sportswear deportes sportgeschaft').concat([
      'sports store',
      'sports shop',
      'sporting goods',
      'artigos esportivos',
      'articulos deportivos',
      'articles de sport',
    ]),
    choose: ['sport', 'level', 'budget'],
  },
];

/**
 * A purpose that names a business the trades above do not list ("customer care for Loomcraft, a yarn shop"): its
 * recommendations ask what any shop would, never a restaurant's "occasion, area or budget".
 */
export const BUSINESS_WORDS: string[] = w(
  'customer customers client clients clientes shop shops store stores boutique loja lojas tienda tiendas magasin laden geschaft kundenservice kunden atendimento atencion sac',
).concat(['service client', 'service clients', 'online store', 'online shop']);

export const GENERIC_TRADE: Trade = { id: 'business', words: [], choose: ['use', 'matters', 'budget'] };

/** How a follow-up made of criteria opens: `{c}` is the list of what is still needed ("your height and your budget"). */
export const CRITERIA_ASKS: Record<'choose' | 'handle' | 'book', Said> = {
  choose: s(
    'To suggest something that suits you, could you tell me {c}?',
    'Para eu indicar algo que combine com você, pode me contar {c}?',
    'Para recomendarte algo que te vaya bien, ¿me cuentas {c}?',
    'Pour te conseiller quelque chose qui te convienne, peux-tu me dire {c} ?',
    'Damit ich dir etwas Passendes empfehlen kann: Verrätst du mir {c}?',
  ),
  handle: s(
    'So I can look into it, could you tell me {c}?',
    'Para eu verificar, pode me contar {c}?',
    'Para revisarlo, ¿me cuentas {c}?',
    'Pour que je regarde ça, peux-tu me dire {c} ?',
    'Damit ich mir das ansehen kann: Sagst du mir {c}?',
  ),
  book: s(
    'To book it, could you tell me {c}?',
    'Para eu agendar, pode me dizer {c}?',
    'Para reservarlo, ¿me dices {c}?',
    'Pour réserver, peux-tu me dire {c} ?',
    'Für die Buchung: Sagst du mir {c}?',
  ),
};

/** Said when everything a follow-up would ask for is known already. */
export const CRITERIA_DONE: Said = s(
  'Thanks, that is what I needed. Is there anything else I should know?',
  'Obrigado, era o que eu precisava. Tem mais alguma coisa que eu deva saber?',
  'Gracias, es justo lo que necesitaba. ¿Hay algo más que deba saber?',
  'Merci, c’est ce qu’il me fallait. Y a-t-il autre chose que je devrais savoir ?',
  'Danke, genau das brauchte ich. Gibt es noch etwas, das ich wissen sollte?',
);

/**
 * What an entity of a trade says when asked for advice: tips that name the trade's things ("a hydration mask and a
 * leave-in cream", "packing paper and bubble wrap"), each with the word starts of the questions it answers (folded, any
 * language; five letters or more match any word they start). The best match answers; a request for a recommendation
 * that matches none gets the trade's `general` tip, if it has one. Keyed by trade or domain id.
 */
export interface Tip {
  about: string[];
  say: Said;
  /** Said for any request for advice that no tip's words answer. */
  general?: boolean;
}

export const TIPS: Record<string, Tip[]> = {
  fitness: [
    {
      about: w('rest descanso descans repos ruhetag ruhetage pause recover recuper erhol off'),
      say: s(
        'On rest days, light movement helps: an easy walk, gentle cycling or a swim, stretching, mobility work or a foam roller.',
        'Nos dias de descanso, movimento leve ajuda: uma caminhada tranquila, pedalar ou nadar de leve, alongamento, mobilidade ou rolo de liberação.',
        'En los días de descanso ayuda moverse suave: un paseo, bici o natación tranquilas, estiramientos, movilidad o rodillo de espuma.',
        'Les jours de repos, bouger doucement aide : une marche, un peu de vélo ou de natation, des étirements, de la mobilité ou un rouleau de massage.',
        'An Ruhetagen hilft leichte Bewegung: ein Spaziergang, lockeres Radfahren oder Schwimmen, Dehnen, Mobilität oder die Faszienrolle.',
      ),
    },
    {
      about: w('often frequen vezes veces fois days dias semana week semaine woche wie oft'),
      say: s(
        'For most people 3 or 4 sessions a week work well, with a rest day after the hardest ones.',
        'Para a maioria das pessoas, 3 ou 4 treinos por semana funcionam bem, com um dia de descanso depois dos mais puxados.',
        'A la mayoría le van bien 3 o 4 sesiones a la semana, con un día de descanso después de las más duras.',
        'Pour la plupart des gens, 3 ou 4 séances par semaine fonctionnent bien, avec un jour de repos après les plus dures.',
        'Für die meisten passen 3 oder 4 Einheiten pro Woche, mit einem Ruhetag nach den härtesten.',
      ),
    },
    {
      about: w(
        'start begin beginner comecar comeco inician empezar principiant commencer debut debutant anfang anfanger einsteiger first primeira primera premiere',
      ),
      say: s(
        'To start, gentle classes are best: hatha or yin yoga, or a beginners’ session, at your own pace.',
        'Para começar, aulas suaves são as melhores: hatha ou yin yoga, ou uma turma para iniciantes, no seu ritmo.',
        'Para empezar, lo mejor son clases suaves: hatha o yin yoga, o una clase de iniciación para principiantes, a tu ritmo.',
        'Pour commencer, les cours doux sont les meilleurs : hatha ou yin yoga, ou une séance débutants, à ton rythme.',
        'Zum Einstieg sind sanfte Kurse am besten: Hatha oder Yin Yoga oder eine Anfängerstunde, in deinem Tempo.',
      ),
    },
    {
      about: w('knee joelho rodilla genou knie heal heals healing surgery operation cirurgia cirugia operacion chirurgie recovery'),
      say: s(
        'While an injury heals, keep training what does not hurt — upper body, core and mobility work, or a gentle class — and ask a trainer or your physio to adapt the plan.',
        'Enquanto a lesão se recupera, treine o que não dói — parte superior do corpo, core e mobilidade, ou uma aula leve — e peça a um treinador ou ao seu fisioterapeuta para adaptar o plano.',
        'Mientras se recupera la lesión, entrena lo que no duele — tren superior, core y movilidad, o una clase suave — y pide a un entrenador o a tu fisio que adapte el plan.',
        'Pendant que la blessure guérit, entraîne ce qui ne fait pas mal — le haut du corps, le gainage et la mobilité, ou un cours doux — et demande à un coach ou à ton kiné d’adapter le programme.',
        'Solange die Verletzung heilt, trainiere, was nicht weh tut — Oberkörper, Rumpf und Mobilität oder einen sanften Kurs — und lass Trainer oder Physio den Plan anpassen.',
      ),
    },
    {
      about: w('pain hurt hurts sore injur dor doi dolor duele douleur mal schmerz weh verletz espalda costas back dos rucken'),
      say: s(
        'If something hurts, ease off: at home, gentle stretching, slow breathing and a relaxed posture help, and if it does not settle, see a physio or a doctor.',
        'Se algo doer, pegue leve: em casa, alongamento suave, respiração lenta e uma postura relaxada ajudam; se não passar, procure um fisioterapeuta ou médico.',
        'Si algo te duele, baja el ritmo: en casa ayudan los estiramientos suaves, la respiración lenta y una postura relajada; si no se pasa, consulta a un fisio o al médico.',
        'Si quelque chose fait mal, lève le pied : à la maison, des étirements doux, une respiration lente et une posture détendue aident ; si ça ne passe pas, vois un kiné ou un médecin.',
        'Wenn etwas weh tut, mach langsamer: Zu Hause helfen sanftes Dehnen, ruhiges Atmen und eine entspannte Haltung; wenn es nicht besser wird, geh zur Physio oder zum Arzt.',
      ),
    },
  ],
  accounting: [
    {
      about: w(
        'bring take documents document papers paperwork levar trazer documentos traer llevar apporter papiers mitbringen unterlagen receipts recibos justificatifs belege',
      ),
      say: s(
        'Usually: your income records (payslips, P60 or invoices), bank statements, receipts for your expenses and your tax reference number.',
        'Normalmente: comprovantes de renda (holerites ou notas fiscais), extratos bancários, recibos das despesas e o seu número de contribuinte.',
        'Normalmente: justificantes de ingresos (nóminas o facturas), extractos bancarios, recibos de gastos y tu número de identificación fiscal.',
        'En général : tes justificatifs de revenus (fiches de paie ou factures), tes relevés bancaires, les reçus de tes dépenses et ton numéro fiscal.',
        'In der Regel: Einkommensnachweise (Lohnabrechnungen oder Rechnungen), Kontoauszüge, Belege für Ausgaben und deine Steuernummer.',
      ),
    },
  ],
  moving: [
    {
      about: w(
        'break broken fragile dishes glass crockery pack packing quebr louca embal vajilla romp cristal vaisselle casse emballer verre geschirr zerbrech packen glaser',
      ),
      say: s(
        'For fragile things: wrap each piece in packing paper or bubble wrap, use small sturdy boxes, fill the gaps and mark them FRAGILE.',
        'Para o que é frágil: embrulhe cada peça em papel de embalagem ou plástico-bolha, use caixas pequenas e firmes, preencha os espaços e marque FRÁGIL.',
        'Para lo frágil: envuelve cada pieza en papel de embalar o plástico de burbujas, usa cajas pequeñas y resistentes, rellena los huecos y márcalas como FRÁGIL.',
        'Pour le fragile : emballe chaque pièce dans du papier d’emballage ou du papier bulle, utilise de petits cartons solides, comble les vides et note FRAGILE.',
        'Für Zerbrechliches: jedes Teil in Packpapier oder Luftpolsterfolie wickeln, kleine stabile Kartons nehmen, Lücken füllen und ZERBRECHLICH draufschreiben.',
      ),
    },
  ],
  drivingSchool: [
    {
      about: w('motorway highway merge merging autobahn einfadeln auffahrt autopista incorpor autoestrada rodovia autoroute insertion'),
      say: s(
        'On the slip road: check your mirrors and do a shoulder check, signal early, speed up to the traffic’s pace and merge into a gap — never stop at the end.',
        'Na entrada da rodovia: olhe os espelhos e por cima do ombro, dê seta cedo, acelere até a velocidade do trânsito e entre num espaço livre — nunca pare no fim da faixa.',
        'En el carril de aceleración: mira los espejos y por encima del hombro, pon el intermitente pronto, acelera hasta el ritmo del tráfico y entra en un hueco — nunca pares al final.',
        'Sur la voie d’insertion : regarde tes rétroviseurs et par-dessus l’épaule, mets le clignotant tôt, accélère à la vitesse du trafic et glisse-toi dans un espace — ne t’arrête jamais au bout.',
        'Auf dem Beschleunigungsstreifen: Spiegel und Schulterblick, früh blinken, auf das Tempo des Verkehrs beschleunigen und in eine Lücke einfädeln — nie am Ende anhalten.',
      ),
    },
    {
      about: w('exam test prova examen prufung nervous nervos nerveux aufgeregt'),
      say: s(
        'Before the test: practise the manoeuvres, keep checking your mirrors, and ask your instructor for a mock test.',
        'Antes da prova: treine as manobras, não esqueça os espelhos e peça um simulado ao seu instrutor.',
        'Antes del examen: practica las maniobras, no dejes de mirar los espejos y pide a tu profesor un simulacro.',
        'Avant l’examen : entraîne-toi aux manœuvres, pense aux rétroviseurs et demande un examen blanc à ton moniteur.',
        'Vor der Prüfung: Manöver üben, immer an die Spiegel denken und beim Fahrlehrer eine Probeprüfung machen.',
      ),
    },
  ],
  garden: [
    {
      about: w('shade shady schatt sombra ombre ombra soil boden solo suelo terre lehm clay argil arcill barro sun sonne soleil drain'),
      say: s(
        'Lavender, roses and most flowering plants want sun and well-drained soil; in shade or heavy clay, mix in sand or gravel for drainage, or choose shade plants such as hostas and ferns.',
        'Lavanda, rosas e a maioria das floríferas querem sol e solo bem drenado; na sombra ou em solo argiloso, misture areia ou cascalho para drenar, ou escolha plantas de sombra, como hostas e samambaias.',
        'La lavanda, las rosas y casi todas las plantas de flor quieren sol y suelo con buen drenaje; con sombra o suelo arcilloso, mezcla arena o grava, o elige plantas de sombra como hostas y helechos.',
        'Lavande, rosiers et la plupart des plantes à fleurs veulent du soleil et un sol drainant ; à l’ombre ou en sol argileux, ajoute du sable ou du gravier, ou choisis des plantes d’ombre comme les hostas et les fougères.',
        'Lavendel, Rosen und die meisten Blühpflanzen wollen Sonne und durchlässigen Boden; bei Schatten oder schwerem Lehm Sand oder Kies für die Drainage einarbeiten und Staunässe vermeiden, oder Schattenpflanzen wie Funkien und Farne wählen.',
      ),
    },
    {
      about: w('fertil feed dunger dungen adubo adubar abono engrais nutri kompost compost'),
      say: s(
        'Most plants do well with compost in spring and an organic slow-release fertiliser such as horn shavings; roses and tomatoes also like their own rose or tomato feed, rich in potassium.',
        'A maioria das plantas vai bem com composto na primavera e um adubo orgânico de liberação lenta; rosas e tomates gostam também de um adubo próprio, rico em potássio.',
        'A casi todas las plantas les va bien el compost en primavera y un abono orgánico de liberación lenta; los rosales y los tomates agradecen además su abono específico, rico en potasio.',
        'La plupart des plantes aiment le compost au printemps et un engrais organique à libération lente ; rosiers et tomates apprécient en plus leur engrais spécial, riche en potassium.',
        'Die meisten Pflanzen mögen Kompost im Frühjahr und einen organischen Langzeitdünger wie Hornspäne; Rosen und Tomaten freuen sich zusätzlich über Rosen- oder Tomatendünger mit viel Kalium.',
      ),
    },
  ],
  beauty: [
    {
      about: w('curly curls cachead cacho rizad rizo boucl frise lock dry ressecad reseco seco sec trocken frizz'),
      say: s(
        'For curly, dry hair: a weekly hydration mask, a leave-in cream and a gentle sulphate-free shampoo and conditioner.',
        'Para cabelo cacheado e ressecado: máscara de hidratação toda semana, um creme leave-in e shampoo e condicionador suaves, sem sulfato.',
        'Para el pelo rizado y seco: una mascarilla de hidratación cada semana, una crema sin aclarado y un champú y acondicionador suaves, sin sulfatos.',
        'Pour des cheveux bouclés et secs : un masque hydratant chaque semaine, une crème sans rinçage et un shampooing et un après-shampooing doux, sans sulfates.',
        'Für lockiges, trockenes Haar: einmal pro Woche eine Feuchtigkeitsmaske, eine Leave-in-Creme und ein mildes, sulfatfreies Shampoo mit Spülung.',
      ),
    },
  ],
  books: [
    {
      general: true,
      about: w(
        'idea ideia ideas idee suggest suger recommend recomend indica conseil empfehl author autor autora auteur novel romance roman read leitura lectura lecture lesen',
      ),
      say: s(
        'Contemporary novels tend to spark the best book-club conversations — for instance by authors such as Kazuo Ishiguro or Chimamanda Ngozi Adichie.',
        'Romances contemporâneos costumam render as melhores conversas de clube do livro — por exemplo, livros de autoras como Conceição Evaristo ou Carla Madeira.',
        'Las novelas contemporáneas suelen dar las mejores charlas de club de lectura — por ejemplo, libros de autoras como Rosa Montero o Samanta Schweblin.',
        'Les romans contemporains donnent souvent les meilleures discussions de club de lecture — par exemple ceux d’autrices comme Annie Ernaux ou Leïla Slimani.',
        'Zeitgenössische Romane sorgen im Lesekreis oft für die besten Gespräche — zum Beispiel Bücher von Autorinnen wie Juli Zeh oder Mariana Leky.',
      ),
    },
  ],
  bikes: [
    {
      about: w('commut work trabalho trabajo travail arbeit city cidade ciudad ville stadt'),
      say: s(
        'For commuting, a hybrid or a light e-bike with mudguards, lights and a rack is usually the best fit.',
        'Para ir ao trabalho, uma bicicleta híbrida ou uma elétrica leve, com para-lamas, luzes e bagageiro, costuma ser a melhor escolha.',
        'Para ir al trabajo, suele ir mejor una bici híbrida o una eléctrica ligera con guardabarros, luces y portabultos.',
        'Pour aller au travail, un vélo hybride ou un vélo électrique léger avec garde-boue, éclairage et porte-bagages est souvent le meilleur choix.',
        'Zum Pendeln passt meist ein Trekkingrad oder ein leichtes E-Bike mit Schutzblechen, Licht und Gepäckträger am besten.',
      ),
    },
  ],
  language: [
    {
      about: w('progress improve melhorar mejorar progres besser fluent fluente fluido practice pratic practic ueben'),
      say: s(
        'A little every day works best: 15 minutes of listening, reading aloud, a few new words in context, and one conversation a week.',
        'Um pouco todo dia funciona melhor: 15 minutos de escuta, leitura em voz alta, algumas palavras novas em contexto e uma conversa por semana.',
        'Lo que mejor funciona es un poco cada día: 15 minutos de escucha, leer en voz alta, algunas palabras nuevas en contexto y una conversación a la semana.',
        'Un peu chaque jour, c’est ce qui marche le mieux : 15 minutes d’écoute, de la lecture à voix haute, quelques mots nouveaux en contexte et une conversation par semaine.',
        'Am besten klappt ein bisschen jeden Tag: 15 Minuten Hören, lautes Lesen, ein paar neue Wörter im Zusammenhang und ein Gespräch pro Woche.',
      ),
    },
  ],
  wine: [
    {
      about: w(
        'fish peixe pescado poisson fisch meat carne viande fleisch cheese queijo queso fromage kase dish prato plato plat gericht dinner jantar cena diner',
      ),
      say: s(
        'As a rule: a crisp white such as an Albariño or a Sauvignon Blanc with fish, a Tempranillo or a Malbec with red meat, and a Pinot Noir when in doubt.',
        'Como regra: um branco fresco, como Alvarinho ou Sauvignon Blanc, com peixe; um Tempranillo ou Malbec com carne vermelha; e um Pinot Noir na dúvida.',
        'Como norma: un blanco fresco, como un Albariño o un Sauvignon Blanc, con pescado; un Tempranillo o un Malbec con carne roja; y un Pinot Noir si dudas.',
        'En règle générale : un blanc vif, comme un Sauvignon Blanc, avec le poisson, un Bordeaux ou un Malbec avec la viande rouge, et un Pinot Noir dans le doute.',
        'Als Faustregel: ein frischer Weißwein wie Riesling oder Sauvignon Blanc zu Fisch, ein Tempranillo oder Malbec zu rotem Fleisch und im Zweifel ein Spätburgunder.',
      ),
    },
  ],
};
