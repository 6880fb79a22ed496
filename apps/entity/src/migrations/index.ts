import { Initial1732200000000 } from './1732200000000-initial';

/** Every migration, oldest first. Listed explicitly so the webpack bundle carries them. */
export const migrations = [Initial1732200000000];
