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
