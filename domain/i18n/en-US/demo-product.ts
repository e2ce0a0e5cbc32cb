import type { Catalogue } from '../catalogue-type';
import type { demoProduct as zh } from '../zh-CN/demo-product';

/** The portal's placeholder page for a product whose address has not been set (demo deployments). */
export const demoProduct: Catalogue<typeof zh> = {
  title: '{{product}} (demo)',
  openedFor: 'Opened for {{name}} of {{org}}.',
  signedOut: 'You are not signed in to the portal: sign in, then open this product from the home page.',
  signIn: 'Sign in',
  back: 'Back to the portal',
  placeholder:
    'This page stands in for the product: its address has not been set yet. An operator sets it with:',
  unknown: 'There is no product with the code {{code}}.',
};
