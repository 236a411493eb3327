import {
  Autocomplete,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAwardSuggestions, useFunderSuggestions } from '../../../api/vocabularies.ts';
import type { FundingValue } from '../../form-values.ts';
import { pickText } from '../../serializer.ts';
import { useReturnFocus } from '../../../ui/useReturnFocus.ts';
import { serverMatches } from '../server-matches.ts';

interface FundingModalProps {
  initial?: FundingValue;
  onClose: () => void;
  onSave: (value: FundingValue) => void;
}

/** A funder (searched, or a free name) and optionally an award (searched, or custom). */
export function FundingModal({ initial, onClose, onSave }: FundingModalProps) {
  const { t, i18n } = useTranslation();
  useReturnFocus();
  const [funder, setFunder] = useState(initial?.funder ?? { name: '' });
  const [awardMode, setAwardMode] = useState<'search' | 'custom'>(
    initial?.award && !initial.award.id ? 'custom' : 'search',
  );
  const [award, setAward] = useState(initial?.award ?? { number: '', title: '' });
  const [awardSearch, setAwardSearch] = useState('');
  const [funderError, setFunderError] = useState<string>();
  const [funderText] = useDebouncedValue(funder.name, 250);
  const [awardText] = useDebouncedValue(awardSearch, 250);
  const funders = useFunderSuggestions(funder.id ? '' : funderText);
  const awards = useAwardSuggestions(funder.id, awardText);
  const awardOptions = (awards.data ?? []).map((item) => ({
    value: item.id,
    label: [item.number, pickText(item.title, [i18n.language])].filter(Boolean).join(' — '),
  }));
  if (award.id && !awardOptions.some((option) => option.value === award.id)) {
    awardOptions.push({
      value: award.id,
      label: [award.number, award.title].filter(Boolean).join(' — '),
    });
  }

  const save = () => {
    if (!funder.name.trim() && !funder.id) {
      setFunderError(t('funderIdOrName', { ns: 'validation' }));
      return;
    }
    const hasAward = award.id || award.number.trim() || award.title.trim();
    onSave({ funder, ...(hasAward ? { award } : {}) });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(initial ? 'deposit.fields.funding.editTitle' : 'deposit.fields.funding.addTitle')}
    >
      <Stack>
        <Autocomplete
          label={t('deposit.fields.funding.funder')}
          withAsterisk
          value={funder.name}
          data={[...new Map((funders.data ?? []).map((item) => [item.name, item])).keys()]}
          onChange={(name) => {
            const match = funders.data?.find((item) => item.name === name);
            setFunder(match ? { id: match.id, name: match.name } : { name });
          }}
          filter={serverMatches}
          error={funderError}
          data-autofocus
        />
        <SegmentedControl
          value={awardMode}
          onChange={(mode) => setAwardMode(mode)}
          data={[
            { value: 'search', label: t('deposit.fields.funding.searchAward') },
            { value: 'custom', label: t('deposit.fields.funding.customAward') },
          ]}
        />
        {awardMode === 'search' ? (
          <Select
            label={t('deposit.fields.funding.award')}
            data={awardOptions}
            value={award.id ?? null}
            searchable
            clearable
            searchValue={awardSearch}
            onSearchChange={setAwardSearch}
            filter={serverMatches}
            onChange={(id) => {
              const match = awards.data?.find((item) => item.id === id);
              setAward(
                match
                  ? {
                      id: match.id,
                      number: match.number,
                      title: pickText(match.title, [i18n.language]),
                    }
                  : { number: '', title: '' },
              );
            }}
          />
        ) : (
          <Group grow>
            <TextInput
              label={t('deposit.fields.funding.awardNumber')}
              value={award.number}
              onChange={(event) =>
                setAward({ number: event.currentTarget.value, title: award.title })
              }
            />
            <TextInput
              label={t('deposit.fields.funding.awardTitle')}
              value={award.title}
              onChange={(event) =>
                setAward({ number: award.number, title: event.currentTarget.value })
              }
            />
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('deposit.actions.cancel')}
          </Button>
          <Button onClick={save}>{t('deposit.fields.funding.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
