export { enqueueMessage, listOutbox, type OutgoingMessage } from "./outbox";
export { channelConfigured, enqueue, enqueueForPatient } from "./enqueue";
export { processOutbox, retryDelayMs, startOutboxWorker, type OutboxWorker } from "./worker";
