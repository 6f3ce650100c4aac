import { safeContinuePath } from '@mergedesk/domain/session/continue-path';

/** '/login', or '/login?continue=<encoded path+query>' for any other safe path than '/'. */
export function loginPath(continuePath?: string | null): string {
  const safe = safeContinuePath(continuePath);
  if (!safe || safe === '/') return '/login';
  return `/login?continue=${encodeURIComponent(safe)}`;
}
