import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { LinkUsage as LinkUsageJson, SecretLink } from '../api/sharing.ts';
import { formatRelativeTime } from '../i18n/format.ts';

/** Whether a link's caps are spent: it opens nothing any more. */
export function isUsedUp(link: SecretLink): boolean {
  const uses = link.usage?.uses ?? 0;
  return link.max_uses != null && uses >= link.max_uses;
}

/** "Uses: 14 · Downloads: 2 · Visitors: about 3 · Last use: yesterday", or "Not used yet". */
export function usageText(t: TFunction, usage: LinkUsageJson, language: string): string {
  return usage.last_used_at
    ? t('sharing.links.usage', {
        uses: usage.uses,
        downloads: usage.downloads,
        visitors: usage.visitors,
        when: formatRelativeTime(usage.last_used_at, language),
      })
    : t('sharing.links.unused');
}

/**
 * How a link was used and what limits it, as its managers see it: "Uses: 14 ·
 * Downloads: 2 · Visitors: about 3 · Last use: yesterday", then its caps.
 */
export function LinkUsage({ link }: { link: SecretLink }) {
  const { t, i18n } = useTranslation();
  const usage = link.usage;
  const caps = [
    link.max_uses != null
      ? t('sharing.links.capOf', {
          label: t('sharing.links.maxUses'),
          used: usage?.uses ?? 0,
          max: link.max_uses,
        })
      : null,
    link.max_downloads != null
      ? t('sharing.links.capOf', {
          label: t('sharing.links.maxDownloads'),
          used: usage?.downloads ?? 0,
          max: link.max_downloads,
        })
      : null,
    link.one_visitor ? t('sharing.links.oneVisitor') : null,
    link.notify_first_use ? t('sharing.links.notifyFirstUse') : null,
  ].filter((cap): cap is string => cap !== null);
  return (
    <>
      {usage && (
        <Text size="xs" c="dimmed" data-testid="link-usage">
          {usageText(t, usage, i18n.language)}
        </Text>
      )}
      {isUsedUp(link) && (
        <Text size="xs" c="red.9" fw={700}>
          {t('sharing.links.limitReached')}
        </Text>
      )}
      {caps.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="link-caps">
          {caps.join(' · ')}
        </Text>
      )}
    </>
  );
}
