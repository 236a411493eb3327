import { useTranslation } from 'react-i18next';
import { RecordSearch } from '../search/RecordSearch.tsx';
import { communityScope, useCommunityOfPage } from './community-context.ts';

/** The community's records: the search page's search, kept to this community. */
export function CommunityRecords() {
  const { t } = useTranslation();
  const community = useCommunityOfPage();
  return <RecordSearch queryLabel={t('communities.query')} scope={communityScope(community)} />;
}
