import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Banner } from '@sum28/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import en from '../i18n/locales/en.json';
import { BannerSlide } from './BannerSlide';

initI18n('en', en);

function Where(): React.ReactElement {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

const show = (b: Banner): void => {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<BannerSlide banner={b} n={2} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
};

describe('a banner: a wordless image with the caption in the player\u2019s language', () => {
  afterEach(cleanup);

  it('draws the caption over the image and is one link named by it, opening a site path in the app', () => {
    show({ id: 1, image: '/static/banners/banner-1.svg', link: '/fairness', title: 'Provably fair: verify every draw' });
    const link = screen.getByRole('link', { name: 'Provably fair: verify every draw' });
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/static/banners/banner-1.svg');
    // the caption names it: the image is not read a second time
    expect(link.querySelector('img')?.getAttribute('alt')).toBe('');
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/fairness');
  });

  it('without a caption, names the image by its place; without a link, is no link', () => {
    show({ id: 2, image: '/static/banners/banner-2.svg', link: '', title: '  ' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('img', { name: 'Promotion 2' })).toBeTruthy();
    expect(document.querySelector('.banner-slide__caption')).toBeNull();
  });

  it('opens an https link in a new tab, safely', () => {
    show({ id: 3, image: 'https://cdn.example.com/b.png', link: 'https://example.com/promo', title: 'Promo' });
    const link = screen.getByRole('link', { name: 'Promo' });
    expect(link.getAttribute('href')).toBe('https://example.com/promo');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
