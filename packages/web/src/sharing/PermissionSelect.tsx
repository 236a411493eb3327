import type { GrantPermission } from '@arca/schema';
import { Loader, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PermissionSelectProps<P extends GrantPermission> {
  label: string;
  value: P;
  choices: readonly P[];
  disabledChoices?: readonly P[];
  /** Shows the spinner (held for at least 400 ms by the caller). */
  busy?: boolean;
  disabled?: boolean;
  onChange: (permission: P) => void;
}

/** The permission dropdown of grants and links, each level with its meaning (SPEC §6). */
export function PermissionSelect<P extends GrantPermission>({
  label,
  value,
  choices,
  disabledChoices = [],
  busy = false,
  disabled = false,
  onChange,
}: PermissionSelectProps<P>) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={label}
      value={value}
      disabled={disabled || busy}
      onChange={(event) => onChange(event.currentTarget.value as P)}
      rightSection={
        busy ? <Loader size="xs" role="status" aria-label={t('sharing.updating')} /> : undefined
      }
      data={choices.map((choice) => {
        const level: GrantPermission = choice;
        return {
          value: choice,
          label: `${t(`sharing.permission.${level}`)} – ${t(`sharing.permissionHelp.${level}`)}`,
          disabled: disabledChoices.includes(choice),
        };
      })}
    />
  );
}
