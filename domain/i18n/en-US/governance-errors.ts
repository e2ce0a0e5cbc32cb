import type { Catalogue } from '../catalogue-type';
import type { governanceErrors as zh } from '../zh-CN/governance-errors';

/** Errors of the organisation's governance settings: errors.ipWhitelist, .passwordPolicy and .operationLog. */
export const governanceErrors: Catalogue<typeof zh> = {
  ipWhitelist: {
    invalidLine: '{{row}} row is invalid, please check the IP address',
    tooManyLines: 'The IP whitelist can have at most {{max}} lines',
    excludesCurrent:
      'Your current IP address {{ip}} is not in the whitelist: members signing in from it will be refused',
    noneSelected: 'Select at least one member',
    tooMany: 'Select at most 100 members at a time',
    unknownMember: 'A selected member is not in your organisation',
  },
  passwordPolicy: {
    minLength: 'The minimum length must be a whole number from {{min}} to {{max}}',
    maxLength: 'The maximum length must be a whole number from {{min}} to {{max}}, not below the minimum',
    expiry: 'Choose a validity: forever, 10 minutes, 30 minutes, 1 hour, 24 hours or 1 to 120 months',
    historyDepth: 'The number of earlier passwords must be a whole number from {{min}} to {{max}}',
    lockAfter: 'The lock threshold must be a whole number from {{min}} to {{max}}',
  },
  operationLog: {
    invalidWindow: 'Choose a valid time range (at most 1 year)',
    invalidCursor: 'The page is out of date, please search again',
  },
};
