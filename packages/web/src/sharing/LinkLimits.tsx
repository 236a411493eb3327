import { MAX_LINK_CAP } from '@arca/schema';
import { Checkbox, NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LinkChanges, SecretLink } from '../api/sharing.ts';

/** The optional caps and notice of a new link; an empty cap is no limit. */
export interface LinkLimitsValue {
  maxUses: number | '';
  maxDownloads: number | '';
  oneVisitor: boolean;
  notifyFirstUse: boolean;
}

export const NO_LIMITS: LinkLimitsValue = {
  maxUses: '',
  maxDownloads: '',
  oneVisitor: false,
  notifyFirstUse: false,
};

/** The limits as the links API takes them: only those that are set. */
/** The two counts a link may be capped at, each with its own field. */
const CAP_FIELDS = ['maxUses', 'maxDownloads'] as const;

export function limitsBody(value: LinkLimitsValue) {
  return {
    ...(value.maxUses !== '' ? { max_uses: value.maxUses } : {}),
    ...(value.maxDownloads !== '' ? { max_downloads: value.maxDownloads } : {}),
    ...(value.oneVisitor ? { one_visitor: true } : {}),
    ...(value.notifyFirstUse ? { notify_first_use: true } : {}),
  };
}

/** The limits a link has, as the form shows them. */
export function limitsOf(link: SecretLink): LinkLimitsValue {
  return {
    maxUses: link.max_uses ?? '',
    maxDownloads: link.max_downloads ?? '',
    oneVisitor: link.one_visitor ?? false,
    notifyFirstUse: link.notify_first_use ?? false,
  };
}

/** The limits as a PATCH sends them: every one, an empty cap as null (no limit). */
export function limitsChanges(value: LinkLimitsValue): LinkChanges {
  return {
    max_uses: value.maxUses === '' ? null : value.maxUses,
    max_downloads: value.maxDownloads === '' ? null : value.maxDownloads,
    one_visitor: value.oneVisitor,
    notify_first_use: value.notifyFirstUse,
  };
}

export function LinkLimits({
  value,
  onChange,
}: {
  value: LinkLimitsValue;
  onChange: (value: LinkLimitsValue) => void;
}) {
  const { t } = useTranslation();
  const cap = (input: string | number): number | '' =>
    typeof input === 'number' ? input : input === '' ? '' : Number(input);
  return (
    <>
      {CAP_FIELDS.map((field) => (
        <NumberInput
          key={field}
          label={t(`sharing.links.${field}`)}
          placeholder={t('sharing.links.noLimit')}
          min={1}
          max={MAX_LINK_CAP}
          allowDecimal={false}
          allowNegative={false}
          w={150}
          value={value[field]}
          onChange={(input) => onChange({ ...value, [field]: cap(input) })}
        />
      ))}
      <Checkbox
        label={t('sharing.links.oneVisitor')}
        description={t('sharing.links.oneVisitorHelp')}
        checked={value.oneVisitor}
        onChange={(event) => onChange({ ...value, oneVisitor: event.currentTarget.checked })}
      />
      <Checkbox
        label={t('sharing.links.notifyFirstUse')}
        checked={value.notifyFirstUse}
        onChange={(event) => onChange({ ...value, notifyFirstUse: event.currentTarget.checked })}
      />
    </>
  );
}
