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
