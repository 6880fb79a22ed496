import type { LanguageData } from './types';

/** Spanish data of the statement memory. */
export const ES: LanguageData = {
  stemmer: 'spanish',
  stop: (
    'el la los las un una unos unas de del al en con sin sobre por para y o pero que se lo le ' +
    'yo me mi mis tu tus su sus usted el ella nosotros nuestro nuestra esto eso este esta ese esa ' +
    'es son fue era ser estar esta estoy tengo tiene cual cuales quien cuando donde como cuanto porque ya todavia solo muy mas tambien no si ' +
    'aqui alli pues bueno'
  ).split(' '),
  firstPerson: ['yo', 'me', 'mi', 'mis', 'conmigo', 'mio', 'mia', 'nosotros', 'nuestro', 'nuestra'],
  questionWords: ['cual', 'cuales', 'donde', 'cuando', 'quien', 'como', 'que', 'cuanto', 'por que', 'recuerdas', 'sabes'],
  recallWords: ['dije', 'conte', 'recuerdas', 'acuerdas', 'recordar', 'sabes', 'anotaste', 'pase', 'mencione', 'olvide', 'decir', 'dicho', 'di', 'dijiste', 'era', 'quedó', 'apuntado', 'apuntada', 'tienes', 'ahora', 'ya', 'cosa', 'al'],
  recallCues: [
    'te dije', 'yo dije', 'dije', 'te conte', 'te pase', 'mencione', 'recuerdas', 'te acuerdas', 'sabes', 'recuerdame', 'dime otra vez', 'olvide',
    'donde yo', 'a donde', 'adonde', 'que yo', 'cuando yo', 'cual es mi', 'cual es el', 'cuales son mis', 'quien es mi',
  ],
  correctionMarkers: ['perdon me equivoque', 'me equivoque', 'en realidad', 'correccion', 'quise decir', 'perdon quise decir', 'digo', 'uy', 'ups', 'me confundi', 'perdona'],
  notWords: ['no'],
  agentQuestions: ['con quien hablo', 'con quien estoy hablando', 'quien eres', 'quien es usted', 'como te llamas', 'cual es tu nombre', 'como se llama usted', 'que haces'],
  smallTalk: ['hola', 'gracias', 'vale', 'ok', 'adios', 'buenos', 'buenas', 'dias', 'tardes', 'noches', 'genial', 'jaja', 'jajaja', 'si', 'no', 'claro', 'perfecto', 'bien', 'todo'],
  shift: {
    yo: 'tú', me: 'te', mi: 'tu', mis: 'tus', conmigo: 'contigo', mio: 'tuyo', mia: 'tuya', nuestro: 'su', nuestra: 'su',
  },
  verbs: {
    soy: 'eres', estoy: 'estás', tengo: 'tienes', voy: 'vas', vivo: 'vives', trabajo: 'trabajas', quiero: 'quieres', necesito: 'necesitas',
    compre: 'compraste', compré: 'compraste', pague: 'pagaste', pagué: 'pagaste', recibi: 'recibiste', recibí: 'recibiste', pedi: 'pediste', pedí: 'pediste',
    hice: 'hiciste', fui: 'fuiste', tuve: 'tuviste', estaba: 'estabas', era: 'eras', se: 'sabes', sé: 'sabes', puedo: 'puedes', hago: 'haces', viajo: 'viajas',
    llamo: 'llamas', naci: 'naciste', nací: 'naciste', odio: 'odias', siento: 'sientes', creo: 'crees', uso: 'usas', intente: 'intentaste', intenté: 'intentaste',
  },
  synonyms: [
    ['vuelo', 'volar', 'viaje', 'viajar', 'avion', 'aeropuerto'],
    ['vivo', 'vivir', 'vive', 'casa', 'resido'],
    ['alergia', 'alergico', 'alergica'],
    ['color', 'colores'],
    ['favorito', 'favorita', 'preferido', 'preferida'],
    ['pedido', 'compra', 'orden', 'compre'],
    ['envio', 'entrega', 'seguimiento', 'paquete'],
    ['roto', 'rota', 'rompio', 'dañado', 'dañada', 'rajado', 'rajada', 'rasgado', 'rasgada'],
    ['correo', 'email', 'e-mail'],
    ['telefono', 'celular', 'movil'],
    ['error', 'mensaje', 'codigo'],
    ['libro', 'novela'],
    ['problema', 'fallo'],
    ['trabajo', 'empleo', 'empresa'],
  ],
  toldYou: ['Me dijiste que {s}.', 'Me contaste que {s}.'],
  toldYouQuote: 'Me dijiste: “{q}”',
  and: 'y',
  categories: [
    { id: 'carrier', words: ['operadora', 'operador', 'compania', 'compañía', 'proveedor'], members: ['vivo', 'claro', 'tim', 'oi', 'movistar', 'orange', 'vodafone', 'verizon', 'at&t', 't-mobile', 'sfr', 'bouygues', 'free', 'digi', 'yoigo', 'jazztel', 'meo', 'nos', 'o2', 'ee', 'sprint', 'telcel', 'personal', 'entel'] },
    { id: 'job', words: ['profesion', 'profesión', 'trabajo', 'oficio', 'ocupacion', 'ocupación'], members: ['profesor', 'profesora', 'medico', 'médico', 'medica', 'médica', 'enfermero', 'enfermera', 'ingeniero', 'ingeniera', 'abogado', 'abogada', 'desarrollador', 'desarrolladora', 'programador', 'programadora', 'disenador', 'diseñador', 'diseñadora', 'contable', 'cocinero', 'cocinera', 'conductor', 'arquitecto', 'arquitecta', 'periodista', 'dentista', 'panadero', 'panadera', 'farmaceutico', 'farmacéutico', 'farmacéutica', 'electricista', 'mecanico', 'mecánico', 'camarero', 'camarera', 'estudiante', 'psicologo', 'psicólogo', 'psicóloga'] },
    { id: 'amount', words: ['cuanto', 'cuánto', 'cuanta', 'cuánta', 'importe', 'deben', 'precio', 'total', 'cuesta'] },
  ],
};
