import {
  ClearButtons,
  DefaultEditorOptions,
  FormatButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import { BooleanInput, NumberInput, required, SelectInput, useTranslate } from 'react-admin';
import { DEFAULT_LOCALE } from '@sum28/domain';
import { CreateForm, EditForm } from '../../common/forms';
import { LocaleTabs, localeSource, LocaleTitleInput } from '../../common/LocaleTabs';
import { ARTICLE_TAB_CHOICES } from './choices';

/** An article: tw first (required), then each other language (optional: empty shows the tw text). */
function Fields(): React.ReactElement {
  const translate = useTranslate();
  return (
    <>
      <SelectInput source="tab" choices={ARTICLE_TAB_CHOICES} validate={required()} />
      <LocaleTabs fields={['title', 'content']}>
        {(l) => {
          const lang = translate(`app.content_locales.${l}`);
          const tw = l === DEFAULT_LOCALE;
          const contentLabel = translate('app.content_locales.content', { lang });
          // The editable area is labelled like the field; the toolbar leaves out the heading-level menu (a list outside a list).
          const editorOptions = { ...DefaultEditorOptions, editorProps: { attributes: { 'aria-label': contentLabel } } };
          return (
            <>
              <LocaleTitleInput locale={l} />
              <RichTextInput
                source={localeSource('content', 'contents', l)}
                label={contentLabel}
                validate={tw ? required() : undefined}
                fullWidth
                helperText="resources.articles.help.content"
                editorOptions={editorOptions}
                toolbar={
                  <RichTextInputToolbar>
                    <FormatButtons />
                    <ListButtons />
                    <LinkButtons />
                    <QuoteButtons />
                    <ClearButtons />
                  </RichTextInputToolbar>
                }
              />
            </>
          );
        }}
      </LocaleTabs>
      <BooleanInput source="is_top" />
      <NumberInput source="sort" />
      <BooleanInput source="published" />
    </>
  );
}

export function ArticleEdit(): React.ReactElement {
  return (
    <EditForm>
      <Fields />
    </EditForm>
  );
}

export function ArticleCreate(): React.ReactElement {
  return (
    <CreateForm>
      <Fields />
    </CreateForm>
  );
}
