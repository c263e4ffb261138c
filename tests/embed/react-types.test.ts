// `masthead/react`'s published types (types/masthead-react.d.ts, through package.json `exports`) stay equal to the
// components' source (src/embed/react.tsx): checked by `npm run typecheck` (the assignments below compile only when
// the shapes agree both ways) and at run time for the export names.
import { expect, it } from 'vitest';
import type * as Published from 'masthead/react';
import * as Source from '../../src/embed/react.tsx';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const propsAgree: Same<Published.MastheadProps, Source.MastheadProps> = true;
const headerAgrees: Same<
  Parameters<typeof Published.MastheadHeader>,
  Parameters<typeof Source.MastheadHeader>
> = true;
const footerAgrees: Same<
  Parameters<typeof Published.MastheadFooter>,
  Parameters<typeof Source.MastheadFooter>
> = true;

it('exports the two components, with the published props', () => {
  expect([propsAgree, headerAgrees, footerAgrees]).toEqual([true, true, true]);
  expect(Object.keys(Source).sort()).toEqual(['MastheadFooter', 'MastheadHeader']);
});
