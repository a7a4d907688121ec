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
import { BooleanInput, NumberInput, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { CreateForm, EditForm } from '../../common/forms';
import { ARTICLE_TAB_CHOICES } from './choices';

/** An article: the rich-text editor (tiptap) writes HTML; the API sanitizes it on save (allow-list). */
function Fields(): React.ReactElement {
  const translate = useTranslate();
  // The editable area is labelled like the field; the toolbar leaves out the heading-level menu (a list outside a list).
  const editorOptions = { ...DefaultEditorOptions, editorProps: { attributes: { 'aria-label': translate('resources.articles.fields.content') } } };
  return (
    <>
      <SelectInput source="tab" choices={ARTICLE_TAB_CHOICES} validate={required()} />
      <TextInput source="title" validate={required()} fullWidth />
      <RichTextInput
        source="content"
        validate={required()}
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
