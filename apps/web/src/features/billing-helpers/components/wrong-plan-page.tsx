import { Title } from '@mantine/core';
import { CenteredPage } from '../../../components/full-page-states/centered-page';
import { usePageTitle } from '../../../lib/page-title';

/** /wrong-plan (spec 001 "Wrong plan"). Placeholder: a later issue builds the page. */
export function WrongPlanPage() {
  usePageTitle('Wrong plan');
  return (
    <CenteredPage>
      <Title order={1} size="h2">
        Wrong plan
      </Title>
    </CenteredPage>
  );
}
