import {
  Anchor,
  Button,
  Group,
  Modal,
  Pagination,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LICENSE_PAGE_SIZE,
  useLicenseSearch,
  type LicenseSearch,
  type VocabularyOption,
} from '../../../api/vocabularies.ts';
import type { LicenseValue } from '../../form-values.ts';
import { useValidationText } from '../field-error.tsx';
import { checkCustomLicense } from './custom-license.ts';
import { useReturnFocus } from '../../../ui/useReturnFocus.ts';

export interface LicenseModalState {
  action: 'add' | 'change';
  mode: 'standard' | 'custom';
  /** The row being changed. */
  index?: number;
  initial?: LicenseValue;
}

interface LicenseModalProps {
  state: LicenseModalState;
  onClose: () => void;
  onSwitchToCustom: () => void;
  onSubmit: (license: LicenseValue) => void;
}

// The start of every link, in every language.
const URL_PLACEHOLDER = 'https://';
const TAGS: LicenseSearch['tag'][] = ['recommended', 'all', 'data', 'software'];

/** The licence picker (SPEC §2): standard licences by search and tag, or a custom one. */
export function LicenseModal({ state, onClose, onSwitchToCustom, onSubmit }: LicenseModalProps) {
  const { t } = useTranslation();
  useReturnFocus();
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(`deposit.fields.licenses.modal.${state.action}.${state.mode}`)}
    >
      {state.mode === 'standard' ? (
        <StandardLicense
          state={state}
          onClose={onClose}
          onSwitchToCustom={onSwitchToCustom}
          onSubmit={onSubmit}
        />
      ) : (
        <CustomLicense state={state} onClose={onClose} onSubmit={onSubmit} />
      )}
    </Modal>
  );
}

function StandardLicense({ state, onClose, onSwitchToCustom, onSubmit }: LicenseModalProps) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [query] = useDebouncedValue(q, 250);
  const [tag, setTag] = useState<LicenseSearch['tag']>('recommended');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<string | undefined>(state.initial?.id);
  // The chosen licence is kept as found: another page or search may not show it.
  const [picked, setPicked] = useState<VocabularyOption>();
  const { data } = useLicenseSearch({ q: query, tag }, page);
  const hits = data?.hits ?? [];
  const choice = picked ?? hits.find((hit) => hit.id === chosen);
  const pages = Math.ceil((data?.total ?? 0) / LICENSE_PAGE_SIZE);

  const search = (text: string) => {
    setQ(text);
    setPage(1);
    // A search looks through every licence, not only the few recommended ones.
    if (text.trim() && tag === 'recommended') setTag('all');
  };
  const choose = (id: string) => {
    setChosen(id);
    setPicked(hits.find((hit) => hit.id === id));
  };

  return (
    <Stack>
      <TextInput
        label={t('deposit.fields.licenses.modal.search')}
        placeholder={t('deposit.fields.licenses.modal.searchPlaceholder')}
        value={q}
        onChange={(event) => search(event.currentTarget.value)}
        data-autofocus
      />
      <SegmentedControl
        value={tag}
        onChange={(value) => {
          setTag(value);
          setPage(1);
        }}
        data={TAGS.map((value) => ({
          value,
          label: t(`deposit.fields.licenses.modal.tags.${value}`),
        }))}
      />
      <Radio.Group
        value={chosen ?? null}
        onChange={choose}
        // The group is named by its label element: an aria-label would miss the radiogroup.
        label={<VisuallyHidden>{t('deposit.fields.licenses.modal.results')}</VisuallyHidden>}
      >
        <Stack gap="xs" mah={360} style={{ overflowY: 'auto' }}>
          {hits.map((hit) => (
            <Radio
              key={hit.id}
              value={hit.id}
              label={hit.title_l10n}
              description={hit.description_l10n}
            />
          ))}
          {data && hits.length === 0 && <Text size="sm">{t('deposit.fields.nothingFound')}</Text>}
        </Stack>
      </Radio.Group>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({
            'aria-label': t(`search.pagination.${control}`),
          })}
          getItemProps={(item) => ({
            'aria-label': t('search.pagination.page', { page: item }),
          })}
        />
      )}
      <Anchor component="button" type="button" size="sm" onClick={onSwitchToCustom}>
        {t('deposit.fields.licenses.modal.notFound')}
      </Anchor>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('deposit.actions.cancel')}
        </Button>
        <Button
          disabled={!choice}
          onClick={() =>
            choice &&
            onSubmit({
              id: choice.id,
              title: choice.title_l10n,
              description: choice.description_l10n ?? '',
              link: choice.props?.url ?? '',
            })
          }
        >
          {t(`deposit.fields.licenses.modal.submit.${state.action}`)}
        </Button>
      </Group>
    </Stack>
  );
}

function CustomLicense({ state, onClose, onSubmit }: Omit<LicenseModalProps, 'onSwitchToCustom'>) {
  const { t } = useTranslation();
  const validationText = useValidationText();
  const initial = state.initial && !state.initial.id ? state.initial : undefined;
  const [values, setValues] = useState<LicenseValue>({
    title: initial?.title ?? '',
    description: initial?.description ?? '',
    link: initial?.link ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<'title' | 'link', string>>>({});
  const set = (key: keyof LicenseValue) => (event: { currentTarget: { value: string } }) =>
    setValues({ ...values, [key]: event.currentTarget.value });

  const submit = () => {
    const found = checkCustomLicense(values);
    setErrors({
      title: found.title && validationText(found.title),
      link: found.link && validationText(found.link),
    });
    if (!found.title && !found.link) onSubmit({ ...values, link: values.link.trim() });
  };

  return (
    <Stack>
      <TextInput
        label={t('deposit.fields.licenses.modal.title')}
        withAsterisk
        value={values.title}
        onChange={set('title')}
        error={errors.title}
        data-autofocus
      />
      <Textarea
        label={t('deposit.fields.licenses.modal.description')}
        value={values.description}
        onChange={set('description')}
        rows={3}
      />
      <TextInput
        label={t('deposit.fields.licenses.modal.link')}
        placeholder={URL_PLACEHOLDER}
        value={values.link}
        onChange={set('link')}
        error={errors.link}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('deposit.actions.cancel')}
        </Button>
        <Button onClick={submit}>
          {t(`deposit.fields.licenses.modal.submit.${state.action}`)}
        </Button>
      </Group>
    </Stack>
  );
}
