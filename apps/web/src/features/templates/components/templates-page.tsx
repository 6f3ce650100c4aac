import { Alert, Box, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate, useParams, useResolvedPath } from 'react-router';
import type { Template } from '@mergedesk/domain/api/templates';
import { TEMPLATE_PLACEHOLDERS } from '@mergedesk/domain/campaigns/constants';
import { ResultAlert } from '../../../components/result-alert';
import { usePageTitle } from '../../../lib/page-title';
import { PRODUCT_NAME } from '../../../lib/product';
import { useTemplates } from '../../../lib/templates';
import { useTemplateImport } from '../lib/use-template-import';
import { TemplateCard, TemplateCardPlaceholder } from './template-card';
import { TemplateImportButton } from './template-import-button';
import { TemplatePreviewModal } from './template-preview-modal';
import { RetryAlert } from '../../../components/retry-alert';

export const TEMPLATES_TITLE = 'Templates';
/** Spec 002 §2.6: "On mobile a warning says to use the desktop version" (wording ours). */
export const MOBILE_WARNING = `Please use the desktop version of ${PRODUCT_NAME} to preview and import templates.`;
export const NO_TEMPLATES = 'There are no templates yet.';

export type TemplatesPageProps = {
  /** The signed-in user: drafts are created in their mailbox and remembered per user. */
  userId: string;
};

/**
 * The template gallery (spec 002 §2.6): a grid of templates (10 placeholders while loading), a
 * preview dialog at {base}/templates/{id} (this page also renders that route) and an import
 * action per template that becomes Open after success (§4.5).
 */
export function TemplatesPage({ userId }: TemplatesPageProps) {
  usePageTitle(TEMPLATES_TITLE);
  const { templateId } = useParams();
  const navigate = useNavigate();
  // {base}/templates, from the gallery itself or from the dialog's {base}/templates/{id}
  const galleryPath = useResolvedPath(templateId === undefined ? '.' : '..', { relative: 'path' }).pathname;
  const templates = useTemplates();
  const items = templates.data?.items;
  const imports = useTemplateImport(userId, items);

  const importButton = (template: Template) => (
    <TemplateImportButton
      messageId={imports.draftOf(template.id)}
      importing={imports.importingId === template.id}
      disabled={imports.importingId !== null}
      onImport={() => imports.importTemplate(template)}
    />
  );
  const alert = <ResultAlert alert={imports.alert} onDismiss={imports.dismissAlert} />;
  const previewed =
    templateId === undefined || items === undefined
      ? undefined
      : (items.find((template) => template.id === templateId) ?? null);

  return (
    <Stack gap="lg">
      <Title order={1}>{TEMPLATES_TITLE}</Title>
      <Alert
        hiddenFrom="md"
        color="yellow"
        variant="light"
        icon={<IconDeviceDesktop aria-hidden />}
        role="note"
      >
        {MOBILE_WARNING}
      </Alert>
      {/* While the dialog is open its own copy of the alert is the one in view. */}
      {templateId === undefined && alert}
      {templates.isError ? (
        <RetryAlert onRetry={() => void templates.refetch()} retrying={templates.isFetching} />
      ) : items === undefined ? (
        <TemplateGrid busy>
          {Array.from({ length: TEMPLATE_PLACEHOLDERS }, (_, index) => (
            <Box component="li" key={index}>
              <TemplateCardPlaceholder />
            </Box>
          ))}
        </TemplateGrid>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {NO_TEMPLATES}
        </Text>
      ) : (
        <TemplateGrid busy={false}>
          {items.map((template) => (
            <Box component="li" key={template.id}>
              <TemplateCard
                template={template}
                previewPath={`${galleryPath}/${encodeURIComponent(template.id)}`}
                importButton={importButton(template)}
              />
            </Box>
          ))}
        </TemplateGrid>
      )}
      <TemplatePreviewModal
        opened={templateId !== undefined}
        onClose={() => void navigate(galleryPath)}
        template={previewed}
        importButton={previewed ? importButton(previewed) : null}
        alert={alert}
      />
    </Stack>
  );
}

function TemplateGrid({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <SimpleGrid
      component="ul"
      aria-label="Templates"
      aria-busy={busy}
      cols={{ base: 1, xs: 2, md: 3, xl: 4 }}
      spacing="md"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {children}
    </SimpleGrid>
  );
}
