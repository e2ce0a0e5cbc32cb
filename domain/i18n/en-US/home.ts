import type { Catalogue } from '../catalogue-type';
import type { home as zh } from '../zh-CN/home';

/** The card-mode home (work table). */
export const home: Catalogue<typeof zh> = {
  greeting: 'Hello, {{name}}',
  myApps: 'My Apps',
  moreApps: 'More Apps',
  enter: 'Enter',
  detail: 'Detail',
  setting: 'Settings',
  unauthorized: 'Not authorised',
  noApps: 'No product is authorised for you yet. Please contact your administrator.',
  noMoreApps: 'You have every product',
  contactSales: 'To open it, contact your administrator or customer service',
  subtitle: '{{org}} · pick a product to start working',
  myAppsHint: 'Products open to you',
  moreAppsHint: 'Products not yet opened for you',
  openInNewTab: 'Opens in a new tab',
};
