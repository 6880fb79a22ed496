import { defineOperation } from '../common/operation';
import { MeUseCases } from './me.use-cases';

/** Who the caller is, as an operation (see `OperationSpec`). */
export const ME_OPERATIONS = {
  me: defineOperation({
    id: 'Me_me',
    method: 'GET',
    path: '/v1/me',
    status: 200,
    useCases: MeUseCases,
    input: {},
    run: (u, auth) => u.me(auth),
  }),
};
