import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { Template } from '@mergedesk/domain/api/templates';
import { GMAIL_COMPOSE_SCOPE } from '@mergedesk/domain/session/constants';
import { DRAFT_CREATION_FAILED_MESSAGE } from '@mergedesk/domain/templates/messages';
import {
  GRANT_OUTCOME_PARAM,
  grantOutcomeMessage,
  readGrantOutcome,
} from '@mergedesk/domain/session/compose-grant';
import type { ResultAlertValue } from '../../../components/result-alert';
import { useSession } from '../../../lib/session-context';
import { useCreateDraft } from '../api/create-draft';
import { draftCreatedMessage, readImportedDraft, rememberImportedDraft } from './imported-drafts';

/**
 * The query parameter that carries a template through the compose-permission round trip: the page
 * we come back to finishes the import it started (spec 002 §4.5 "First the compose permission is
 * requested, then the draft is created").
 */
const IMPORT_QUERY_PARAM = 'import';

export type TemplateImport = {
  /** The message id of the template's draft when it was imported before (the button becomes Open). */
  draftOf: (templateId: string) => string | null;
  /** The template whose draft is being created, if any. */
  importingId: string | null;
  importTemplate: (template: Template) => void;
  alert: ResultAlertValue | null;
  dismissAlert: () => void;
};

/**
 * Template import (spec 002 §4.5, spec 000 §4 "Sign-in"): without the Gmail compose permission the
 * person first gives it at the provider — a round trip of its own that never signs in or switches
 * the person (issue 9; a full redirect, back to this page); with it, the draft is created. Success records the message id for the user and template and
 * shows a success alert with the subject; a failure — a missing-authorization 403 included — shows
 * 'Gmail draft could not be created'.
 */
export function useTemplateImport(
  userId: string,
  templates: readonly Template[] | undefined,
): TemplateImport {
  const session = useSession();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const createDraft = useCreateDraft(userId);
  const [imported, setImported] = useState<Record<string, string>>({});
  // Back from a permission round trip that added nothing (cancelled, another account, failed):
  // the page opens with the draft error alert, and the import is not resumed (issue 9).
  const grantOutcome = readGrantOutcome(searchParams.get(GRANT_OUTCOME_PARAM));
  const [alert, setAlert] = useState<ResultAlertValue | null>(() =>
    grantOutcome === null
      ? null
      : { severity: 'error', message: grantOutcomeMessage(grantOutcome, session.profile?.email ?? '') },
  );
  const hasComposeScope = session.scopes.includes(GMAIL_COMPOSE_SCOPE);
  const { mutate } = createDraft;
  const importingId = createDraft.isPending ? (createDraft.variables ?? null) : null;

  const create = useCallback(
    (template: Template) =>
      mutate(template.id, {
        onSuccess: ({ messageId }) => {
          rememberImportedDraft(userId, template.id, messageId);
          setImported((current) => ({ ...current, [template.id]: messageId }));
          setAlert({ severity: 'success', message: draftCreatedMessage(template.subject) });
        },
        onError: () => setAlert({ severity: 'error', message: DRAFT_CREATION_FAILED_MESSAGE }),
      }),
    [mutate, userId],
  );

  const importTemplate = (template: Template) => {
    if (importingId !== null) return;
    setAlert(null);
    if (hasComposeScope) {
      create(template);
      return;
    }
    const params = new URLSearchParams(location.search);
    params.set(IMPORT_QUERY_PARAM, template.id);
    session.requestComposePermission(`${location.pathname}?${params.toString()}`);
  };

  // …and its parameters are dropped from the address.
  useEffect(() => {
    if (grantOutcome === null) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(GRANT_OUTCOME_PARAM);
        next.delete(IMPORT_QUERY_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [grantOutcome, setSearchParams]);

  // Back from the permission round trip: finish the import once, then drop the parameter. Should
  // the permission still be missing, the server's missing-authorization 403 gives the error alert.
  const pendingId = searchParams.get(IMPORT_QUERY_PARAM);
  const resumed = useRef<string | null>(null);
  useEffect(() => {
    if (grantOutcome !== null) return;
    if (pendingId === null || templates === undefined || resumed.current === pendingId) return;
    resumed.current = pendingId;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(IMPORT_QUERY_PARAM);
        return next;
      },
      { replace: true },
    );
    const template = templates.find((candidate) => candidate.id === pendingId);
    if (template) create(template);
  }, [grantOutcome, pendingId, templates, create, setSearchParams]);

  return {
    draftOf: (templateId) => imported[templateId] ?? readImportedDraft(userId, templateId),
    importingId,
    importTemplate,
    alert,
    dismissAlert: () => setAlert(null),
  };
}
