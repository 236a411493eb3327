import { Button, Group, Paper, Skeleton } from '@mantine/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  label: string;
  /** Called once the editor is created and on the page. */
  onReady?: (editor: Editor) => void;
}

/** TipTap with a small toolbar: bold, italic, lists, links come as typed URLs. */
export function RichTextEditor({ value, onChange, onBlur, label, onReady }: RichTextEditorProps) {
  // The content to start from; later values come in through the effect below.
  const [initialContent] = useState(value);
  const editor = useEditor({
    extensions: [StarterKit],
    content: initialContent,
    // Created in an effect, once the component is mounted. Created during the
    // render instead, TipTap destroys the instance on a 1 ms timer unless the
    // mount effect has run by then; after a lazy chunk or a slow render it
    // often had not, so the first keystrokes went to a destroyed editor and the
    // next getHTML() threw on its null schema.
    immediatelyRender: false,
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        style: 'min-height: 120px; outline: none;',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
    onBlur: () => onBlur(),
  });
  // A value set from outside (a restore, a reload after a conflict) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // One frame, between the mount and the editor's creation.
  if (!editor) return <Skeleton height={168} mt={4} />;
  return <EditorWithToolbar editor={editor} onReady={onReady} />;
}

function EditorWithToolbar({
  editor,
  onReady,
}: {
  editor: Editor;
  onReady?: (editor: Editor) => void;
}) {
  const { t } = useTranslation();
  // After EditorContent has put the editor's element on the page.
  const [readyCall] = useState(() => onReady);
  useEffect(() => readyCall?.(editor), [editor, readyCall]);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
    }),
  });

  const tool = (key: keyof typeof state, run: () => void, text: string) => (
    <Button
      size="compact-xs"
      variant={state[key] ? 'filled' : 'default'}
      onClick={run}
      aria-pressed={state[key]}
    >
      {text}
    </Button>
  );

  return (
    <Paper withBorder p="xs">
      <Group gap={4} mb="xs">
        {tool(
          'bold',
          () => editor.chain().focus().toggleBold().run(),
          t('deposit.fields.description.bold'),
        )}
        {tool(
          'italic',
          () => editor.chain().focus().toggleItalic().run(),
          t('deposit.fields.description.italic'),
        )}
        {tool(
          'bulletList',
          () => editor.chain().focus().toggleBulletList().run(),
          t('deposit.fields.description.bulletList'),
        )}
        {tool(
          'orderedList',
          () => editor.chain().focus().toggleOrderedList().run(),
          t('deposit.fields.description.orderedList'),
        )}
      </Group>
      <EditorContent editor={editor} />
    </Paper>
  );
}
