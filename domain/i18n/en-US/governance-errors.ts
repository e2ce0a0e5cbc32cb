import type { Catalogue } from '../catalogue-type';
import type { governanceErrors as zh } from '../zh-CN/governance-errors';

/** Errors of the organisation's governance settings: under errors.ipWhitelist and errors.operationLog. */
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
  operationLog: {
    invalidWindow: 'Choose a valid time range (at most 1 year)',
    invalidCursor: 'The page is out of date, please search again',
  },
};
