/**
 * English texts: the screening questionnaire (SCR-002, SCR-004, SCR-005, SCR-009, SCR-010, SCR-011, SCR-013, SCR-017,
 * SCR-019) and the dashboard's registration card
 * (DSH-004, DSH-006, DSH-008, DSH-010). Keys returned by app/features/screening and app/features/centers are listed in
 * app/features/screening/LOCALE_KEYS.md. The card's keys live under `landing` (shared with account.ts), so they
 * are exported apart and merged into `landing` by en/index.ts.
 */
const screening = {
  screening: {
    title: "Screening Questionnaire",
    /** The document title of a step (decision 031): the step, then the questionnaire. */
    documentTitle: "Step {{step}} of {{total}}: {{name}} – {{title}}",
    /** The document title of a page outside the tracker's steps (docs/decisions/093): its name, then the questionnaire. */
    documentTitleOffTracker: "{{name}} – {{title}}",
    offTracker: {
      postTransplant: "Transplant Details",
      notEligible: "Not Eligible for Referral",
    },
    returnToDashboard: "Return to Dashboard",
    continue: "Continue",
    previous: "Previous",
    warning: "Please read VERY carefully your answers will affect which transplant centers you will be able to select.",
    tracker: {
      label: "Screening progress",
      progress: "Progress: Step {{step}} of {{total}}",
      percent: "{{percent}}% complete",
      completed: "(completed)",
      current: "(current step)",
      healthStatus: "Health Status",
      registration: "Registration",
      selectCenter: "Select Center",
      transferCare: "Transfer Care",
      donorStatus: "Donor Status",
      yourGoals: "Your Goals",
      verifyInfo: "Verify Info",
      complete: "Complete",
    },
    errors: {
      chooseOption: "Please choose an answer to continue",
      describeOther: "Please describe your answer to continue",
      chooseCenter: "Please select a transplant center to continue",
      notAllowed: "This step is not available. Please continue from the step shown.",
      saveFailed: "Unfortunately, we are unable to continue.",
      errorDetail: "Error: {{message}}",
      timedOut: "Unfortunately, we are unable to continue. Your login has timed out. You will be redirected back to the login page shortly...",
      centersFailed: "Failed to load transplant centers. Please try again later.",
      patientDataFailed: "Failed to load patient data. Please refresh the page or try again later.",
      recordUpdateFailed: "Failed to update medical record. Please try again.",
    },
    patientSituation: {
      question: "What best describes your situation?",
      dialysis2Years: "I will need a transplant in the next two years but am not on dialysis",
      dialysisNow: "I am on dialysis and need a kidney transplant",
      transplanted: "I have received a kidney transplant",
      transplantedNoImmunosuppression: "I have received a kidney transplant and take no immunosuppression",
      other: "Other",
      otherLabel: "Please describe your situation",
    },
    postTransplant: {
      question: "Did your kidney transplant come from a biological relative?",
      parent: "Parent",
      child: "Child",
      sibling: "Sibling",
      biologicalOther: "Other biological relative (not parent, child or sibling)",
      notBiological: "Not a biological relative",
      antigenQuestion: "Was it a 6 antigen match?",
      antigenHint: "Answer this only if your kidney came from a sibling.",
      antigenYes: "Yes",
      antigenNo: "No",
      antigenNotSure: "I don't know",
    },
    centerRegistration: {
      question: "Are you currently registered with a transplant center?",
      yes: "Yes, I am currently in the care of a transplant center",
      no: "No, I have not selected a transplant center",
    },
    centerSelection: {
      question: "Which transplant center are you registered with?",
      placeholder: "Select a transplant center",
    },
    centerTransfer: {
      question: "Would you like to select a member center and transfer your care?",
      intro: "Transplant centers that are members of the registry offer these advantages:",
      expertiseTitle: "Transplant Expertise",
      expertiseText: "Member centers perform many living donor transplants every year.",
      matchTitle: "Better Match",
      matchText: "The registry's large pool of donors helps find a closer match for you.",
      immunosuppressionTitle: "Reduced Immunosuppression",
      immunosuppressionText: "A better match can mean you need fewer anti-rejection medicines.",
      waitTitle: "Shorter Wait Time",
      waitText: "80% of registry patients are transplanted within 90 days.",
      voucherTitle: "Voucher Program",
      voucherText: "If you have a willing donor, the Standard Voucher program can help you find the best match.",
      micrositeTitle: "Microsite Program",
      micrositeText: "If you have no donor, a free website plus coaching from a participating center helps you search for one.",
      learnMore: "Learn more about the advantages of a registry member center",
      learnMoreExternal: "(external website)",
      yes: "Yes, I would like to select a member center and transfer my care",
      no: "No, I would like to stay with my current center",
    },
    centerSituation: {
      willingQuestion: "Willing to transfer your care to the transplant center that you select later",
      willingYes: "Yes, I am willing to transfer my care to the transplant center that I select later",
      willingNo: "No, I am not willing to transfer my care",
    },
    donorSituation: {
      question: "What best describes your donor situation?",
      hasDonor: "I already have a willing donor",
      findDonor: "I do not have a donor yet but want to find one",
      noDonor: "I do not have a donor and am not interested in finding one",
      other: "Other",
      otherLabel: "Please describe your donor situation",
    },
    primaryGoal: {
      question: "What best describes your primary goal?",
      findCenter: "Find a transplant center",
      findCenterDescription: "I would like help choosing a transplant center that fits my needs.",
      standardVoucher: "Find the best match through the Standard Voucher program",
      standardVoucherDescription: "My willing donor is not a match for me, or I want the best possible match for my donor's kidney.",
      micrositeCenter: "Find a Microsite center",
      micrositeCenterDescription: "A free website plus coaching from a participating center to help me search for a living donor.",
      kidneyForLifeCenter: "Find a Kidney for Life center",
      kidneyForLifeCenterDescription: "A transplant center that takes part in the Kidney for Life program.",
      understandOptions: "Understand my options",
      understandOptionsDescription: "I would like to learn about my options.",
      immunoFreeCenter: "Find an ImmunoFree center",
      immunoFreeCenterDescription: "A center taking part in the ImmunoFree program.",
      other: "Other",
      otherDescription: "Please describe your goal.",
      otherLabel: "Your goal",
    },
    validation: {
      heading: "Validate Your Information",
      intro: "Please check your information before you finish the questionnaire.",
      personalTitle: "Personal Information",
      contactTitle: "Contact Information",
      readOnlyHint: "To change your email or phone number, use Account Verification on the dashboard.",
      phoneNumberSecondary: "Secondary phone number",
      confirm: "Confirm & Validate Information",
      updated: "Information updated successfully!",
    },
    notEligible: {
      heading: "Thank you for completing the questionnaire",
      text: "The registry can only refer patients who have a willing living donor or who are looking for a transplant center with microsites.",
      advantagesTitle: "The advantages of living donation",
      advantagesIntro: "A kidney from a living donor offers:",
      shorterWait: "A shorter wait: a kidney from a deceased donor can take 3 to 10 years",
      schedulable: "Surgery that can be scheduled at a time that suits you and your donor",
      quality: "Better kidney quality",
      match: "The best match between donor and recipient",
      longerLife: "A longer-lasting kidney: 20 to 40 years, compared with 10 to 15 years",
      survival: "Better survival: 93% at one year and 83% at five years, compared with 79% and 76% for kidneys from deceased donors",
      credentials: "If your situation changes, you may use the same email and password to continue later.",
    },
    complete: {
      continue: "Continue",
      immunoFreeHeading: "Thank you",
      immunoFreeText: "Your application has been submitted for review. If selected, we will contact you via email.",
      /** The same for a patient who chose texts only for the program's news (docs/decisions/128). */
      immunoFreeTextByText: "Your application has been submitted for review. If selected, we will contact you by text message.",
      completedHeading: "You have completed the questionnaire",
      staysMember: "You will be referred to your transplant center after your lab tests. Please check your email for lab instructions.",
      /** The same for a patient who chose texts only for lab news (docs/decisions/128). */
      staysMemberByText:
        "You will be referred to your transplant center after your lab tests. We will send you a text message when your lab order is ready.",
      staysNonMember:
        "We are glad you are satisfied with your current transplant center and do not wish to transfer your care. You may return to the dashboard.",
      cleared:
        "You are cleared to select a transplant center. Please make sure to only select transplant centers that are close enough that you are willing to transfer to.",
      notCleared:
        "We can only refer patients who are willing to transfer to the selected center AND who either have a willing living donor or are seeking a center with Microsites.",
      /** Primary goal Other (docs/decisions/095): the same explanation as the dashboard's reason and the email. */
      otherGoal:
        "You described a goal of your own (Other), so we will not refer you to a transplant center now: we refer patients only for the goals our programs serve (finding a transplant center, the Standard Voucher program, a Microsite center or a Kidney for Life center). If one of these goals fits you, choose My Situation has Changed on your dashboard and choose it.",
    },
    summary: {
      title: "Response Summary",
      noData: "No screening data available to review",
      incomplete: "Your screening appears to be incomplete",
      notInterestedInDonor: "I am not interested in finding a living donor",
      yes: "Yes",
      no: "No",
      unknown: "Unknown",
      willingToTransferQuestion: "Willing to transfer your care to another transplant center?",
      categoryHealth: "Health Status",
      categoryCenter: "Transplant Center",
      categoryDonor: "Donor Status",
      categoryGoals: "Your Goals",
      change: "Change",
    },
    results: {
      title: "Screening Results",
      close: "Close",
      downloadPdf: "Download as PDF",
      downloadFailed: "We could not make the PDF of your answers just now. Please try again in a few minutes.",
      informationSeeker:
        "Thank you for telling us about your goals. As you are exploring your options, we will not refer you to a transplant center now. If your situation changes, choose My Situation has Changed on the dashboard.",
    },
  },
} as const;

/** The registration card's texts, merged into `landing` (DSH-004, DSH-006, DSH-008). */
export const landingCard = {
  badgePendingLabTestStart: "Pending Lab Test Start",
  badgePendingLabTestResults: "Pending Lab Test Results",
  badgePendingLabTestCompletions: "Pending Lab Test Completions",
  badgeLabTestsDownloaded: "Lab tests downloaded",
  badgeUnavailable: "Unavailable at this time",
  card: {
    titlePending: "Pending",
    /** A participant who completed every step of the program's registration (docs/decisions/128). */
    titleProgramCompleted: "ImmunoFree Registration Complete",
    titleInNeed: "In Need of a Kidney Transplant",
    statusScreening: "Pending Completion of Screening Questionnaire",
    statusSelectCenter: "Pending Transplant Center Selection",
    statusLabTests: "Pending Completion of Lab Tests",
    showResults: "Show Results",
    selectCenter: "Select Center",
    changeCenter: "Change Center",
    thankYou: "Thank you for selecting {{center}}.",
    /** A patient who answered that a center cares for them did not select it (docs/decisions/128). */
    thankYouInCareOf: "Thank you for telling us that you are in the care of {{center}}.",
    thankYouLabs: "A simple blood test is needed before we can refer you. Please check your email for instructions.",
    thankYouLabsByText: "A simple blood test is needed before we can refer you. We will send you a text message when your lab order is ready.",
    labsRequirement: "Lab tests are required before you can be referred to a transplant center.",
    stayingNonMember:
      "You are staying with {{center}}, which is not a member center of the registry: no lab tests or referral are needed. If you would like to transfer your care to a member center, choose Change Center.",
    stepComplete: "Complete",
    stepNumber: "Step {{number}}",
    referralsCaption: "Transplant centers you were referred to",
    referralCenter: "Center",
    referralDate: "Date Referred",
    referralStatus: "Status",
    /** A referral's status (ReferralStatus; registry/contract/enums.ts). */
    referralStatusName: {
      pendingCenter: "Pending Center",
      centerApproved: "Center Approved",
      cancelledByPatient: "Cancelled by Patient",
      completedByCenter: "Completed by Center",
      declinedByCenter: "Declined by Center",
      cancelledByCenter: "Cancelled by Center",
    },
    immuneToleranceTitle: "ImmunoFree program",
    immuneToleranceText: "You may be eligible for the ImmunoFree program. Please check your email for updates.",
    immuneToleranceTextByText: "You may be eligible for the ImmunoFree program. We will send you updates by text message.",
    /** After the medical history, and once every step is done (docs/decisions/128). */
    immuneToleranceInProgram: "You are taking part in the ImmunoFree program. Your program steps and what comes next are below.",
    immuneToleranceCompleted: "The program's team and a participating transplant center will contact you about what follows.",
    /** The current center's steps after the referral (docs/decisions/043). */
    statusCenterApproved: "Referral Approved by Center",
    statusCompletedByCenter: "Referral Completed by Center",
    centerApprovedText: "{{center}} has approved your referral and will contact you about the next steps of your evaluation.",
    completedByCenterText: "{{center}} has completed your referral. For questions about your care, please contact the center directly.",
    statusDeclinedByCenter: "Referral Declined by Center",
    statusCancelledByCenter: "Referral Cancelled by Center",
    declinedByCenterText:
      "{{center}} has declined your referral. For the reasons, please contact the center directly. You can choose another transplant center with Change Center.",
    cancelledByCenterText:
      "{{center}} has cancelled your referral. For the reasons, please contact the center directly. You can choose another transplant center with Change Center.",
    /** An invited ImmunoFree participant without a candidate registration card (decision 043). */
    programInvitedText: "You are registered for the ImmunoFree immune-tolerance program. Your program steps and what comes next are below.",
  },
  labs: {
    downloadResults: "Download Results",
    downloadLabs: "Download Labs",
    requestLabs: "Request Labs",
    labOrderRequested: "Lab Order Requested",
  },
  notCleared: {
    alert: "We are unable to continue because {{reason}}. You can update your preferences later.",
    reasonNoDonor: "we are only authorised to refer patients who have a willing living donor or who are seeking a center with microsites",
    reasonExploring: "you are already registered with a transplant center and are exploring your options",
    /** Primary goal Other (docs/decisions/095). */
    reasonOtherGoal:
      "you described a goal of your own (Other), and we refer patients only for the goals our programs serve (finding a transplant center, the Standard Voucher program, a Microsite center or a Kidney for Life center)",
    reasonStaying: "you are staying with your current transplant center",
    reasonNotWilling: "you are not willing to move to a network transplant center",
    reasonNotEligible: "you do not meet the eligibility requirements",
    situationChanged: "My Situation has Changed",
    viewAnswers: "View My Answers",
  },
} as const;

export default screening;
