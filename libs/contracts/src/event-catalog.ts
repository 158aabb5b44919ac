import { type EventDefinition } from './event-definition';
import { LEAD_CREATED_V1 } from './events/lead-created/lead-created.v1';
import { QR_CODE_CREATED_V1 } from './events/qr-code-created/qr-code-created.v1';
import { QR_CODE_DELETED_V1 } from './events/qr-code-deleted/qr-code-deleted.v1';
import { QR_CODE_UPDATED_V1 } from './events/qr-code-updated/qr-code-updated.v1';
import { QR_SCAN_LIMIT_REACHED_V1 } from './events/qr-scan-limit-reached/qr-scan-limit-reached.v1';
import { QR_SCAN_MILESTONE_REACHED_V1 } from './events/qr-scan-milestone-reached/qr-scan-milestone-reached.v1';
import { QR_SCANNED_V1 } from './events/qr-scanned/qr-scanned.v1';
import { QR_PASSWORD_GATE_V1 } from './events/qr-password-gate/qr-password-gate.v1';

/** Every event the platform emits, in one list: topic names come only from here. */
export const EVENT_CATALOG: readonly EventDefinition[] = [
  QR_CODE_CREATED_V1,
  QR_CODE_UPDATED_V1,
  QR_CODE_DELETED_V1,
  QR_SCANNED_V1,
  LEAD_CREATED_V1,
  QR_SCAN_LIMIT_REACHED_V1,
  QR_SCAN_MILESTONE_REACHED_V1,
  QR_PASSWORD_GATE_V1,
];

export const TOPICS = {
  qrCodeCreated: QR_CODE_CREATED_V1.topic,
  qrCodeUpdated: QR_CODE_UPDATED_V1.topic,
  qrCodeDeleted: QR_CODE_DELETED_V1.topic,
  qrScanned: QR_SCANNED_V1.topic,
  leadCreated: LEAD_CREATED_V1.topic,
  qrScanLimitReached: QR_SCAN_LIMIT_REACHED_V1.topic,
  qrScanMilestoneReached: QR_SCAN_MILESTONE_REACHED_V1.topic,
  qrPasswordGate: QR_PASSWORD_GATE_V1.topic,
} as const;

export function findEventDefinition(type: string, version: number): EventDefinition | undefined {
  return EVENT_CATALOG.find((d) => d.type === type && d.version === version);
}
