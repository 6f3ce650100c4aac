import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearAlertsOnNavigation,
  dismissAlert,
  DISMISSED_ALERTS_STORAGE_KEY,
  getVisibleAlerts,
  isAlertDismissed,
  markAlertsSeen,
  resetAlertStore,
  showAlert,
  showErrorAlert,
  showInvitationErrorAlert,
  showJoinedAlert,
  showOwnershipTransferredAlert,
  showSpaceCreatedAlert,
  showSpaceDeletedAlert,
} from './alerts';

beforeEach(() => {
  localStorage.clear();
  resetAlertStore();
});

const titles = () => getVisibleAlerts().map((alert) => alert.title);

describe('alert dismissal (spec 000 §4: stored locally per alert key and persists)', () => {
  it('hides the alert and remembers its key in localStorage', () => {
    showAlert({ key: 'legacy:space-1', kind: 'legacy', tone: 'warning', title: 'Legacy' });
    dismissAlert('legacy:space-1');

    expect(titles()).toEqual([]);
    expect(isAlertDismissed('legacy:space-1')).toBe(true);
    expect(JSON.parse(localStorage.getItem(DISMISSED_ALERTS_STORAGE_KEY)!)).toEqual(['legacy:space-1']);
  });

  it('keeps the dismissal after a reload, per key', () => {
    dismissAlert('legacy:space-1');
    resetAlertStore(); // a new visit: state rebuilt from localStorage

    showAlert({ key: 'legacy:space-1', kind: 'legacy', tone: 'warning', title: 'Space 1' });
    showAlert({ key: 'legacy:space-2', kind: 'legacy', tone: 'warning', title: 'Space 2' });

    expect(isAlertDismissed('legacy:space-1')).toBe(true);
    expect(isAlertDismissed('legacy:space-2')).toBe(false);
    expect(titles()).toEqual(['Space 2']);
  });

  it('survives unreadable storage content', () => {
    localStorage.setItem(DISMISSED_ALERTS_STORAGE_KEY, '{not json');
    resetAlertStore();
    expect(isAlertDismissed('anything')).toBe(false);
  });
});

describe('clearing on navigation (spec 000 §4: remove, create, transfer, join, error once seen)', () => {
  it.each(['create', 'remove', 'transfer', 'join', 'error'] as const)('clears a seen %s alert', (kind) => {
    const key = showAlert({ kind, tone: 'success', title: kind });
    markAlertsSeen([key], '/a/b/mail-merges/sent');

    clearAlertsOnNavigation('/a/b/mail-merges/sent'); // same page: still there
    expect(titles()).toEqual([kind]);

    clearAlertsOnNavigation('/a/b/templates');
    expect(titles()).toEqual([]);
  });

  it('keeps an alert that has not been seen yet (set just before navigating)', () => {
    showAlert({ kind: 'create', tone: 'success', title: 'Created' });
    clearAlertsOnNavigation('/new/space/mail-merges/sent');
    expect(titles()).toEqual(['Created']);
  });

  it('keeps kinds that are not cleared on navigation', () => {
    const key = showAlert({ kind: 'legacy', tone: 'warning', title: 'Legacy' });
    markAlertsSeen([key], '/a/b/mail-merges/sent');
    clearAlertsOnNavigation('/a/b/templates');
    expect(titles()).toEqual(['Legacy']);
  });

  it('gives one-shot alerts unique keys, so dismissing one does not hide the next', () => {
    const first = showAlert({ kind: 'error', tone: 'error', title: 'First' });
    dismissAlert(first);
    showAlert({ kind: 'error', tone: 'error', title: 'Second' });
    expect(titles()).toEqual(['Second']);
  });
});

describe('the banners of spec 000 §8', () => {
  const shown = (show: () => string) => {
    resetAlertStore();
    show();
    return getVisibleAlerts().map(({ kind, tone, title, description }) => ({
      kind,
      tone,
      title,
      description,
    }));
  };

  it.each([
    [
      'created',
      showSpaceCreatedAlert,
      { kind: 'create', tone: 'success', title: 'Your new space has been created.' },
    ],
    [
      'deleted',
      showSpaceDeletedAlert,
      {
        kind: 'remove',
        tone: 'success',
        title: 'The space has been deleted.',
        description: 'You have been switched to another space.',
      },
    ],
    [
      'transferred',
      () => showOwnershipTransferredAlert('adam@acme.test'),
      {
        kind: 'transfer',
        tone: 'success',
        title: 'Ownership transferred to adam@acme.test',
        description: 'You stay in the space as a regular user.',
      },
    ],
    ['joined', showJoinedAlert, { kind: 'join', tone: 'success', title: 'Welcome to MergeDesk!' }],
    [
      'invitation error 409',
      () => showInvitationErrorAlert(409, 'user_already_exists'),
      {
        kind: 'join',
        tone: 'error',
        title: 'The invitation could not be finalized.',
        description: 'You are already a member of this space.',
      },
    ],
    [
      'invitation error 500',
      () => showInvitationErrorAlert(500),
      {
        kind: 'join',
        tone: 'error',
        title: 'The invitation could not be finalized.',
        description: 'Please try again later.',
      },
    ],
    [
      'generic error',
      () => showErrorAlert(),
      {
        kind: 'error',
        tone: 'error',
        title: 'Something went wrong.',
        description: 'Please try again later.',
      },
    ],
  ] as const)('%s', (_name, show, expected) => {
    expect(shown(show)).toEqual([{ description: undefined, ...expected }]);
  });
});
