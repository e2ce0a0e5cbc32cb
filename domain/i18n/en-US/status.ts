import type { Catalogue } from '../catalogue-type';
import type { status as zh } from '../zh-CN/status';

/** Status pages: not found, no permission, blocked IP, outside a chat host. */
export const status: Catalogue<typeof zh> = {
  notFound: 'Sorry, the page you visited does not exist.',
  noPermission: 'You have no permission to open this page',
  noAuth:
    'You are not authorised to use this product or page. Ask your organisation administrator to grant it.',
  ipException: 'System detected abnormal IP, access forbidden, contact the administrator',
  notInHost: 'Please open this page inside the matching app',
  notFoundTitle: 'Page not found',
  noPermissionTitle: 'No permission',
  noAuthTitle: 'Not authorised',
  ipExceptionTitle: 'Access restricted',
  notInHostTitle: 'Cannot open here',
  goToLogin: 'Go to sign in',
  loadFailed: 'Could not load. Please try again.',
};
