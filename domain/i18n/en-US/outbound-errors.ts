import type { Catalogue } from '../catalogue-type';
import type { outboundErrors as zh } from '../zh-CN/outbound-errors';

/** Addresses an administrator sets that the portal will not connect to: errors.outbound. */
export const outboundErrors: Catalogue<typeof zh> = {
  internalAddress:
    'The portal does not connect to {{host}} ({{address}}): it is the server itself, a link-local, cloud metadata or reserved address',
  privateAddress:
    'The portal does not connect to {{host}} ({{address}}): this deployment does not reach private-network addresses',
};
