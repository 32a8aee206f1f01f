/** Names of the bot check's fields (ACC-018). Plain module: the page renders them, the server checks them. */
export const HONEYPOT_FIELD = "website";
export const ISSUED_FIELD = "formIssued";
/**
 * The sign-in's proof-of-work fields (docs/decisions/087), here rather than in ./proof-of-work so that a page naming
 * them (the registration page, the staff sign-in) does not load the solver, which only the sign-in dialog runs.
 */
export const CHALLENGE_FIELD = "signInChallenge";
export const PROOF_FIELD = "signInProof";
