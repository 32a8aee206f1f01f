/**
 * English texts: the medical history questionnaire (MHX-001, MHX-003, MHX-004, MHX-005), the e-sign page (ESG-001, ESG-002) and the
 * immune-tolerance stages on the dashboard (DSH-013). Texts the spec quotes are kept verbatim ('Medical History
 * Questionnaire', 'Question N of M', 'Review', 'Back to Questions', 'Confirm and Submit', 'None', 'Medical History
 * Complete', 'We were unable to update your profile', 'E-Sign', 'Return to Dashboard'); the questions are written
 * from the answers MHX-007 lists (docs/decisions/015).
 */
const medical = {
  medical: {
    title: "Medical History Questionnaire",
    /** The document title of a question (decision 031). */
    documentTitle: "Question {{number}} of {{total}} – {{title}}",
    /** The document title of the review (docs/decisions/093). */
    reviewDocumentTitle: "Review Your Answers – {{title}}",
    returnToDashboard: "Return to Dashboard",
    questionOf: "Question {{number}} of {{total}}",
    next: "Next",
    previous: "Previous",
    reviewButton: "Review",
    male: "Male",
    female: "Female",
    feet: "Feet",
    inches: "Inches",
    pounds: "pounds",
    questions: {
      receivedKidneyTransplant: {
        question: "Have you received a kidney transplant?",
      },
      lastKidneyTxpDate: {
        question: "When was your most recent kidney transplant?",
        hint: "Enter the date of the transplant. If you do not know the exact day, choose the first day of the month.",
      },
      addlMedicines: {
        question: "Which anti-rejection (immunosuppressive) medicines do you take?",
        hint: "List each medicine, with its dose if you know it. Leave this empty if you take none.",
      },
      birthDate: {
        question: "What is your date of birth?",
        hint: "This is the date of birth you registered with. If it is wrong, correct it on your profile first.",
      },
      height: {
        question: "How tall are you?",
      },
      weight: {
        question: "How much do you weigh?",
        hint: "In pounds, for example 165 or 165.5.",
      },
      hadOtherOrganTransplant: {
        question: "Have you received a transplant of any other organ?",
        hint: "For example a heart, lung, liver or pancreas transplant.",
      },
      otherOrgan: {
        question: "Your other organ transplant",
        organLabel: "Which organ or organs did you receive?",
        detailsLabel: "Details, such as when and where the transplant took place",
      },
      birthGender: {
        question: "What was your sex at birth?",
      },
      hasCardiacIssues: {
        question: "Do you have any heart (cardiac) problems?",
      },
      hasPulmonaryIssues: {
        question: "Do you have any lung (pulmonary) problems?",
      },
      hasImmunoDisease: {
        question: "Do you have an autoimmune disease or another disease of the immune system?",
      },
      hasHighBloodPressure: {
        question: "Do you have high blood pressure?",
      },
      hasAllergies: {
        question: "Do you have any allergies?",
      },
      medicalConditionComments: {
        question: "Is there anything else about your health that you would like us to know?",
        hint: "For example other medical conditions, operations or medicines.",
      },
    },
    review: {
      heading: "Review your answers",
      intro: "Please check your answers. To change one, choose its Change link.",
      caption: "Your medical history answers",
      question: "Question",
      answer: "Answer",
      changeColumn: "Change an answer",
      change: "Change",
      back: "Back to Questions",
      submit: "Confirm and Submit",
      downloadPdf: "Download as PDF",
      downloadFailed: "We could not make the PDF of your answers just now. Please try again in a few minutes.",
      yes: "Yes",
      no: "No",
      none: "None",
      male: "Male",
      female: "Female",
      heightValue: "{{feet}} ft {{inches}} in",
      weightValue: "{{pounds}} lb",
      receivedKidneyTransplant: "Kidney transplant received",
      lastKidneyTxpDate: "Date of most recent kidney transplant",
      addlMedicines: "Anti-rejection medicines",
      birthDate: "Date of birth",
      height: "Height",
      weight: "Weight",
      hadOtherOrganTransplant: "Transplant of another organ",
      otherOrganTxp: "Other organ or organs",
      otherOrganTxpDetails: "Other organ transplant details",
      birthGender: "Sex at birth",
      hasCardiacIssues: "Heart problems",
      hasPulmonaryIssues: "Lung problems",
      hasImmunoDisease: "Immune system disease",
      hasHighBloodPressure: "High blood pressure",
      hasAllergies: "Allergies",
      medicalConditionComments: "Other health information",
    },
    complete: "Medical History Complete",
    saveFailed: "We were unable to update your profile",
    notInProgram: "The medical history is for participants of the ImmunoFree program.",
    errors: {
      chooseYesNo: "Select yes or no",
      chooseBirthGender: "Select male or female",
      lastKidneyTxpDateRequired: "Enter the date of your most recent kidney transplant",
      birthDateRequired: "Enter your date of birth",
      birthDateNotRegistered: "This is not the date of birth you registered with. Enter that date, or correct it on your profile first.",
      dateInvalid: "Enter a real date in the form YYYY-MM-DD, for example 2019-03-27",
      weightRequired: "Enter your weight in pounds",
      otherOrganRequired: "Enter which organ or organs you received",
      textTooLong: "Please use no more than 1000 characters",
      organTooLong: "Please use no more than 200 characters",
      tooLongToKeep: "Your answers are too long for us to keep. Please shorten this answer.",
    },
    stages: {
      title: "Program steps",
      registration: "Registration",
      medicalHistory: "Medical History",
      eSign: "E-Sign",
      preWorkupLabs: "Pre-workup Labs",
      completed: "Completed",
      done: "(completed)",
      current: "(current step)",
      nextTitle: "Next step",
      nextRegistration: "The program's coordinator is reviewing your registration and will contact you.",
      nextMedicalHistory: "Please complete the medical history questionnaire.",
      /** Before the screening: one next step, the screening (docs/decisions/128). */
      nextScreeningFirst: "Your first step is the screening questionnaire below. The medical history questionnaire comes after it.",
      nextESign: "Please read and sign the program's consent form.",
      nextPreWorkupLabs: "Thank you for signing the consent form. The program's coordinator will contact you about the pre-workup lab tests.",
      nextCompletion: "Your pre-workup lab tests are recorded. The program's coordinator will contact you about the next steps.",
      nextNone: "You have completed every step of the program's registration. Thank you.",
      nextOptedOut: "You are not taking part in the program at the moment. To continue, please contact the program's coordinator.",
    },
  },
  eSign: {
    title: "E-Sign",
    heading: "ImmunoFree E-Sign",
    documentLabel: "Consent document",
    instruction: "Your signature must match your full name exactly: {{name}}. It is case sensitive.",
    nameLabel: "Type your full name to sign",
    continue: "Continue",
    returnToDashboard: "Return to Dashboard",
    signed: "Thank you. Your consent form is signed.",
    signFailed: "We could not record your signature just now. Please try again.",
    loadFailed: "We could not load the consent form just now. Please try again in a moment.",
    nameMismatch: "Your signature must match your first and last name exactly, including capital letters",
    notInProgram: "Only participants of the ImmunoFree program can sign this consent form.",
    medicalHistoryFirst: "Please complete the medical history questionnaire before you sign the consent form.",
    alreadySigned: "You have already signed the consent form.",
    documentChanged: "The consent form has changed since you opened it. Please read it again before you sign.",
    /** With JavaScript, why Continue is not available yet (decision 038). */
    waitCase: "Continue is available once the capital letters match too: type {{name}}.",
    waitName: "Continue is available once the name you type matches {{name}} exactly.",
  },
} as const;

/** The registry's field keys of the medical history (contract/medical-history.ts MedicalHistoryKey), merged into `validation`. */
export const medicalValidation = {
  dateInFuture: "The date cannot be later than today",
  dateTooEarly: "The date cannot be earlier than 01/01/1920",
  heightFtRange: "Select your height in feet, from 1 to 7",
  heightInchesRange: "Select inches, from 0 to 11",
  weightRange: "Enter your weight in pounds as a number from 50 to 1000, with at most one decimal",
  birthDateNotRegistered: "This is not the date of birth you registered with",
} as const;

export default medical;
