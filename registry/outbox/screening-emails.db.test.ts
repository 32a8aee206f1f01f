import { describe, expect, it } from "vitest";
import { DonorStatus, PrimaryGoal, RegistrationStatus, Transfer, TransplantCenterSituation } from "../contract/enums";
import { upsertCenters } from "../data/centers";
import { testDatabases } from "../db/test-databases";
import { aCenterRecord } from "../testing/centers";
import { START, useRegistry } from "../testing/harness";
import { aScreeningBody } from "../testing/screenings";

/**
 * The email after a saved screening says what the Complete page and the dashboard say (docs/decisions/095), in the
 * patient's language: a patient staying with a non-member center is told they stay with
 * it and may choose Change Center (not "we are unable to continue your registration"); a patient whose goal is Other
 * reads the one explanation for that goal (not a donor or registration reason that is false for them).
 */
const NON_MEMBER = 102;
const CENTER = "Community Hospital";

const STAYS = aScreeningBody({
  kidneyStatus: 0,
  transplantCenterSituation: TransplantCenterSituation.Selected,
  preferredCenterId: NON_MEMBER,
  isWillingToTransfer: Transfer.No,
  donorStatus: DonorStatus.Unknown,
  primaryGoal: PrimaryGoal.Unknown,
  isCleared: true,
});
/** Registered nowhere, a willing donor, goal Other: ruled out by the goal alone. */
const OTHER_GOAL = aScreeningBody({
  donorStatus: DonorStatus.HasDonor,
  primaryGoal: PrimaryGoal.Other,
  primaryGoalOther: "I am still learning about transplants",
  isCleared: false,
});

const CASES = [
  {
    name: "English, staying with a non-member center",
    lang: 1,
    body: STAYS,
    status: RegistrationStatus.SelectCenter,
    subject: "We received your screening questionnaire",
    says: `We are glad you are satisfied with your current transplant center, ${CENTER}, and do not wish to transfer your care. ${CENTER} is not a member center of the registry: no lab tests or referral are needed. If you would like to transfer your care to a member center, choose Change Center on your dashboard.`,
  },
  {
    name: "Spanish, staying with a non-member center",
    lang: 2,
    body: STAYS,
    status: RegistrationStatus.SelectCenter,
    subject: "Su cuestionario de evaluación fue recibido",
    says: `Nos alegra que esté satisfecho con su centro de trasplante actual, ${CENTER}, y que no desee trasladar su atención. ${CENTER} no es un centro miembro del registro: no se necesitan análisis de laboratorio ni derivación. Si desea transferir su atención a un centro miembro, elija Cambiar de centro en su panel.`,
  },
  {
    name: "English, goal Other",
    lang: 1,
    body: OTHER_GOAL,
    status: RegistrationStatus.RuledOut,
    subject: "We received your screening questionnaire",
    says: "You described a goal of your own (Other), so we will not refer you to a transplant center now: we refer patients only for the goals our programs serve (finding a transplant center, the Standard Voucher program, a Microsite center or a Kidney for Life center). If one of these goals fits you, choose My Situation has Changed on your dashboard and choose it.",
  },
  {
    name: "Spanish, goal Other",
    lang: 2,
    body: OTHER_GOAL,
    status: RegistrationStatus.RuledOut,
    subject: "Su cuestionario de evaluación fue recibido",
    says: "Usted describió un objetivo propio (Otro), por lo que no lo derivaremos a un centro de trasplante por ahora: solo derivamos pacientes para los objetivos que atienden nuestros programas (encontrar un centro de trasplante, el programa Standard Voucher, un centro con micrositios o un centro Kidney for Life). Si uno de estos objetivos corresponde a su caso, elija Mi situación ha cambiado en su panel y elíjalo.",
  },
] as const;

/** Words of the old texts that contradicted the screens or were false for these patients. */
const FALSE_CLAIMS = [
  "unable to continue your registration",
  "no podemos continuar con su registro",
  "already registered",
  "ya está registrado",
  "willing living donor",
  "donante vivo dispuesto",
];

describe.each(testDatabases())("the screening's email says what the screens say, on $name", (target) => {
  const t = useRegistry(target);

  const emails = (to: string) =>
    t.db.query<{ subject: string; text_body: string; html_body: string }>(
      "select subject, text_body, html_body from outbox where channel = 'email' and to_address = $1 and created_at >= $2 order by id",
      [to, START],
    );

  it.each(CASES)("$name", async ({ lang, body, status, subject, says }) => {
    await upsertCenters(t.db, [aCenterRecord(NON_MEMBER, CENTER, false)], START);
    const p = await t.register(1, { preferredLanguage: lang });
    const before = (await emails(p.email)).length;
    const saved = await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.results.status).toBe(status);

    const sent = (await emails(p.email)).slice(before);
    expect(sent.map((m) => m.subject)).toEqual([subject]);
    const paragraphs = sent[0]!.text_body.split("\n\n");
    expect(paragraphs[1]).toBe(says);
    for (const claim of FALSE_CLAIMS) expect(sent[0]!.text_body.toLowerCase()).not.toContain(claim.toLowerCase());
    expect(sent[0]!.html_body).toContain(`<p>${says}</p>`);
    expect(sent[0]!.text_body).toContain("http://portal.test/landing");
  });

  it("a patient with no donor (goal Other 'Not interested in finding a living donor') still reads that the dashboard explains why", async () => {
    const p = await t.register(1, { preferredLanguage: 1 });
    const body = aScreeningBody({
      donorStatus: DonorStatus.NoDonor,
      primaryGoal: PrimaryGoal.Other,
      primaryGoalOther: "Not interested in finding a living donor",
      isCleared: false,
    });
    expect((await t.call("POST", `/api/pass/${p.medicalRecordId}/screening`, { token: p.token, body })).status).toBe(200);
    const [mail] = await emails(p.email);
    expect(mail!.text_body.split("\n\n")[1]).toBe(
      "Based on your answers, we are unable to continue your registration at this time. Your dashboard explains why, and you can update your answers there if your situation changes.",
    );
  });
});
