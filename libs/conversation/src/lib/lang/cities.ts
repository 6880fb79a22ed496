/**
 * Cities people name in conversations in en, pt-BR, es and fr, folded (no accents): the members of the `city` category,
 * so "em que cidade eu moro?" finds "o endereço é rua das acácias 120, em campinas" though the city is written in lower
 * case. Names that are also common words ("natal", "nice", "lima", "santos", "reading") are left out.
 */
export const CITIES: readonly string[] = // Brazil and Portugal
  (
    'sampa brasilia salvador fortaleza manaus curitiba recife olinda porto belem goiania ' +
    'guarulhos campinas florianopolis floripa niteroi joinville londrina maceio teresina uberlandia sorocaba ' +
    'vitoria aracaju cuiaba petropolis blumenau maringa jundiai lisboa lisbon porto braga coimbra faro ' +
    'funchal aveiro setubal sintra cascais ' +
    // Spain and Latin America
    'madrid barcelona valencia sevilla seville zaragoza malaga murcia palma bilbao alicante cordoba valladolid vigo gijon ' +
    'coruna granada vitoria pamplona almeria santander burgos salamanca cadiz marbella ibiza tenerife toledo segovia girona ' +
    'tarragona oviedo donostia mexico guadalajara monterrey puebla tijuana cancun oaxaca bogota medellin cali ' +
    'cartagena caracas quito guayaquil cusco arequipa santiago valparaiso rosario mendoza montevideo asuncion ' +
    'havana habana panama ' +
    // France, Belgium, Switzerland, Quebec
    'paris marseille lyon toulouse nantes strasbourg montpellier bordeaux lille rennes reims toulon grenoble dijon ' +
    'nimes brest limoges amiens perpignan metz besancon orleans rouen caen nancy avignon annecy montreuil versailles ' +
    'bruxelles brussels liege geneve geneva lausanne montreal quebec ' +
    // English-speaking and elsewhere
    'london manchester birmingham leeds liverpool bristol glasgow edinburgh cardiff belfast dublin cork brighton oxford ' +
    'cambridge york newcastle sheffield nottingham leicester chicago boston seattle austin denver miami atlanta dallas ' +
    'houston phoenix toronto vancouver sydney melbourne auckland berlin munich hamburg frankfurt amsterdam rotterdam rome roma ' +
    'milan milano florence firenze venice venezia naples napoli vienna prague budapest warsaw krakow athens istanbul ' +
    'tokyo kyoto osaka seoul beijing shanghai bangkok singapore dubai cairo marrakech casablanca nairobi '
  )
    .split(/\s+/)
    .filter((w) => w.length > 0);

/**
 * Countries, folded, in the five languages' spellings: members of the `city` category too (a place asked with "where" or
 * "which country"), and what a correction that names only a place replaces ("sorry, i meant portugal" after "i was in
 * spain"). Names that are also common words ("island", "turkey", "chile" the pepper aside) are left out.
 */
export const COUNTRIES: readonly string[] = (
  'portugal spain espanha espana espagne spanien france franca francia frankreich italy italia italie italien germany alemanha ' +
  'alemania allemagne deutschland brazil brasil bresil brasilien argentina argentine argentinien mexico mexique mexiko ' +
  'colombia colombie kolumbien peru perou uruguay paraguay bolivia bolivie venezuela ecuador equateur canada kanada usa eua eeuu ' +
  'japan japao japon china chine india inde indien england inglaterra angleterre ireland irlanda irlande irland scotland escocia ' +
  'ecosse schottland netherlands holanda holland niederlande belgium belgica belgique belgien switzerland suica suiza suisse ' +
  'schweiz austria autriche osterreich greece grecia grece griechenland morocco marrocos marruecos maroc marokko egypt egito ' +
  'egipto egypte agypten thailand tailandia thailande australia australie australien croatia croacia croatie kroatien poland ' +
  'polonia pologne polen sweden suecia suede schweden norway noruega norvege norwegen denmark dinamarca danemark danemark ' +
  'danmark cuba'
)
  .split(/\s+/)
  .filter((w) => w.length > 0);
