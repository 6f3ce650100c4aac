import { useSearchParams } from 'react-router';
import { StatusCard } from '../../../components/full-page-states/status-card';
import { usePageTitle } from '../../../lib/page-title';
import { PublicErrorCard } from './public-error-card';
import { FORM_RESPONSE_SUCCESS_TITLE, isSuccessfulResult } from './public-result-texts';

/** /formresponse: where a recipient lands after answering a poll or feedback link (public, spec 002 §2.11). */
export function FormResponsePage() {
  usePageTitle('Your response');
  const [searchParams] = useSearchParams();
  if (!isSuccessfulResult(searchParams)) return <PublicErrorCard />;
  return <StatusCard kind="success" title={FORM_RESPONSE_SUCCESS_TITLE} />;
}
