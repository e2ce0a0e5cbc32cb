import type { Catalogue } from '../catalogue-type';
import type { authorisationErrors as zh } from '../zh-CN/authorisation-errors';

/** Errors of product authorisation (errors.authorize) and menu-page access (errors.menuAccess). */
export const authorisationErrors: Catalogue<typeof zh> = {
  authorize: {
    noneSelected: 'Please select at least one member',
    tooMany: 'Select at most 100 members at a time',
    unknownProduct: 'The organisation is not licensed for {{product}}',
    seatsExceeded:
      '$t(products.{{product}}.name|{{product}}) has {{seats}} seats and this would need {{needed}}; nothing was changed',
    seatsExceededOne:
      '$t(products.{{product}}.name|{{product}}) has 1 seat and this would need {{needed}}; nothing was changed',
    seatsExceededNone: '$t(products.{{product}}.name|{{product}}) has no seats; nothing was changed',
  },
  menuAccess: {
    unknownMenu: 'This role type cannot be given that menu',
    alwaysOn: 'The Change password page cannot be hidden',
    ownAccess: "You can't remove your own access to Authorisation",
    wrongRole: 'A picked member is not of this role type',
    noneSelected: 'Please select at least one member',
  },
};
