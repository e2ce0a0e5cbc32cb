import { readRepositories } from '../repositories';
import type { ServiceContext } from './service-context';

/** Sets where a product lives (the operator's product:url); answers false for an unknown product code. */
export async function setProductWebUrl(context: ServiceContext, code: string, url: string): Promise<boolean> {
  return readRepositories(context.db).products.setWebUrl(code, url);
}
