import type { Lang } from '../language';
import { CITIES, COUNTRIES } from './cities';
import { DE_CATEGORY_WORDS } from './categories-de';

/**
 * Categories shared by the four languages: the words that name the category in each language ("car", "carro", "coche",
 * "voiture") and the members a statement may hold ("skoda", "fiat", "clio"), one list for every language (names of makes,
 * breeds, systems, herbs… are mostly the same words; each language's spelling is listed). A question's category word is
 * the term `cat:<id>` and a statement holding a member carries it too, so "which car did I say we're bringing?" finds
 * "we'll be driving a green skoda octavia". Words and members are compared folded (no accents, lower case), or by their
 * stem in the sentence's language (members of five letters or more), so "vehicles", "breeds", "tendinitis" match too.
 * `anyCase`: members count written in lower case anywhere (else only capitalized or after a lead word, terms.ts).
 */
export interface SharedCategory {
  id: string;
  /** German's words live in categories-de.ts. */
  words: Omit<Record<Lang, string[]>, 'de'>;
  members: readonly string[];
  anyCase?: boolean;
  /** Members count only as written (lang/types.ts `categories`). */
  asWritten?: boolean;
}

const split = (s: string) => s.split(/\s+/).filter(Boolean);

export const SHARED_CATEGORIES: readonly SharedCategory[] = [
  {
    id: 'vehicle',
    words: {
      en: split('car cars vehicle vehicles van motorbike motorcycle bike bikes bicycle model brand'),
      pt: split('carro carros veiculo veiculos automovel bicicleta bike moto modelo marca'),
      es: split('coche coches carro vehiculo vehiculos auto bicicleta bici moto modelo marca'),
      fr: split('voiture voitures vehicule vehicules bagnole velo velos moto modele marque'),
    },
    members: split(
      'skoda octavia fabia toyota corolla yaris prius honda civic ford fiesta focus volkswagen vw golf polo gol jetta passat fiat uno palio ' +
        'argo mobi renault clio megane kwid sandero logan dacia duster peugeot citroen seat ibiza leon tesla bmw audi mercedes kia hyundai hb20 ' +
        'nissan chevrolet onix celta jeep volvo mazda subaru suv sedan hatchback minivan camper caravan autocaravana furgoneta cube trek giant ' +
        'specialized cannondale brompton btwin decathlon caloi orbea scott bianchi vespa yamaha kawasaki ducati harley',
    ),
    anyCase: true,
  },
  {
    // Programs and apps by name: "the screen flickers when I open Excel" answers "what app causes the problem?".
    id: 'app',
    words: {
      en: split('app apps application applications program programs software'),
      pt: split('app apps aplicativo aplicativos programa programas software'),
      es: split('app apps aplicacion aplicaciones programa programas software'),
      fr: split('app appli applis application applications logiciel logiciels programme programmes'),
    },
    members: split(
      'excel powerpoint outlook teams zoom skype slack chrome firefox safari whatsapp telegram instagram facebook tiktok spotify netflix ' +
        'youtube gmail photoshop illustrator acrobat onedrive dropbox itunes steam discord uber ifood nubank duolingo canva notion figma',
    ),
  },
  {
    id: 'breed',
    words: {
      en: split('breed breeds'),
      pt: split('raca racas'),
      es: split('raza razas'),
      fr: split('race races'),
    },
    members: split(
      'persian persa persan siamese siames siamois ragdoll sphynx bengal maine coon golden retriever labrador poodle caniche bulldog beagle ' +
        'pug shih tzu yorkshire yorkie dachshund salsicha teckel border collie husky chihuahua schnauzer pinscher spitz pomeranian lulu shepherd ' +
        'pastor berger boxer rottweiler dalmatian dalmata maltese maltes bichon lhasa akita corgi doberman greyhound galgo vira-lata srd mestico ' +
        'mestizo',
    ),
    anyCase: true,
  },
  {
    id: 'pet',
    words: {
      en: split('pet pets animal animals'),
      pt: split('pet pets bicho bichinho animal animais'),
      es: split('mascota mascotas animal animales'),
      fr: split('animal animaux'),
    },
    members: split(
      'dog dogs puppy cat cats kitten cachorro cachorra cao cadela gato gata gatinho gatinha perro perra perrito gatito chien chienne chiot chat ' +
        'chatte chaton hamster rabbit coelho conejo lapin parrot papagaio loro perroquet turtle tartaruga tortuga tortue fish peixe pez poisson ' +
        'hund hunde hundin welpe welpen katze katzen kater katzchen kaninchen meerschweinchen wellensittich papagei schildkrote ' +
        'puppies kittens rabbits bunny bunnies hamsters ferret ferrets tortoise parakeet budgie canary cockatiel chinchilla hedgehog ' +
        'lizard gecko iguana snake horse pony coelha coelhinho coelhinha calopsita periquito canario furao ' +
        'cavalo ouricos ourico conejita conejito cobaya huron erizo caballo perruche furet herisson cheval hase hasen ' +
        'frettchen igel pferd kanarienvogel lop lionhead',
    ),
    anyCase: true,
  },
  {
    id: 'os',
    words: {
      en: split('os'),
      pt: split('sistema'),
      es: split('sistema'),
      fr: split('systeme os'),
    },
    members: split('windows macos ios ipados android linux ubuntu debian fedora chromeos sonoma ventura monterey sequoia miui harmonyos'),
    anyCase: true,
  },
  {
    id: 'study',
    words: {
      en: split('study studying studies major degree college university'),
      pt: split('estudo estuda estudar estudando curso faculdade formacao graduacao'),
      es: split('estudio estudias estudiar estudiando carrera grado curso facultad'),
      fr: split('etudes etudie etudier filiere cursus formation fac'),
    },
    members: split(
      'architecture arquitetura arquitectura medicine medicina medecine law direito derecho droit engineering engenharia ingenieria ingenierie ' +
        'nursing enfermagem enfermeria psychology psicologia psychologie economics economia economie biology biologia biologie chemistry quimica ' +
        'chimie physics fisica physique math maths mathematics matematica matematicas mathematiques historia histoire philosophy filosofia ' +
        'philosophie marketing comunicacao comunicacion journalism jornalismo periodismo journalisme bts mestrado ' +
        'doutorado mba phd doctorado administracao administracion pedagogy pedagogia pedagogie veterinary veterinaria',
    ),
    anyCase: true,
  },
  {
    id: 'race',
    words: {
      en: split('race races marathon'),
      pt: split('prova corrida maratona'),
      es: split('carrera maraton'),
      fr: split('course marathon'),
    },
    members: split('marathon half 10k 5k 21k 42k triathlon ultra trail maratona maraton semi semi-marathon ironman'),
    anyCase: true,
  },
  {
    id: 'herb',
    words: {
      en: split('herb herbs plant plants planted growing'),
      pt: split('erva ervas planta plantas plantei tempero temperos'),
      es: split('hierba hierbas planta plantas plante aromatica aromaticas'),
      fr: split('herbe herbes plante plantes aromatique aromatiques'),
    },
    members: split(
      'basil albahaca manjericao basilic cilantro coriander coentro coriandre mint menta hortela menthe parsley perejil salsinha persil rosemary ' +
        'romero alecrim romarin thyme tomillo tomilho thym oregano oregano origan chives cebollino cebolinha ciboulette sage salvia sauge dill ' +
        'eneldo endro aneth lavender lavanda lavande',
    ),
    anyCase: true,
  },
  {
    id: 'diet',
    words: {
      en: split('food foods diet dietary eat eating restriction restrictions'),
      pt: split('comida comidas dieta alimentacao restricao restricoes comer'),
      es: split('comida comidas dieta alimentacion restriccion restricciones comer'),
      fr: split('nourriture regime alimentaire alimentation restriction restrictions manger mange'),
    },
    members: split(
      'vegetarian vegan vegetariano vegetariana vegano vegana vegetarien vegetarienne vegetalien vegane gluten lactose lactosa celiac celiaco ' +
        'celiaca coeliaque kosher halal shellfish seafood marisco mariscos frutos peanut peanuts amendoim cacahuete cacahuetes mani arachide ' +
        'arachides nuts nozes nueces noix pescatarian laktose laktoseintoleranz laktosefrei glutenfrei vegetarisch vegetarier veganer erdnuss ' +
        'erdnusse nusse meeresfruchte',
    ),
    anyCase: true,
  },
  {
    id: 'health',
    words: {
      en: split('health medical injury injuries diagnosis'),
      pt: split('saude condicao lesao diagnostico doenca'),
      es: split('salud condicion lesion diagnostico enfermedad'),
      fr: split('sante blessure diagnostic maladie'),
    },
    members: split(
      'tendinitis tendinite tendonitis asthma asma asthme diabetes diabete diabetic diabetico arthritis artrite artritis arthrite migraine ' +
        'migraines enxaqueca migrana hernia hernie fracture fratura fractura sprain entorse esguince pregnant gravida embarazada enceinte ' +
        'epilepsy epilepsia epilepsie hypertension hipertensao hipertension anemia anemie insomnia insonia insomnio insomnie anxiety ansiedade ' +
        'ansiedad anxiete depression depressao depresion',
    ),
    anyCase: true,
  },
  {
    id: 'wine',
    words: {
      en: split('wine wines'),
      pt: split('vinho vinhos'),
      es: split('vino vinos'),
      fr: split('vin vins'),
    },
    members: split(
      'rose rosado red tinto white blanco branco blanc rouge champagne prosecco cava malbec merlot cabernet syrah shiraz pinot chardonnay sauvignon ' +
        'riesling tempranillo rioja ribera bordeaux bourgogne sancerre chablis muscadet beaujolais sparkling espumante espumoso',
    ),
    anyCase: true,
  },
  {
    id: 'instrument',
    words: {
      en: split('instrument instruments'),
      pt: split('instrumento instrumentos toco tocar'),
      es: split('instrumento instrumentos toco tocar'),
      fr: split('instrument instruments'),
    },
    members: split(
      'cello violoncelo violonchelo violoncelle guitar guitarra violao guitare piano violin violino violon drums bateria batterie flute flauta ' +
        'saxophone saxofone saxofon trumpet trompete trompeta trompette ukulele bass harp harpa arpa harpe keyboard teclado clavier',
    ),
    anyCase: true,
  },
  {
    id: 'language',
    words: {
      en: split('language languages'),
      pt: split('lingua linguas idioma idiomas'),
      es: split('idioma idiomas lengua'),
      fr: split('langue langues'),
    },
    members: split(
      'english ingles anglais spanish espanhol espanol espagnol french frances francais portuguese portugues portugais german alemao aleman ' +
        'allemand italian italiano italien japanese japones japonais chinese chines chino chinois mandarin korean coreano coreen arabic arabe russian ' +
        'russo ruso russe dutch holandes neerlandais englisch spanisch franzosisch portugiesisch deutsch italienisch japanisch chinesisch ' +
        'russisch arabisch turkisch polnisch niederlandisch turkish turco turc polish polaco polones polonais',
    ),
    anyCase: true,
  },
  {
    id: 'colour',
    words: {
      en: split('colour color colours colors'),
      pt: split('cor cores'),
      es: split('color colores'),
      fr: split('couleur couleurs'),
    },
    members: split(
      'red blue green yellow purple pink black white grey gray orange brown teal turquoise navy beige vermelho vermelha azul verde amarelo amarela roxo ' +
        'rosa preto preta branco branca cinza laranja marrom rojo roja amarillo amarilla morado negro negra blanco blanca gris naranja marron rouge ' +
        'bleu bleue vert verte jaune violet rose noir noire blanc blanche marron turquoise rot rote roten blau blaue blauen grun grune grunen ' +
        'gelb gelbe gelben lila schwarz schwarze schwarzen weiss weisse weissen weiß weiße weißen grau graue grauen braun braune braunen turkis',
    ),
    anyCase: true,
  },
  {
    // How far someone is in what they learn or train: "what level did I say I am?" → "total beginner".
    id: 'level',
    words: {
      en: split('level levels'),
      pt: split('nivel niveis'),
      es: split('nivel niveles'),
      fr: split('niveau niveaux'),
    },
    members: split(
      'beginner beginners novice intermediate advanced fluent iniciante intermediario avancado fluente principiante intermedio avanzado ' +
        'debutant debutante intermediaire avance avancee anfanger anfangerin fortgeschritten fortgeschrittene a1 a2 b1 b2 c1 c2',
    ),
    anyCase: true,
  },
  {
    // Medicines by name: "what did I order again?" at a pharmacy, "what should the dentist know about medication?".
    id: 'medicine',
    words: {
      // Not "medicine" nor "medicina": also what one studies (`study`).
      en: split('medication medications meds drug drugs pill pills painkiller painkillers'),
      pt: split('remedio remedios medicamento medicamentos comprimido comprimidos medicacao analgesico'),
      es: split('medicamento medicamentos pastilla pastillas medicacion farmaco farmacos analgesico'),
      fr: split('medicament medicaments medoc medocs cachet cachets comprime comprimes traitement antidouleur'),
    },
    members: split(
      'paracetamol acetaminophen ibuprofen ibuprofeno ibuprofene aspirin aspirina aspirine dipirona novalgina novalgin metamizol metamizole ' +
        'amoxicillin amoxicilina amoxicilline penicillin penicilina penicilline losartan losartana omeprazol omeprazole insulin insulina insuline ' +
        'metformin metformina metformine tylenol advil nurofen dorflex buscopan clonazepam rivotril sertraline sertralina fluoxetine fluoxetina ' +
        'levothyroxine levotiroxina puran diclofenac diclofenaco voltaren dafalgan doliprane efferalgan spasfon atorvastatin atorvastatina ' +
        'simvastatin sinvastatina enalapril captopril amlodipine anlodipino antibiotic antibiotics antibiotico antibioticos antibiotique antibiotika ' +
        'cortisone cortisona antihistamine antihistaminico antihistaminique loratadine loratadina cetirizine cetirizina lisinopril ramipril ' +
        'atenolol metoprolol bisoprolol propranolol warfarin varfarina apixaban rivaroxaban prednisone prednisona prednisolone prednisolona ' +
        'gabapentin gabapentina pregabalin pregabalina tramadol codeine codeina morphine morfina montelukast salbutamol ventolin albuterol ' +
        'inhaler furosemide furosemida hydrochlorothiazide hidroclorotiazida pantoprazole pantoprazol ranitidine ranitidina escitalopram ' +
        'citalopram venlafaxine venlafaxina bupropion lorazepam diazepam alprazolam zolpidem melatonin melatonina allopurinol alopurinol ' +
        'colchicine colchicina azithromycin azitromicina ciprofloxacin ciprofloxacino doxycycline doxiciclina cephalexin cefalexina ' +
        'naproxen naproxeno ketoprofen cetoprofeno nimesulida sumatriptan methotrexate metotrexato',
    ),
    anyCase: true,
  },
  {
    // Flavours and fillings: "qual era o recheio?" is answered by "massa de nozes com doce de leite".
    id: 'flavour',
    words: {
      en: split('flavour flavor flavours flavors filling fillings frosting icing topping toppings'),
      pt: split('sabor sabores recheio recheios cobertura'),
      es: split('sabor sabores relleno rellenos cobertura'),
      fr: split('parfum parfums saveur saveurs garniture fourrage glacage'),
    },
    members: split(
      'chocolate chocolat schokolade vanilla baunilha vainilla vanille strawberry morango fresa fraise erdbeer erdbeere lemon limao limon citron ' +
        'zitrone caramel caramelo karamell coconut coco walnut walnuts nozes nuez nueces noix pistachio pistache pistacho pistazie hazelnut avela ' +
        'avellana noisette haselnuss brigadeiro nutella raspberry framboesa frambuesa framboise himbeere maracuja passionfruit cheesecake tiramisu ' +
        'mocha moka praline pralin ganache buttercream chantilly',
    ),
    anyCase: true,
  },
  {
    id: 'computer',
    words: {
      en: split('laptop laptops computer computers notebook pc desktop machine'),
      pt: split('notebook computador pc laptop desktop maquina'),
      es: split('portatil ordenador computadora pc laptop'),
      fr: split('ordi ordinateur pc laptop'),
    },
    members: split(
      'thinkpad lenovo dell xps inspiron latitude macbook imac mac hp pavilion elitebook asus zenbook vivobook acer aspire surface chromebook ideapad yoga legion alienware',
    ),
    anyCase: true,
  },
  {
    id: 'phone',
    words: {
      en: split('phone phones cellphone mobile smartphone'),
      pt: split('celular telefone smartphone'),
      es: split('movil celular telefono smartphone'),
      fr: split('telephone portable smartphone'),
    },
    members: split('iphone pixel galaxy samsung xiaomi redmi poco motorola moto huawei oneplus oppo nokia realme honor fairphone'),
    anyCase: true,
  },
  {
    id: 'printer',
    words: { en: split('printer printers'), pt: split('impressora'), es: split('impresora'), fr: split('imprimante') },
    members: split('epson canon brother laserjet deskjet officejet ecotank pixma'),
    anyCase: true,
  },
  {
    id: 'router',
    words: { en: split('router modem wifi'), pt: split('roteador modem'), es: split('router modem'), fr: split('routeur box modem') },
    members: split('archer tplink netgear linksys fritzbox livebox freebox bbox'),
    anyCase: true,
  },
  {
    id: 'hobby',
    words: {
      en: split('hobby hobbies pastime pastimes'),
      pt: split('hobby hobbies passatempo passatempos'),
      es: split('hobby hobbies pasatiempo pasatiempos aficion aficiones'),
      fr: split('hobby loisir loisirs passe-temps passion'),
    },
    members: split(
      'birdwatching birding hiking photography knitting crochet gardening painting drawing fishing surfing climbing yoga chess gaming baking ' +
        'cycling pottery ceramics woodworking trilha fotografia trico croche jardinagem pintura desenho pesca surf escalada xadrez ceramica ' +
        'senderismo fotografia jardineria ganchillo ajedrez ceramica randonnee photographie tricot jardinage peinture dessin peche escalade ' +
        'echecs poterie ceramique',
    ),
    anyCase: true,
  },
  {
    id: 'city',
    words: {
      en: split('city town country'),
      pt: split('cidade pais'),
      es: split('ciudad pueblo pais'),
      fr: split('ville pays'),
    },
    members: [...CITIES, ...COUNTRIES],
    anyCase: true,
    asWritten: true,
  },
  // Measures: no members; a statement carries the category by a number with its unit ("70 m2", "256 go": terms.ts MEASURES).
  {
    id: 'area',
    words: {
      en: split('sqm footage'),
      pt: split('metros metragem'),
      es: split('metros metraje superficie'),
      fr: split('metres surface superficie'),
    },
    members: [],
  },
  {
    id: 'weight',
    words: {
      en: split('weight weigh weighs kilos kg'),
      pt: split('peso pesa quilos'),
      es: split('peso pesa kilos'),
      fr: split('poids pese kilos'),
    },
    members: [],
  },
  {
    id: 'age',
    words: {
      en: split('age'),
      pt: split('idade'),
      es: split('edad'),
      fr: split('age'),
    },
    members: [],
  },
  {
    id: 'storage',
    words: {
      en: split('storage capacity gigs gb'),
      pt: split('armazenamento capacidade gigas'),
      es: split('almacenamiento capacidad gigas'),
      fr: split('stockage capacite gigas'),
    },
    members: [],
  },
];

/** The shared categories in one language's shape (lang/types.ts `categories`). */
export function sharedCategories(lang: Lang): Array<{ id: string; words: string[]; members: readonly string[]; anyCase?: boolean; asWritten?: boolean }> {
  return SHARED_CATEGORIES.map((c) => ({
    id: c.id,
    words: lang === 'de' ? (DE_CATEGORY_WORDS[c.id] ?? []) : c.words[lang],
    members: c.members,
    anyCase: c.anyCase,
    asWritten: c.asWritten,
  }));
}
