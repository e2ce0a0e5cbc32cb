import { common } from './common';
import { errors } from './errors';
import { host } from './host';
import { login } from './login';
import { status } from './status';

/**
 * The en-US strings the login page and the shell around it use, loaded before the first paint; the
 * rest of the catalogue (index.ts) loads with the first page past the login.
 */
export const firstPaintCatalogue = { common, errors, login, host, status };
