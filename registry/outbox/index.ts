export { enqueueMessage, listOutbox, type OutgoingMessage } from "./outbox";
