import { Input, Skeleton } from '@mantine/core';
import type { Editor } from '@tiptap/react';
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DepositFormValues } from '../../form-values.ts';
import { errorText, useFieldError } from '../field-error.tsx';
import { plainTextToDoc, plainTextToHtml } from './plain-text.ts';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

// The rich-text editor is the heaviest part of the form (about 105 KB with
// brotli): it is fetched only once the description is wanted (hovered,
// focused, or holding text already). Until it is there a plain textarea takes
// the typing; once the editor exists it takes over the typed text, the caret
// and the focus in one go, so no keystroke falls between the two.
const loadEditor = () => import('./RichTextEditor.tsx');
// The editor's height with its toolbar, so that nothing moves when it takes over.
const HEIGHT = 179;

/** The description, as HTML from a rich-text editor; the server sanitises it. */
export function DescriptionField() {
  const { t } = useTranslation();
  const { field } = useController<DepositFormValues, 'metadata.description'>({
    name: 'metadata.description',
  });
  const error = useFieldError('metadata.description');
  const label = t('deposit.fields.description.label');
  // Existing HTML cannot be shown in a textarea: then the editor is waited for,
  // also when a value comes from elsewhere (a draft loaded, a restore).
  const [typeable, setTypeable] = useState(() => !field.value);
  const [typed, setTyped] = useState('');
  const [wanted, setWanted] = useState(!typeable);
  const [RichTextEditor, setRichTextEditor] = useState<ComponentType<RichTextEditorProps>>();
  const [handedOver, setHandedOver] = useState(false);
  const draftRef = useRef<HTMLTextAreaElement>(null);
  const editorBoxRef = useRef<HTMLDivElement>(null);

  if (!wanted && field.value) setWanted(true);
  if (typeable && field.value && field.value !== typed) setTypeable(false);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    // A chunk that fails to load leaves the textarea: plain text is still a description.
    loadEditor().then(
      (module) => live && setRichTextEditor(() => module.RichTextEditor),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted]);

  const handOver = useCallback((editor: Editor) => {
    const draft = draftRef.current;
    if (draft) {
      const focused = document.activeElement === draft;
      // What is on screen wins: the form may not have caught up with the last key.
      if (draft.value) editor.commands.setContent(plainTextToDoc(draft.value));
      draft.style.display = 'none';
      if (editorBoxRef.current) editorBoxRef.current.style.display = '';
      if (focused) {
        editor.commands.setTextSelection(editor.state.doc.content.size);
        // ProseMirror's own focus: TipTap's focus command waits a frame.
        editor.view.focus();
      }
    }
    setHandedOver(true);
  }, []);

  const shown = handedOver || !typeable;
  return (
    <Input.Wrapper
      label={label}
      description={t('deposit.fields.description.placeholder')}
      error={errorText(error)}
      onPointerEnter={() => setWanted(true)}
    >
      {typeable && !handedOver && (
        <Input
          component="textarea"
          ref={draftRef}
          aria-label={label}
          styles={{ input: { height: HEIGHT, paddingTop: 8, resize: 'none' } }}
          onFocus={() => setWanted(true)}
          onChange={(event) => {
            const html = plainTextToHtml(event.currentTarget.value);
            setTyped(html);
            field.onChange(html);
          }}
          onBlur={field.onBlur}
        />
      )}
      {!typeable && !RichTextEditor && <Skeleton height={HEIGHT} />}
      {RichTextEditor && (
        <div ref={editorBoxRef} style={shown ? undefined : { display: 'none' }}>
          <RichTextEditor
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            label={label}
            onReady={handOver}
          />
        </div>
      )}
    </Input.Wrapper>
  );
}
