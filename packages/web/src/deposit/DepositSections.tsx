import { Card, Stack, Title } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeposit } from './deposit-context.ts';
import { AdditionalDescriptionsField } from './fields/AdditionalDescriptionsField/AdditionalDescriptionsField.tsx';
import { AdditionalTitlesField } from './fields/AdditionalTitlesField/AdditionalTitlesField.tsx';
import { ComingSoonField } from './fields/ComingSoonField/ComingSoonField.tsx';
import { CreatibutorsField } from './fields/CreatibutorsField/CreatibutorsField.tsx';
import { CustomFields } from './fields/CustomFields/CustomFields.tsx';
import { DatesField } from './fields/DatesField/DatesField.tsx';
import { DescriptionField } from './fields/DescriptionField/DescriptionField.tsx';
import { DoiField } from './fields/DoiField/DoiField.tsx';
import { FundingField } from './fields/FundingField/FundingField.tsx';
import { IdentifiersField } from './fields/IdentifiersField/IdentifiersField.tsx';
import { LanguagesField } from './fields/LanguagesField/LanguagesField.tsx';
import { LicensesField } from './fields/LicensesField/LicensesField.tsx';
import { PublicationDateField } from './fields/PublicationDateField/PublicationDateField.tsx';
import { ReferencesField } from './fields/ReferencesField/ReferencesField.tsx';
import { RelatedWorksField } from './fields/RelatedWorksField/RelatedWorksField.tsx';
import { ResourceTypeField } from './fields/ResourceTypeField/ResourceTypeField.tsx';
import { SubjectsField } from './fields/SubjectsField/SubjectsField.tsx';
import { TextField } from './fields/TextField/TextField.tsx';
import { TitleField } from './fields/TitleField/TitleField.tsx';
import { FilesField } from './files/FilesField.tsx';
import { sectionAnchor, type SectionId } from './sections.ts';

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      id={sectionAnchor(id)}
      component="section"
      aria-labelledby={`${sectionAnchor(id)}-title`}
    >
      <Title order={3} size="h4" mb="md" id={`${sectionAnchor(id)}-title`}>
        {t(`deposit.sections.${id}`)}
      </Title>
      <Stack>{children}</Stack>
    </Card>
  );
}

/**
 * The editor's sections in the order of SPEC §2. Memoised: what re-renders
 * the editor around it (the form turning dirty, say) does not reach the fields.
 */
export const DepositSections = memo(function DepositSections({
  onUploadingChange,
}: {
  /** Told when uploads start and end, so that leaving the page can warn. */
  onUploadingChange: (uploading: boolean) => void;
}) {
  const { t } = useTranslation();
  const { settings } = useDeposit();
  return (
    <>
      <Section id="files">
        <FilesField onUploadingChange={onUploadingChange} />
      </Section>
      <Section id="basic-information">
        <DoiField />
        <ResourceTypeField />
        <TitleField />
        <AdditionalTitlesField />
        <PublicationDateField />
        <CreatibutorsField name="metadata.creators" />
        <DescriptionField />
        <AdditionalDescriptionsField />
        <LicensesField />
      </Section>
      <Section id="recommended-information">
        <CreatibutorsField name="metadata.contributors" />
        <SubjectsField />
        <LanguagesField />
        <DatesField />
        <TextField
          name="metadata.version"
          label={t('deposit.fields.version.label')}
          description={t('deposit.fields.version.help')}
        />
        <TextField
          name="metadata.publisher"
          label={t('deposit.fields.publisher.label')}
          description={t('deposit.fields.publisher.help')}
        />
        <ComingSoonField label={t('deposit.fields.locations.label')} />
      </Section>
      {settings.customFields.length > 0 && (
        <Section id="custom-fields">
          <CustomFields groups={settings.customFields} />
        </Section>
      )}
      <Section id="funding">
        <FundingField />
      </Section>
      <Section id="alternate-identifiers">
        <IdentifiersField />
      </Section>
      <Section id="related-works">
        <RelatedWorksField />
      </Section>
      <Section id="references">
        <ReferencesField />
      </Section>
    </>
  );
});
