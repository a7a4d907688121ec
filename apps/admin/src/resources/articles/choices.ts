/** The article tabs the API accepts (content-defs ARTICLE_TABS; the player app shows one list per tab). */
export const ARTICLE_TAB_CHOICES = ['original', 'recommend', 'wealth'].map((t) => ({ id: t, name: `resources.articles.tab.${t}` }));
