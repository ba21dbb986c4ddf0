import type { RecipientReception, ReportCycleSettings, ReportRunRecord } from '@lightwell/domain';
import type { QueryClient } from '@tanstack/react-query';
import { projectKeys } from '../api/project';
import { reportCycleKeys } from '../api/report-cycle';
import { testUser } from './render-app';

/** A project's report cycles as the server answers them (component test data). */
export function cycleSettings(canEdit: boolean): ReportCycleSettings {
  return {
    pid: 4,
    projectName: 'Klinikum Süd',
    canEdit,
    cycles: [
      {
        cycle: 'weekly',
        enabled: true,
        sendDay: 1,
        sections: ['energy', 'cost', 'co2'],
        enabledAt: 1_773_000_000,
        next: { at: Date.parse('2026-03-29T23:30:00Z') / 1000, key: '2026-W13' },
      },
      ...(['monthly', 'quarterly', 'yearly'] as const).map((cycle) => ({
        cycle,
        enabled: false,
        sendDay: 1 as const,
        sections: ['energy', 'cost', 'co2'] as ReportCycleSettings['cycles'][number]['sections'],
        enabledAt: null,
        next: null,
      })),
    ],
  };
}

/** Seeds the project picker (project 4) and its cycle settings. */
export function seedProject(client: QueryClient, canEdit: boolean) {
  client.setQueryData(projectKeys.list(testUser.uid), [
    { id: 4, name: 'Klinikum Süd', remarks: '', isDefault: true, ownerName: 'Ana', isCreator: canEdit },
  ]);
  client.setQueryData(reportCycleKeys.settings(testUser.uid, 4), cycleSettings(canEdit));
}

/** Two recipients: one active with a mail sent and one due, one whose link expired, paused. */
export const reception: RecipientReception[] = [
  {
    id: 1,
    email: 'li@example.com',
    language: 'zh',
    kinds: ['energyReport', 'emergencyFault'],
    status: 'active',
    activatedAt: 1_770_000_000,
    linkExpiresAt: null,
    paused: false,
    csv: false,
    lastSentAt: Date.parse('2026-03-23T00:30:05Z') / 1000,
    lastKind: 'energy',
    nextDue: { at: Date.parse('2026-03-29T23:30:00Z') / 1000, kind: 'energy', cycle: 'weekly', key: '2026-W13' },
  },
  {
    id: 2,
    email: 'old@example.com',
    language: 'de',
    kinds: ['selfTestReport'],
    status: 'expired',
    activatedAt: null,
    linkExpiresAt: 1_770_000_000,
    paused: true,
    csv: true,
    lastSentAt: null,
    lastKind: null,
    nextDue: null,
  },
];

const SHA = 'ab'.repeat(32);

/** Runs of a project: a late weekly report sent to two, a skipped month, a failed quarter. */
export const runs: ReportRunRecord[] = [
  {
    id: 31,
    kind: 'energy',
    cycle: 'weekly',
    periodKey: '2026-W13',
    version: 1,
    restates: null,
    network: null,
    periodStart: Date.parse('2026-03-23T00:00:00Z') / 1000,
    periodEnd: Date.parse('2026-03-29T23:00:00Z') / 1000,
    sendAt: Date.parse('2026-03-29T23:30:00Z') / 1000,
    late: true,
    lateReason: 'downtime',
    lateSince: Date.parse('2026-03-23T00:30:00Z') / 1000,
    state: 'sent',
    reason: null,
    sections: ['energy', 'cost', 'co2'],
    createdAt: Date.parse('2026-04-14T08:00:20Z') / 1000,
    issuedAt: Date.parse('2026-04-14T08:00:21Z') / 1000,
    finishedAt: Date.parse('2026-04-14T08:00:25Z') / 1000,
    figures: [
      { name: 'networks', value: 1, unit: null },
      { name: 'energyKWh', value: 16.7, unit: 'kWh' },
      { name: 'cost', value: 501, unit: 'GBP' },
    ],
    files: [{ fileName: 'issued-31-en.pdf', format: 'pdf', language: 'en', size: 30_000, sha256: SHA }],
    deliveries: [
      {
        id: 7,
        email: 'li@example.com',
        language: 'en',
        formats: ['pdf'],
        copy: 0,
        state: 'sent',
        messageId: '<report.31.0.abc@console.example.com>',
        serverAnswer: '250 OK: queued as 7F3',
        attempts: 1,
        intentAt: Date.parse('2026-04-14T08:00:24Z') / 1000,
        sentAt: Date.parse('2026-04-14T08:00:25Z') / 1000,
        error: null,
      },
    ],
    restated: false,
  },
  {
    id: 30,
    kind: 'energy',
    cycle: 'monthly',
    periodKey: '2026-02',
    version: 1,
    restates: null,
    network: null,
    periodStart: Date.parse('2026-02-01T00:00:00Z') / 1000,
    periodEnd: Date.parse('2026-03-01T00:00:00Z') / 1000,
    sendAt: Date.parse('2026-03-01T00:00:00Z') / 1000,
    late: false,
    lateReason: null,
    lateSince: null,
    state: 'skipped',
    reason: 'noRecipients',
    sections: ['energy'],
    createdAt: Date.parse('2026-03-01T00:00:20Z') / 1000,
    issuedAt: null,
    finishedAt: Date.parse('2026-03-01T00:00:21Z') / 1000,
    figures: [],
    files: [],
    deliveries: [],
    restated: false,
  },
];
