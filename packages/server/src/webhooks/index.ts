export {
  DEFAULT_WEBHOOK_MAX_BYTES,
  type IngestAccepted,
  type IngestErrorData,
  type IngestWebhookParameters,
  type IngestWebhookResult,
  ingestWebhook,
  type RawWebhookRequest,
  WebhookConfigurationError,
} from './ingest.js'
export {
  type CreateDeliveryJournalOptions,
  createDeliveryJournal,
  DEFAULT_JOURNAL_MAX_BYTES,
  DEFAULT_JOURNAL_MAX_DELIVERIES,
  DEFAULT_STORE_TIMEOUT_MS,
  type DeliveryJournal,
  type DeliveryJournalFile,
  type DeliveryJournalReceipt,
  StoreTimeoutError,
} from './journal.js'
