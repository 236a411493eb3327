import { Button, Group, Paper, Text } from '@mantine/core';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface DropAreaProps {
  disabled: boolean;
  onFiles: (files: File[]) => void;
  /** The id of the section's error, read with the Choose files button. */
  describedBy?: string | undefined;
}

/** Where files are dropped or chosen; disabled at the maximum file count (SPEC §2). */
export function DropArea({ disabled, onFiles, describedBy }: DropAreaProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };

  return (
    <Paper
      withBorder
      p="lg"
      data-testid="files-drop-area"
      aria-disabled={disabled}
      style={{ borderStyle: 'dashed', opacity: disabled ? 0.6 : 1 }}
      bg={over && !disabled ? 'var(--mantine-color-blue-light)' : undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <Group justify="center">
        <Text size="sm">
          {disabled ? t('deposit.files.maxReached') : t('deposit.files.dropHere')}
        </Text>
        <Button
          variant="light"
          size="xs"
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={describedBy}
        >
          {t('deposit.files.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label={t('deposit.files.choose')}
          disabled={disabled}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </Group>
    </Paper>
  );
}
