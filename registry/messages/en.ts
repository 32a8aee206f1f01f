/**
 * The registry's own texts in English: the emails and text messages it sends. Placeholders are `{{name}}`.
 * es.ts has exactly the same keys and placeholders (messages.test.ts checks it).
 */
const en = {
  common: {
    signature: "The National Kidney Registry patient team",
    ignore: "If you did not ask for this, you can ignore this message.",
  },
  confirmationEmail: {
    subject: "Your confirmation code",
    intro: "Please confirm your email address for your kidney transplant registration.",
    code: "Your confirmation code is {{code}}",
    validity: "Enter this code into the confirmation form. The code is good for 30 minutes.",
  },
  confirmationText: {
    text: "Your National Kidney Registry confirmation code is {{code}}. The code is good for 30 minutes.",
  },
  resetPasswordEmail: {
    subject: "Reset your password",
    intro: "We received a request to reset the password of your kidney transplant registration account.",
    action: "Reset your password",
    validity: "The link is good for 60 minutes and can be used once.",
    unchanged: "If you did not ask to reset your password, your password stays the same.",
  },
  inviteEmail: {
    subject: "Your invitation to register",
    greeting: "Hello {{firstName}} {{lastName}},",
    intro: "You are invited to register with the National Kidney Registry for the immune-tolerance program.",
    action: "Register now",
    validity: "The link is good for 30 days and can be used once.",
  },
};

export type RegistryTexts = typeof en;
export default en;
