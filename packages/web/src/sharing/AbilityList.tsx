import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  EXPLAINED_ACTIONS,
  type Abilities,
  type CommunityNames,
} from '../api/access-explanation.ts';
import { refusalText, ruleText } from './explanation-text.ts';

/** Each of view, preview, edit and manage: allowed by which rules, or not allowed (and why). */
export function AbilityList({
  abilities,
  communities,
}: {
  abilities: Abilities;
  communities: CommunityNames;
}) {
  const { t, i18n } = useTranslation();
  return (
    <List size="sm" spacing={2} listStyleType="none" withPadding={false}>
      {EXPLAINED_ACTIONS.map((action) => {
        const ability = abilities[action];
        const reasons = ability.allowed
          ? ability.allowed_by.map((match) => ruleText(t, match, communities))
          : [
              t('sharing.explain.notAllowed'),
              ...ability.refused_by.map((match) => refusalText(t, match, i18n.language)),
            ];
        return (
          <List.Item key={action} data-action={action} data-allowed={ability.allowed}>
            <Text span size="sm" fw={500} c={ability.allowed ? undefined : 'dimmed'}>
              {t(`sharing.permission.${action}`)}:
            </Text>{' '}
            <Text span size="sm" c={ability.allowed ? undefined : 'dimmed'}>
              {[...new Set(reasons)].join('; ')}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}
