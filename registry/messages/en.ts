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
  /** The one-time sign-in link after the right password from a new browser over the cap (docs/decisions/132). */
  signInLinkEmail: {
    subject: "Your sign-in link",
    intro:
      "Someone signed in to your kidney transplant registration account with your password from a browser we do not know. After many failed attempts on your account, a new browser signs in with this link.",
    action: "Sign in",
    validity: "The link is good for 15 minutes and can be used once, in the browser where you open it.",
    unchanged:
      "If this was not you, do not open the link: someone else knows your password. Reset your password with 'Forgot your password?' right away.",
  },
  /** Security notices to the old contact when the email or mobile changes (docs/decisions/025); sent even to opted-out patients. */
  contactChanged: {
    emailSubject: "The email address of your account was changed",
    emailIntro:
      "The email address of your kidney transplant registration account was changed to {{newValue}}. From now on, you sign in and receive our messages at that address.",
    emailWarning:
      "If you did not make this change, someone else may be using your account: reset your password with 'Forgot your password?' and contact the patient team right away.",
    text: "National Kidney Registry: the mobile number of your account was changed to {{newValue}}. If you did not make this change, contact the patient team right away.",
  },
  /**
   * Security notices after a password change or reset (docs/decisions/088): no link, no secret; sent even to opted-out
   * patients.
   */
  passwordChanged: {
    subject: "The password of your account was changed",
    changed: "The password of your kidney transplant registration account was changed from your profile.",
    reset: "The password of your kidney transplant registration account was reset with a link sent to this email address.",
    signedOut: "Every device that was signed in to your account has been signed out, and earlier password reset links no longer work.",
    warning:
      "If you did not make this change, someone else may be using your account: choose a new password with 'Forgot your password?' on the sign-in page, and contact the patient team right away.",
    text: "National Kidney Registry: the password of your account was changed. If you did not make this change, contact the patient team right away.",
  },
  inviteEmail: {
    subject: "Your invitation to register",
    greeting: "Hello {{firstName}} {{lastName}},",
    intro: "You are invited to register with the National Kidney Registry for the immune-tolerance program.",
    action: "Register now",
    validity: "The link is good for 30 days and can be used once.",
  },
  /** A staff person's setup link (docs/decisions/126): an invitation, or a new link after a lost phone. */
  staffLinkEmail: {
    subject: "Your National Kidney Registry staff account",
    greeting: "Hello {{name}},",
    intro:
      "A staff account of the National Kidney Registry is ready for you. Open the link to choose your password, then set up an authenticator app on your phone: you will need a code from it each time you sign in.",
    action: "Set up your staff account",
    validity: "The link is good for 24 hours and can be used once. If it has expired, ask a registry administrator for a new one.",
  },
  /** Lab orders and results (LAB-002, LAB-003, LAB-004): readiness issues, emails and the two PDFs. */
  labs: {
    issues: {
      optedOut: "You have opted out of the registration process. Opt in from your dashboard to continue.",
      wrongStatus: "Your registration is not at the lab tests step.",
      noCenter: "No transplant center has been selected.",
      noOrder: "No lab tests have been ordered.",
      orderExpired: "Your lab order has expired. Please request labs again from your dashboard.",
    },
    approvedEmail: {
      subject: "Your lab order is ready",
      intro: "Your lab order for your kidney transplant registration has been approved.",
      instructions: "Download and print it from the Lab Tests page of your dashboard, and take it to the lab. The order is valid until {{expires}}.",
      action: "Go to your dashboard",
    },
    declinedEmail: {
      subject: "Your lab order was not approved",
      intro: "The lab could not approve the lab order of your kidney transplant registration.",
      instructions: "Sign in to your dashboard and choose Request Labs to ask for a new lab order. If this happens again, contact the registry.",
      action: "Go to your dashboard",
    },
    resultsEmail: {
      subject: "Your lab results were received",
      intro: "The lab has sent your results to the registry, and your registration has been sent to your transplant center.",
      action: "Go to your dashboard",
    },
    orderPdf: {
      title: "Lab Order",
      subject: "Kidney transplant pre-evaluation lab order",
      patientHeading: "Patient",
      name: "Name",
      birthDate: "Date of birth",
      orderHeading: "Order",
      requisition: "Requisition number",
      ordered: "Order date",
      expires: "Valid until",
      center: "Transplant center",
      testsHeading: "Tests ordered",
      instructions:
        "Give this order to the lab when your samples are taken. The lab sends the results to the National Kidney Registry with the requisition number, and the registry sends them to your transplant center.",
      footer: "National Kidney Registry - lab order {{requisition}} - page {page} of {pages}",
    },
    resultsPdf: {
      title: "Lab Results",
      subject: "Kidney transplant pre-evaluation lab results",
      received: "Results received",
      statement:
        "The lab reported the results of the tests listed below to the National Kidney Registry. The detailed values have been sent to your transplant center, which will contact you about them.",
      valuesStatement:
        "The lab reported these results to the National Kidney Registry. Your transplant center receives them too and will contact you about them. Ask your transplant team what they mean for you.",
      valuesHeading: "Results",
      columns: { name: "Test", value: "Result", unit: "Unit", referenceRange: "Reference range", flag: "Flag" },
      flags: { normal: "Normal", low: "Low", high: "High", abnormal: "Abnormal", critical: "Critical" },
      footer: "National Kidney Registry - lab results {{requisition}} - page {page} of {pages}",
    },
    /** A kidney-transplant pre-evaluation panel, in the order printed. */
    tests: {
      cbc: "Complete blood count (CBC) with differential",
      cmp: "Comprehensive metabolic panel (CMP)",
      abo: "Blood type (ABO and Rh)",
      hla: "HLA typing (class I and II)",
      pra: "Panel reactive antibodies (PRA)",
      hiv: "HIV-1/2 antigen and antibody",
      hepB: "Hepatitis B (HBsAg, anti-HBs, anti-HBc)",
      hepC: "Hepatitis C antibody",
      cmv: "Cytomegalovirus (CMV) IgG",
      ebv: "Epstein-Barr virus (EBV) IgG",
      urinalysis: "Urinalysis with urine protein-to-creatinine ratio",
    },
  },
  /** The immune-tolerance program's consent (ESG-001, ESG-003): shown as HTML, signed, kept as a PDF. */
  consent: {
    title: "Consent to Take Part in the ImmunoFree Immune-Tolerance Program",
    participant: "Participant",
    date: "Date",
    version: "Document version",
    intro:
      "You are invited to take part in ImmunoFree, a research program of the National Kidney Registry and its participating transplant centers for people who have received a kidney transplant. Please read this document carefully. Take as much time as you need, and ask about anything you do not understand before you sign.",
    purposeHeading: "Why is this program being done?",
    purpose:
      "After a kidney transplant, most people take anti-rejection (immunosuppressive) medicines for the rest of their lives. These medicines protect the new kidney, but over the years they can cause infections, some cancers, diabetes, high blood pressure and kidney damage. The program studies whether carefully selected transplant recipients can safely take less of these medicines, or stop them, because their immune system has learned to accept the kidney (immune tolerance).",
    involvesHeading: "What will happen if I take part?",
    involves: {
      history: "The medical history you gave in this portal is shared with the program's team and a participating transplant center.",
      // The program's staff arrange these tests; the portal only shows the stage they record (docs/decisions/095).
      labs: "You have pre-workup laboratory tests (blood and urine) at a laboratory near you. The program's team arranges these tests and contacts you about them; this portal does not order them, and your dashboard shows when the team has recorded them.",
      contact:
        "If the results show that you may be eligible, a transplant center contacts you to explain the next steps, which may include more tests and clinic visits. Any change to your treatment needs a separate consent, signed with your transplant team.",
      followUp: "The program may ask you about your health for up to five years, by email, by phone or at clinic visits.",
    },
    risksHeading: "What are the risks?",
    risks:
      "The laboratory tests carry the small risks of a blood draw: pain, bruising, feeling light-headed and, rarely, infection. Taking less anti-rejection medicine can lead to rejection and even loss of the transplanted kidney; this is why no medicine is ever changed as part of this consent. There is also a small risk that someone who should not see your information could see it; the protections described below make this unlikely.",
    benefitsHeading: "Are there benefits?",
    benefits:
      "You may not benefit directly. If you are eligible, you may in time need fewer anti-rejection medicines. What the program learns may help other transplant recipients.",
    voluntaryHeading: "Taking part is your choice",
    voluntary:
      "Taking part is voluntary. You may decide not to take part, or stop at any time, without any penalty and without any effect on the care you receive from your transplant center or on your registration with the registry. To stop, write to the program team or opt out in the portal. Information already collected may still be used as described in this document.",
    privacyHeading: "Your privacy (HIPAA)",
    privacy:
      "Your health information is protected by the Health Insurance Portability and Accountability Act (HIPAA) and other laws. By signing, you allow the registry to use your medical history, laboratory results and contact details for this program, and to share them with the participating transplant center, the laboratory and the people who oversee the research, such as an institutional review board. Research reports never name you. This permission does not expire unless you cancel it in writing; cancelling it ends your participation.",
    costsHeading: "Costs and payment",
    costs: "The pre-workup laboratory tests arranged by the program's team are provided at no cost to you. You will not be paid for taking part.",
    contactHeading: "Questions",
    contact:
      "For questions about the program, reply to any email the registry has sent you and the patient team will contact you. For questions about your rights as a research participant, ask your transplant center for the contact details of its institutional review board.",
    agreementHeading: "Your agreement",
    agreement:
      "By typing your full name and selecting Continue, you confirm that you have read this document, that your questions have been answered, and that you agree to take part in the ImmunoFree program. Your typed name is your electronic signature and has the same effect as a handwritten signature. You may ask the registry for a copy of the signed document at any time.",
    signatureCaption: "Electronic signature",
    signedBy: "Signed by",
    signedAt: "Signed on (UTC)",
    documentHash: "Document SHA-256",
    clientAddress: "IP address",
    userAgent: "Browser",
    footer: "National Kidney Registry - ImmunoFree consent - page {page} of {pages}",
  },
  /**
   * The answers to a text-message keyword (docs/decisions/106, ACC-040): the one text after STOP (the carriers require
   * it), START's and HELP's. Texts: short, no link but the portal's address.
   */
  keywords: {
    stopped:
      "National Kidney Registry: you will receive no more text messages from us, not even confirmation codes. Reply START to receive them again.",
    started: "National Kidney Registry: you will receive our text messages again. Reply HELP for help, STOP to stop.",
    help: "National Kidney Registry patient portal: texts about your kidney transplant registration and confirmation codes. For help, sign in at {{url}} or reply to any email we sent you. Msg&data rates may apply. Reply STOP to stop.",
  },
  /**
   * Messages along the journey (docs/decisions/042): after the screening, the medical history and
   * the e-signature, and when staff move a referral or the immune-tolerance stage on. Automated: not to opted-out
   * patients. The text message says what happened without medical detail, and points only to the dashboard, never to an
   * email the patient may not get (docs/decisions/128).
   */
  journey: {
    action: "Go to your dashboard",
    /** The text message of each piece of news, for a patient who chose texts (docs/decisions/109, 128). */
    texts: {
      screening: "National Kidney Registry: we received your screening questionnaire. Sign in to your dashboard to see what comes next.",
      medicalHistory: "National Kidney Registry: we received your medical history questionnaire. Sign in to your dashboard for your next step.",
      eSign: "National Kidney Registry: we received your signed consent. Sign in to your dashboard to see what comes next.",
      centerSelected: "National Kidney Registry: we received your transplant center selection. Sign in to your dashboard to see what comes next.",
      referralApproved: "National Kidney Registry: your transplant center approved your referral. Sign in to your dashboard for details.",
      referralCompleted: "National Kidney Registry: your transplant center completed your referral. Sign in to your dashboard for details.",
      referralDeclined:
        "National Kidney Registry: the transplant center you chose declined your referral. Sign in to your dashboard to see what you can do next.",
      referralCancelledByCenter:
        "National Kidney Registry: the transplant center you chose cancelled your referral. Sign in to your dashboard to see what you can do next.",
      preWorkupLabs: "National Kidney Registry: the program's team recorded your pre-workup lab tests. Sign in to your dashboard for details.",
      programCompleted:
        "National Kidney Registry: you have completed every step of the program's registration. Sign in to your dashboard for details.",
      labOrderReady: "National Kidney Registry: your lab order is ready. Sign in to your dashboard to download and print it.",
      labOrderDeclined: "National Kidney Registry: your lab order was not approved. Sign in to your dashboard to request a new one.",
      labResults:
        "National Kidney Registry: your lab results were received and sent to your transplant center. Sign in to your dashboard for details.",
    },
    screening: {
      subject: "We received your screening questionnaire",
      intro: "Thank you for completing the screening questionnaire of your kidney transplant registration.",
      selectCenter: "Your next step is to select a transplant center from your dashboard.",
      referred: "You will be referred to {{center}} once your lab tests are done. We will email you when your lab order is ready.",
      /** The same for a patient who chose texts only for lab news (docs/decisions/128). */
      referredByText:
        "You will be referred to {{center}} once your lab tests are done. We will send you a text message when your lab order is ready.",
      ifCandidate:
        "You may be eligible for the ImmunoFree immune-tolerance program. Your application has been submitted for review; if you are selected, we will contact you by email.",
      /** What the Complete page and the dashboard card say to a patient staying with a non-member center (095). */
      staysNonMember:
        "We are glad you are satisfied with your current transplant center, {{center}}, and do not wish to transfer your care. {{center}} is not a member center of the registry: no lab tests or referral are needed. If you would like to transfer your care to a member center, choose Change Center on your dashboard.",
      /** The one explanation for primary goal Other, as on the Complete page and the dashboard (095). */
      otherGoal:
        "You described a goal of your own (Other), so we will not refer you to a transplant center now: we refer patients only for the goals our programs serve (finding a transplant center, the Standard Voucher program, a Microsite center or a Kidney for Life center). If one of these goals fits you, choose My Situation has Changed on your dashboard and choose it.",
      notContinuing:
        "Based on your answers, we are unable to continue your registration at this time. Your dashboard explains why, and you can update your answers there if your situation changes.",
    },
    medicalHistory: {
      subject: "We received your medical history",
      intro: "Thank you for completing the medical history questionnaire of the ImmunoFree program.",
      next: "Your next step is to read and e-sign the program's consent from your dashboard.",
    },
    eSign: {
      subject: "You signed the ImmunoFree consent",
      intro: "Thank you for signing the consent to take part in the ImmunoFree program.",
      next: "The program's team will arrange your pre-workup lab tests and contact you.",
    },
    centerSelected: {
      subject: "Your transplant center selection",
      intro: "Thank you for selecting {{center}}. Your referral to the center is pending.",
      nextLabs: "A simple blood test is needed before the center can evaluate you. We will email you when your lab order is ready.",
      nextLabsByText:
        "A simple blood test is needed before the center can evaluate you. We will send you a text message when your lab order is ready.",
      nextCenter: "The center will contact you about the next steps.",
    },
    referralApproved: {
      subject: "Your transplant center approved your referral",
      intro: "{{center}} has approved your referral.",
      next: "The center will contact you about the next steps of your evaluation.",
    },
    referralCompleted: {
      subject: "Your transplant center completed your referral",
      intro: "{{center}} has completed your referral.",
      next: "For questions about your care, please contact the center directly.",
    },
    referralDeclined: {
      subject: "The transplant center declined your referral",
      intro: "{{center}} has declined your referral.",
      next: "For the reasons, please contact the center directly. You can choose another transplant center with Change Center on your dashboard.",
    },
    referralCancelledByCenter: {
      subject: "The transplant center cancelled your referral",
      intro: "{{center}} has cancelled your referral.",
      next: "For the reasons, please contact the center directly. You can choose another transplant center with Change Center on your dashboard.",
    },
    preWorkupLabs: {
      subject: "Your ImmunoFree pre-workup lab tests are recorded",
      intro: "The ImmunoFree program's team has recorded your pre-workup lab tests.",
      next: "The program's coordinator will contact you about the next steps.",
    },
    programCompleted: {
      subject: "Your ImmunoFree registration is complete",
      intro: "You have completed every step of the ImmunoFree program's registration. Thank you.",
      next: "The program's team and a participating transplant center will contact you about what follows.",
    },
  },
};

export type RegistryTexts = typeof en;
export default en;
