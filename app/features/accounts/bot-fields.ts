/** Names of the bot check's fields (ACC-018). Plain module: the page renders them, the server checks them. */
export const HONEYPOT_FIELD = "website";
export const ISSUED_FIELD = "formIssued";
