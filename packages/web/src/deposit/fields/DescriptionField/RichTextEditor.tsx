import { Button, Group, Paper } from '@mantine/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  label: string;
}

/** TipTap with a small toolbar: bold, italic, lists, links come as typed URLs. */
export function RichTextEditor({ value, onChange, onBlur, label }: RichTextEditorProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit],
    content: value,
    immediatelyRender: true,
    autofocus: 'end',
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
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
    }),
  });

  // A value set from outside (a restore, a reload after a conflict) replaces the content.
  useEffect(() => {
    if (value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

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
