import { useSearchParams } from 'react-router';
import { StatusCard } from '../../../components/full-page-states/status-card';
import { usePageTitle } from '../../../lib/page-title';
import { PublicErrorCard } from './public-error-card';
import {
  isSuccessfulResult,
  UNSUBSCRIBED_SUCCESS_DESCRIPTION,
  UNSUBSCRIBED_SUCCESS_TITLE,
} from './public-result-texts';

/** /unsubscribed: where a recipient lands after unsubscribing (public, spec 002 §2.11). */
export function UnsubscribedPage() {
  usePageTitle('Unsubscribe');
  const [searchParams] = useSearchParams();
  if (!isSuccessfulResult(searchParams)) return <PublicErrorCard />;
  return (
    <StatusCard
      kind="success"
      title={UNSUBSCRIBED_SUCCESS_TITLE}
      description={UNSUBSCRIBED_SUCCESS_DESCRIPTION}
    />
  );
}
