// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RouteTitle, documentTitle, useTitleDetail } from './document-title';

function Screen({ campus }: { campus: string | null }) {
  useTitleDetail(campus);
  return null;
}

describe('document titles', () => {
  it('joins the parts, most specific first, and skips empty ones', () => {
    expect(documentTitle(['Reports', null, ' ', 'North Campus'])).toBe(
      'Reports · North Campus · Metro U Safety Console',
    );
  });

  it("titles the tab with the route's title and the screen's detail, following changes", () => {
    const view = render(
      <RouteTitle title="Reports">
        <Screen campus="North Campus" />
      </RouteTitle>,
    );
    expect(document.title).toBe('Reports · North Campus · Metro U Safety Console');
    view.rerender(
      <RouteTitle title="Reports">
        <Screen campus={null} />
      </RouteTitle>,
    );
    expect(document.title).toBe('Reports · Metro U Safety Console');
    view.rerender(<RouteTitle title="Tags">{null}</RouteTitle>);
    expect(document.title).toBe('Tags · Metro U Safety Console');
  });
});
