import { describe, expect, it } from 'vitest';
import { designTemplatePath, labelPrintPath, PATHS, routeMeta } from '../../../src/pages/paths';

const MODULES = { reset: true, register: true, appDownload: true };

describe('label template routes', () => {
  it.each([PATHS.tagsDesign, PATHS.selectTemplate, designTemplatePath('12'), labelPrintPath('12')])(
    '%s needs a session and the tagsDesign menu',
    (path) => {
      expect(routeMeta(path, MODULES)).toEqual({ needsLogin: true, menuCode: 'tagsDesign' });
    },
  );

  it('gives the print page the path the products open', () => {
    expect(labelPrintPath('12')).toBe('/layout/tagsDesign/print/12');
  });

  it('knows no deeper or other template path', () => {
    expect(routeMeta('/layout/tagsDesign/print/12/extra', MODULES)).toBeUndefined();
    expect(routeMeta('/layout/tagsDesign/other/12', MODULES)).toBeUndefined();
  });
});
