import type { Catalogue } from '../catalogue-type';
import type { workTable as zh, workTableErrors as zhErrors } from '../zh-CN/work-table';

/** The work table (the card-mode home): an app's detail, the member's own settings, the guided tour. */
export const workTable: Catalogue<typeof zh> = {
  detailTitle: 'App details',
  name: 'Name',
  description: 'Description',
  url: 'Address',
  noUrl: 'No address set yet',
  licence: 'Licence',
  licensed: 'Licensed',
  unlicensed: 'Not licensed',
  pin: 'Pin to top',
  unpin: 'Unpin',
  pinned: 'Pinned',
  hide: 'Hide from the work table',
  show: 'Show again',
  hiddenApps: '{{count}} hidden',
  hiddenTitle: 'Hidden apps',
  saved: 'Setting saved',
  close: 'Close',
  settingFor: 'Settings of {{name}}',
  tour: {
    myAppsTitle: 'My Apps',
    myApps: 'The products opened for you. Click a card to enter one.',
    moreAppsTitle: 'More Apps',
    moreApps: 'The other products of your organisation or the platform. Ask your administrator to open one.',
    actionsTitle: 'Detail and settings',
    actions:
      'Detail shows an app’s name, description and address; Settings pins an app to the top or hides it.',
    administrationTitle: 'Administration',
    administration:
      'Open the menu under your avatar at the top right and choose Administration to manage your organisation.',
    next: 'Next',
    previous: 'Back',
    finish: 'Got it',
    skip: 'Skip',
    step: '{{current}}/{{total}}',
  },
};

/** Errors of the work table: errors.workTable. */
export const workTableErrors: Catalogue<typeof zhErrors> = {
  unknownProduct: 'No such app',
};
