/**
 * `@rampkit/server/file-journal`: the webhook journal on disk, for Node. Deliveries acknowledged
 * while the store is down then survive a restart of the process.
 */
export { type FileJournalOptions, fileJournal } from './webhooks/fileJournal.js'
