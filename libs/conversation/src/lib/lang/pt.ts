import type { LanguageData } from './types';

/** Portuguese (Brazil) data of the statement memory. */
export const PT: LanguageData = {
  stemmer: 'portuguese',
  stop: (
    'a o os as um uma uns umas de do da dos das em no na nos nas ao aos pelo pela para pra por com sem sobre e ou mas que se ' +
    'eu me mim meu minha meus minhas voce vc te seu sua seus suas ele ela nos nosso nossa isso isto esse essa este esta aquele ' +
    'e eh foi era ser estar esta estou tem tenho ter qual quais quem quando onde como quanto porque ja ainda so muito mais tambem nao sim ' +
    'la aqui ai entao ne ta'
  ).split(' '),
  firstPerson: ['eu', 'me', 'mim', 'meu', 'minha', 'meus', 'minhas', 'comigo', 'nos', 'nosso', 'nossa'],
  questionWords: ['qual', 'quais', 'onde', 'quando', 'quem', 'como', 'que', 'o que', 'quanto', 'por que', 'porque', 'lembra', 'sabe'],
  recallWords: ['disse', 'falei', 'contei', 'lembra', 'lembrar', 'sabe', 'anotou', 'passei', 'mencionei', 'esqueci', 'falar', 'dizer', 'informei', 'mesmo', 'era', 'ficou', 'registrado', 'anotado', 'agora', 'já', 'coisa', 'passou'],
  recallCues: [
    'eu disse', 'eu te disse', 'te disse', 'eu falei', 'te falei', 'eu contei', 'te contei', 'eu te passei', 'te passei', 'eu mencionei',
    'voce lembra', 'vc lembra', 'lembra', 'voce sabe', 'me lembra', 'me diz de novo', 'esqueci',
    'onde eu', 'o que eu', 'quando eu', 'para onde eu', 'pra onde eu', 'qual e o meu', 'qual e a minha', 'qual o meu', 'qual a minha', 'quais sao os meus', 'quem e o meu', 'quem e a minha',
  ],
  correctionMarkers: ['me enganei', 'na verdade', 'correcao', 'corrigindo', 'desculpa eu quis dizer', 'quis dizer', 'errei', 'digo', 'ops', 'opa', 'me confundi', 'troquei'],
  notWords: ['nao'],
  agentQuestions: ['com quem eu falo', 'com quem estou falando', 'com quem to falando', 'quem e voce', 'quem e vc', 'qual e o seu nome', 'qual o seu nome', 'qual seu nome', 'como voce se chama', 'como vc se chama', 'o que voce faz'],
  smallTalk: ['oi', 'ola', 'obrigado', 'obrigada', 'valeu', 'ok', 'tchau', 'bom', 'dia', 'boa', 'tarde', 'noite', 'beleza', 'legal', 'kkk', 'kkkk', 'haha', 'sim', 'nao', 'certo', 'perfeito', 'show', 'otimo', 'blz', 'tudo', 'bem'],
  shift: {
    eu: 'você', me: 'te', mim: 'você', meu: 'seu', minha: 'sua', meus: 'seus', minhas: 'suas', comigo: 'com você', nosso: 'seu', nossa: 'sua', nos: 'vocês',
  },
  verbs: {
    sou: 'é', estou: 'está', tô: 'está', to: 'está', tenho: 'tem', vou: 'vai', moro: 'mora', trabalho: 'trabalha', gosto: 'gosta', quero: 'quer', preciso: 'precisa',
    comprei: 'comprou', paguei: 'pagou', recebi: 'recebeu', pedi: 'pediu', fiz: 'fez', fui: 'foi', tive: 'teve', estava: 'estava', era: 'era', sei: 'sabe',
    posso: 'pode', faço: 'faz', viajo: 'viaja', chamo: 'chama', nasci: 'nasceu', adoro: 'adora', odeio: 'odeia', sinto: 'sente', acho: 'acha', uso: 'usa', tentei: 'tentou',
  },
  synonyms: [
    ['voo', 'voar', 'viagem', 'viajar', 'aviao', 'aeroporto', 'embarque'],
    ['moro', 'morar', 'mora', 'vivo', 'viver', 'casa', 'resido'],
    ['alergia', 'alergico', 'alergica'],
    ['cor', 'cores'],
    ['favorito', 'favorita', 'preferido', 'preferida'],
    ['pedido', 'compra', 'encomenda', 'comprei'],
    ['entrega', 'rastreio', 'rastreamento', 'pacote', 'envio'],
    ['quebrado', 'quebrada', 'quebrou', 'rachado', 'rachada', 'danificado', 'danificada', 'rasgado', 'rasgada'],
    ['email', 'e-mail'],
    ['telefone', 'celular'],
    ['erro', 'mensagem', 'codigo'],
    ['livro', 'romance'],
    ['problema', 'defeito'],
    ['trabalho', 'emprego', 'empresa'],
  ],
  toldYou: ['Você me disse que {s}.', 'Você me contou que {s}.'],
  toldYouQuote: 'Você me disse: “{q}”',
  and: 'e',
  categories: [
    { id: 'carrier', words: ['operadora', 'provedor', 'provedora'], members: ['vivo', 'claro', 'tim', 'oi', 'movistar', 'orange', 'vodafone', 'verizon', 'at&t', 't-mobile', 'sfr', 'bouygues', 'free', 'digi', 'yoigo', 'jazztel', 'meo', 'nos', 'o2', 'ee', 'sprint', 'telcel', 'personal', 'entel'] },
    { id: 'job', words: ['profissao', 'profissão', 'emprego', 'ocupacao', 'ocupação', 'trabalho'], members: ['professor', 'professora', 'medico', 'médico', 'medica', 'médica', 'enfermeiro', 'enfermeira', 'engenheiro', 'engenheira', 'advogado', 'advogada', 'desenvolvedor', 'desenvolvedora', 'programador', 'programadora', 'designer', 'contador', 'contadora', 'cozinheiro', 'cozinheira', 'motorista', 'arquiteto', 'arquiteta', 'jornalista', 'dentista', 'padeiro', 'padeira', 'farmaceutico', 'farmacêutico', 'farmaceutica', 'farmacêutica', 'eletricista', 'mecanico', 'mecânico', 'garcom', 'garçom', 'vendedor', 'vendedora', 'estudante', 'psicologo', 'psicólogo', 'psicologa', 'psicóloga'] },
    { id: 'amount', words: ['quanto', 'quanta', 'valor', 'total', 'preco', 'preço', 'custa', 'devem'] },
  ],
};
