import { common } from './common';
import { host } from './host';
import { login } from './login';
import { signInErrors } from './sign-in-errors';
import { status } from './status';

/**
 * The zh-CN strings the login page and the shell around it use, loaded before the first paint; the
 * rest of the catalogue (index.ts) loads with the first page past the login.
 */
export const firstPaintCatalogue = { common, errors: signInErrors, login, host, status };
