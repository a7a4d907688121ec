import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type DataProvider, RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { LocalisedTitleField } from '../../common/LocaleTabs';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { i18nProvider } from '../../i18n/i18nProvider';
import { NoticeEdit } from '../notices/NoticeForm';
import { ArticleEdit } from './ArticleForm';

const article = {
  id: 7,
  tab: 'wealth',
  title: '理性娛樂',
  content: '<p>設定預算</p>',
  titles: { en: 'Play responsibly' },
  contents: { en: '<p>Set a budget</p>' },
  is_top: false,
  sort: 0,
  published: true,
  created_at: 1_790_000_000_000,
};

function provider(record: Record<string, unknown>): DataProvider & { update: ReturnType<typeof vi.fn> } {
  const update = vi.fn(async (_resource: string, params: { id: unknown; data: Record<string, unknown> }) => ({ data: { ...record, ...params.data } }));
  return {
    getOne: async () => ({ data: record }),
    getList: async () => ({ data: [], total: 0 }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    create: async () => ({ data: record }),
    updateMany: async () => ({ data: [] }),
    delete: async () => ({ data: record }),
    deleteMany: async () => ({ data: [] }),
    update,
  } as unknown as DataProvider & { update: ReturnType<typeof vi.fn> };
}

function edit(resource: string, record: Record<string, unknown>, form: React.ReactElement): ReturnType<typeof provider> {
  const dp = provider(record);
  render(
    <MemoryRouter initialEntries={[`/${resource}/${String(record['id'])}`]}>
      <AdminContext dataProvider={dp} i18nProvider={i18nProvider}>
        <Routes>
          <Route path={`/${resource}/:id`} element={<ResourceContextProvider value={resource}>{form}</ResourceContextProvider>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return dp;
}

describe('editing content per language in the console', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(cleanup);

  it('shows a tab per language, tw first and required, and saves only the language that changed', async () => {
    const dp = edit('articles', article, <ArticleEdit />);
    const twTitle = (await screen.findByLabelText('Title (Traditional Chinese) *')) as HTMLInputElement;
    await waitFor(() => expect(twTitle.value).toBe('理性娛樂'));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Traditional Chinese', 'Simplified Chinese', 'English', 'Japanese', 'Korean']);

    fireEvent.click(screen.getByRole('tab', { name: 'English' }));
    const enTitle = screen.getByLabelText('Title (English)') as HTMLInputElement;
    expect(enTitle.value).toBe('Play responsibly');
    fireEvent.change(screen.getByLabelText('Title (Japanese)'), { target: { value: '節度ある遊び' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dp.update).toHaveBeenCalled());
    const sent = dp.update.mock.calls[0]?.[1] as { data: Record<string, unknown> };
    // the body holds the per-locale titles only (tw, contents and the rest are unchanged)
    expect(sent.data).toEqual({ titles: { en: 'Play responsibly', jp: '節度ある遊び' } });
  });

  it('refuses to save without the tw title, bringing the tw tab back', async () => {
    const dp = edit(
      'notices',
      { id: 3, kind: 'announcement', user_id: null, title: '維護', content: '02:00', titles: {}, contents: {}, published: true, created_at: 0 },
      <NoticeEdit />,
    );
    const twTitle = (await screen.findByLabelText('Title (Traditional Chinese) *')) as HTMLInputElement;
    await waitFor(() => expect(twTitle.value).toBe('維護'));
    fireEvent.change(twTitle, { target: { value: '' } });
    fireEvent.click(screen.getByRole('tab', { name: 'English' }));
    fireEvent.change(screen.getByLabelText('Title (English)'), { target: { value: 'Maintenance' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Traditional Chinese' }).getAttribute('aria-selected')).toBe('true'));
    expect(dp.update).not.toHaveBeenCalled();
  });

  it('lists a title in the console\u2019s language when there is one, else the tw title, marked with its language', async () => {
    const { rerender } = render(
      <AdminContext i18nProvider={i18nProvider}>
        <RecordContextProvider value={article}>
          <LocalisedTitleField />
        </RecordContextProvider>
      </AdminContext>,
    );
    expect((await screen.findByText('Play responsibly')).getAttribute('lang')).toBe('en');
    rerender(
      <AdminContext i18nProvider={i18nProvider}>
        <RecordContextProvider value={{ ...article, titles: {} }}>
          <LocalisedTitleField />
        </RecordContextProvider>
      </AdminContext>,
    );
    expect((await screen.findByText('理性娛樂')).getAttribute('lang')).toBe('zh-Hant-TW');
  });
});
