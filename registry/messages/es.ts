import type { RegistryTexts } from "./en";

/** The registry's own texts in Spanish (same keys and placeholders as en.ts). */
const es: RegistryTexts = {
  common: {
    signature: "El equipo de atención a pacientes del National Kidney Registry",
    ignore: "Si usted no lo solicitó, puede ignorar este mensaje.",
  },
  confirmationEmail: {
    subject: "Su código de confirmación",
    intro: "Confirme su dirección de correo electrónico para su registro de trasplante de riñón.",
    code: "Su código de confirmación es {{code}}",
    validity: "Escriba este código en el formulario de confirmación. El código es válido durante 30 minutos.",
  },
  confirmationText: {
    text: "Su código de confirmación del National Kidney Registry es {{code}}. El código es válido durante 30 minutos.",
  },
  resetPasswordEmail: {
    subject: "Restablezca su contraseña",
    intro: "Recibimos una solicitud para restablecer la contraseña de su cuenta de registro de trasplante de riñón.",
    action: "Restablecer su contraseña",
    validity: "El enlace es válido durante 60 minutos y se puede usar una sola vez.",
    unchanged: "Si usted no pidió restablecer su contraseña, su contraseña sigue siendo la misma.",
  },
  signInLinkEmail: {
    subject: "Su enlace para iniciar sesión",
    intro:
      "Alguien inició sesión en su cuenta de registro de trasplante de riñón con su contraseña desde un navegador que no conocemos. Después de muchos intentos fallidos en su cuenta, un navegador nuevo inicia sesión con este enlace.",
    action: "Iniciar sesión",
    validity: "El enlace es válido durante 15 minutos y se puede usar una sola vez, en el navegador donde lo abra.",
    unchanged:
      "Si no fue usted, no abra el enlace: otra persona conoce su contraseña. Restablezca su contraseña de inmediato con «¿Olvidó su contraseña?».",
  },
  contactChanged: {
    emailSubject: "Se cambió el correo electrónico de su cuenta",
    emailIntro:
      "El correo electrónico de su cuenta de registro para trasplante de riñón se cambió a {{newValue}}. A partir de ahora, inicia sesión y recibe nuestros mensajes en esa dirección.",
    emailWarning:
      "Si usted no hizo este cambio, es posible que otra persona esté usando su cuenta: restablezca su contraseña con «¿Olvidó su contraseña?» y comuníquese de inmediato con el equipo de atención a pacientes.",
    text: "National Kidney Registry: el número de celular de su cuenta se cambió a {{newValue}}. Si usted no hizo este cambio, comuníquese de inmediato con el equipo de atención a pacientes.",
  },
  passwordChanged: {
    subject: "Se cambió la contraseña de su cuenta",
    changed: "La contraseña de su cuenta de registro para trasplante de riñón se cambió desde su perfil.",
    reset: "La contraseña de su cuenta de registro para trasplante de riñón se restableció con un enlace enviado a este correo electrónico.",
    signedOut:
      "Se cerró la sesión en todos los dispositivos que tenían su cuenta abierta, y los enlaces anteriores para restablecer la contraseña ya no funcionan.",
    warning:
      "Si usted no hizo este cambio, es posible que otra persona esté usando su cuenta: elija una contraseña nueva con «¿Olvidó su contraseña?» en la página de inicio de sesión y comuníquese de inmediato con el equipo de atención a pacientes.",
    text: "National Kidney Registry: se cambió la contraseña de su cuenta. Si usted no hizo este cambio, comuníquese de inmediato con el equipo de atención a pacientes.",
  },
  inviteEmail: {
    subject: "Su invitación para registrarse",
    greeting: "Hola, {{firstName}} {{lastName}}:",
    intro: "Le invitamos a registrarse en el National Kidney Registry para el programa de tolerancia inmunológica.",
    action: "Registrarse ahora",
    validity: "El enlace es válido durante 30 días y se puede usar una sola vez.",
  },
  staffLinkEmail: {
    subject: "Su cuenta de personal del National Kidney Registry",
    greeting: "Hola, {{name}}:",
    intro:
      "Su cuenta de personal del National Kidney Registry está lista. Abra el enlace para elegir su contraseña y, después, configure una aplicación de autenticación en su teléfono: necesitará un código de ella cada vez que inicie sesión.",
    action: "Configurar su cuenta de personal",
    validity: "El enlace es válido durante 24 horas y se puede usar una sola vez. Si ha caducado, pida uno nuevo a un administrador del registro.",
  },
  labs: {
    issues: {
      optedOut: "Usted decidió no continuar con el proceso de registro. Para seguir, vuelva a participar desde su panel.",
      wrongStatus: "Su registro no está en el paso de análisis de laboratorio.",
      noCenter: "No se ha seleccionado ningún centro de trasplante.",
      noOrder: "No se ha solicitado ningún análisis de laboratorio.",
      orderExpired: "Su orden de laboratorio ha vencido. Vuelva a solicitar los análisis desde su panel.",
    },
    approvedEmail: {
      subject: "Su orden de laboratorio está lista",
      intro: "Se aprobó la orden de laboratorio de su registro para un trasplante de riñón.",
      instructions:
        "Descárguela e imprímala desde la página Análisis de laboratorio de su panel, y llévela al laboratorio. La orden es válida hasta el {{expires}}.",
      action: "Ir a su panel",
    },
    declinedEmail: {
      subject: "Su orden de laboratorio no fue aprobada",
      intro: "El laboratorio no pudo aprobar la orden de laboratorio de su registro para un trasplante de riñón.",
      instructions:
        "Inicie sesión en su panel y elija Solicitar análisis para pedir una nueva orden de laboratorio. Si vuelve a ocurrir, comuníquese con el registro.",
      action: "Ir a su panel",
    },
    resultsEmail: {
      subject: "Recibimos sus resultados de laboratorio",
      intro: "El laboratorio envió sus resultados al registro, y su registro se envió a su centro de trasplante.",
      action: "Ir a su panel",
    },
    orderPdf: {
      title: "Orden de laboratorio",
      subject: "Orden de laboratorio para la evaluación previa al trasplante de riñón",
      patientHeading: "Paciente",
      name: "Nombre",
      birthDate: "Fecha de nacimiento",
      orderHeading: "Orden",
      requisition: "Número de requisición",
      ordered: "Fecha de la orden",
      expires: "Válida hasta",
      center: "Centro de trasplante",
      testsHeading: "Análisis solicitados",
      instructions:
        "Entregue esta orden en el laboratorio cuando le tomen las muestras. El laboratorio envía los resultados al National Kidney Registry con el número de requisición, y el registro los envía a su centro de trasplante.",
      footer: "National Kidney Registry - orden de laboratorio {{requisition}} - página {page} de {pages}",
    },
    resultsPdf: {
      title: "Resultados de laboratorio",
      subject: "Resultados de laboratorio de la evaluación previa al trasplante de riñón",
      received: "Resultados recibidos",
      statement:
        "El laboratorio informó al National Kidney Registry los resultados de los análisis que se indican abajo. Los valores detallados se enviaron a su centro de trasplante, que se comunicará con usted sobre ellos.",
      valuesStatement:
        "El laboratorio informó estos resultados al National Kidney Registry. Su centro de trasplante también los recibe y se comunicará con usted sobre ellos. Pregunte a su equipo de trasplante qué significan para usted.",
      valuesHeading: "Resultados",
      columns: { name: "Análisis", value: "Resultado", unit: "Unidad", referenceRange: "Valores de referencia", flag: "Indicador" },
      flags: { normal: "Dentro de lo normal", low: "Bajo", high: "Alto", abnormal: "Anormal", critical: "Crítico" },
      footer: "National Kidney Registry - resultados de laboratorio {{requisition}} - página {page} de {pages}",
    },
    tests: {
      cbc: "Hemograma completo con fórmula leucocitaria",
      cmp: "Panel metabólico completo (CMP)",
      abo: "Grupo sanguíneo (ABO y Rh)",
      hla: "Tipificación HLA (clase I y II)",
      pra: "Anticuerpos reactivos contra panel (PRA)",
      hiv: "Antígeno y anticuerpos del VIH-1/2",
      hepB: "Hepatitis B: HBsAg, anti-HBs y anti-HBc",
      hepC: "Anticuerpos contra la hepatitis C",
      cmv: "IgG contra citomegalovirus (CMV)",
      ebv: "IgG contra el virus de Epstein-Barr (VEB)",
      urinalysis: "Análisis de orina con cociente proteína/creatinina en orina",
    },
  },
  consent: {
    title: "Consentimiento para participar en el programa de tolerancia inmunológica ImmunoFree",
    participant: "Participante",
    date: "Fecha",
    version: "Versión del documento",
    intro:
      "Le invitamos a participar en ImmunoFree, un programa de investigación del National Kidney Registry y de sus centros de trasplante participantes para personas que han recibido un trasplante de riñón. Lea este documento con atención. Tómese todo el tiempo que necesite y pregunte sobre cualquier cosa que no entienda antes de firmar.",
    purposeHeading: "¿Por qué se realiza este programa?",
    purpose:
      "Después de un trasplante de riñón, la mayoría de las personas toman medicamentos contra el rechazo (inmunosupresores) durante el resto de su vida. Estos medicamentos protegen el nuevo riñón, pero con los años pueden causar infecciones, algunos tipos de cáncer, diabetes, presión arterial alta y daño renal. El programa estudia si algunas personas trasplantadas, seleccionadas con cuidado, pueden tomar menos de estos medicamentos, o dejarlos, sin riesgo, porque su sistema inmunitario ha aprendido a aceptar el riñón (tolerancia inmunológica).",
    involvesHeading: "¿Qué pasará si participo?",
    involves: {
      history: "La historia médica que usted dio en este portal se comparte con el equipo del programa y con un centro de trasplante participante.",
      labs: "Usted se hará análisis de laboratorio previos a la evaluación (de sangre y de orina) en un laboratorio cercano. El equipo del programa organiza estos análisis y se comunica con usted sobre ellos; este portal no los solicita, y su panel muestra cuándo el equipo los ha registrado.",
      contact:
        "Si los resultados muestran que usted podría ser elegible, un centro de trasplante se comunicará con usted para explicarle los siguientes pasos, que pueden incluir más análisis y consultas en la clínica. Cualquier cambio en su tratamiento requiere un consentimiento aparte, firmado con su equipo de trasplante.",
      followUp:
        "El programa podrá preguntarle sobre su salud durante un máximo de cinco años, por correo electrónico, por teléfono o en consultas en la clínica.",
    },
    risksHeading: "¿Cuáles son los riesgos?",
    risks:
      "Los análisis de laboratorio tienen los pequeños riesgos de una extracción de sangre: dolor, moretones, mareo y, en raras ocasiones, infección. Tomar menos medicamentos contra el rechazo puede provocar el rechazo e incluso la pérdida del riñón trasplantado; por eso este consentimiento nunca cambia ningún medicamento. También existe un pequeño riesgo de que alguien que no debería ver su información la vea; las protecciones que se describen más abajo hacen que esto sea poco probable.",
    benefitsHeading: "¿Hay beneficios?",
    benefits:
      "Es posible que usted no obtenga un beneficio directo. Si es elegible, con el tiempo podría necesitar menos medicamentos contra el rechazo. Lo que el programa aprenda puede ayudar a otras personas trasplantadas.",
    voluntaryHeading: "Participar es su decisión",
    voluntary:
      "Su participación es voluntaria. Puede decidir no participar, o dejar de participar en cualquier momento, sin ninguna sanción y sin que esto afecte la atención que recibe de su centro de trasplante ni su registro en el registro. Para dejar de participar, escriba al equipo del programa o cancele su participación en el portal. La información ya reunida podrá seguir usándose como se describe en este documento.",
    privacyHeading: "Su privacidad (HIPAA)",
    privacy:
      "Su información de salud está protegida por la Ley de Portabilidad y Responsabilidad del Seguro Médico (HIPAA) y por otras leyes. Al firmar, usted permite que el registro use su historia médica, sus resultados de laboratorio y sus datos de contacto para este programa, y que los comparta con el centro de trasplante participante, con el laboratorio y con las personas que supervisan la investigación, como un comité de ética institucional. Los informes de la investigación nunca dicen su nombre. Este permiso no vence a menos que usted lo cancele por escrito; cancelarlo pone fin a su participación.",
    costsHeading: "Costos y pagos",
    costs:
      "Los análisis de laboratorio previos a la evaluación organizados por el equipo del programa no tienen ningún costo para usted. No recibirá ningún pago por participar.",
    contactHeading: "Preguntas",
    contact:
      "Si tiene preguntas sobre el programa, responda a cualquier correo electrónico que el registro le haya enviado y el equipo de atención a pacientes se comunicará con usted. Si tiene preguntas sobre sus derechos como participante en una investigación, pida a su centro de trasplante los datos de contacto de su comité de ética institucional.",
    agreementHeading: "Su aceptación",
    agreement:
      "Al escribir su nombre completo y seleccionar Continuar, usted confirma que ha leído este documento, que se han respondido sus preguntas y que acepta participar en el programa ImmunoFree. Su nombre escrito es su firma electrónica y tiene el mismo efecto que una firma a mano. Puede pedir al registro una copia del documento firmado en cualquier momento.",
    signatureCaption: "Firma electrónica",
    signedBy: "Firmado por",
    signedAt: "Fecha y hora de la firma (UTC)",
    documentHash: "SHA-256 del documento",
    clientAddress: "Dirección IP",
    userAgent: "Navegador",
    footer: "National Kidney Registry - consentimiento de ImmunoFree - página {page} de {pages}",
  },
  keywords: {
    stopped:
      "National Kidney Registry: ya no recibirá mensajes de texto nuestros, ni siquiera códigos de confirmación. Responda COMENZAR para volver a recibirlos.",
    started:
      "National Kidney Registry: volverá a recibir nuestros mensajes de texto. Responda AYUDA para obtener ayuda, ALTO para dejar de recibirlos.",
    help: "Portal de pacientes de National Kidney Registry: mensajes sobre su registro para trasplante de riñón y códigos de confirmación. Para obtener ayuda, inicie sesión en {{url}} o responda a cualquier correo que le enviamos. Pueden aplicarse tarifas de mensajes y datos. Responda ALTO para dejar de recibirlos.",
  },
  journey: {
    action: "Ir a su panel",
    texts: {
      screening: "National Kidney Registry: recibimos su cuestionario de evaluación. Inicie sesión en su panel para ver lo que sigue.",
      medicalHistory:
        "National Kidney Registry: recibimos su cuestionario de historial médico. Inicie sesión en su panel para ver su siguiente paso.",
      eSign: "National Kidney Registry: recibimos su consentimiento firmado. Inicie sesión en su panel para ver lo que sigue.",
      centerSelected: "National Kidney Registry: recibimos su selección de centro de trasplante. Inicie sesión en su panel para ver lo que sigue.",
      referralApproved: "National Kidney Registry: su centro de trasplante aprobó su derivación. Inicie sesión en su panel para ver los detalles.",
      referralCompleted: "National Kidney Registry: su centro de trasplante completó su derivación. Inicie sesión en su panel para ver los detalles.",
      referralDeclined:
        "National Kidney Registry: el centro de trasplante que eligió rechazó su derivación. Inicie sesión en su panel para ver lo que puede hacer.",
      referralCancelledByCenter:
        "National Kidney Registry: el centro de trasplante que eligió canceló su derivación. Inicie sesión en su panel para ver lo que puede hacer.",
      preWorkupLabs:
        "National Kidney Registry: el equipo del programa registró sus análisis de laboratorio previos a la evaluación. Inicie sesión en su panel para ver los detalles.",
      programCompleted:
        "National Kidney Registry: usted completó todos los pasos del registro del programa. Inicie sesión en su panel para ver los detalles.",
      labOrderReady: "National Kidney Registry: su orden de laboratorio está lista. Inicie sesión en su panel para descargarla e imprimirla.",
      labOrderDeclined: "National Kidney Registry: su orden de laboratorio no fue aprobada. Inicie sesión en su panel para solicitar una nueva.",
      labResults:
        "National Kidney Registry: recibimos sus resultados de laboratorio y los enviamos a su centro de trasplante. Inicie sesión en su panel para ver los detalles.",
    },
    screening: {
      subject: "Su cuestionario de evaluación fue recibido",
      intro: "Gracias por completar el cuestionario de evaluación de su registro de trasplante de riñón.",
      selectCenter: "Su siguiente paso es seleccionar un centro de trasplante desde su panel.",
      referred:
        "Será derivado a {{center}} cuando termine sus análisis de laboratorio. Le enviaremos un correo electrónico cuando su orden de laboratorio esté lista.",
      referredByText:
        "Será derivado a {{center}} cuando termine sus análisis de laboratorio. Le enviaremos un mensaje de texto cuando su orden de laboratorio esté lista.",
      ifCandidate:
        "Es posible que sea elegible para el programa de inmunotolerancia ImmunoFree. Su solicitud fue enviada para revisión; si es seleccionado, nos comunicaremos con usted por correo electrónico.",
      staysNonMember:
        "Nos alegra que esté satisfecho con su centro de trasplante actual, {{center}}, y que no desee trasladar su atención. {{center}} no es un centro miembro del registro: no se necesitan análisis de laboratorio ni derivación. Si desea transferir su atención a un centro miembro, elija Cambiar de centro en su panel.",
      otherGoal:
        "Usted describió un objetivo propio (Otro), por lo que no lo derivaremos a un centro de trasplante por ahora: solo derivamos pacientes para los objetivos que atienden nuestros programas (encontrar un centro de trasplante, el programa Standard Voucher, un centro con micrositios o un centro Kidney for Life). Si uno de estos objetivos corresponde a su caso, elija Mi situación ha cambiado en su panel y elíjalo.",
      notContinuing:
        "Según sus respuestas, no podemos continuar con su registro en este momento. Su panel explica por qué, y allí puede actualizar sus respuestas si su situación cambia.",
    },
    medicalHistory: {
      subject: "Su historial médico fue recibido",
      intro: "Gracias por completar el cuestionario de historial médico del programa ImmunoFree.",
      next: "Su siguiente paso es leer y firmar electrónicamente el consentimiento del programa desde su panel.",
    },
    eSign: {
      subject: "Usted firmó el consentimiento de ImmunoFree",
      intro: "Gracias por firmar el consentimiento para participar en el programa ImmunoFree.",
      next: "El equipo del programa organizará sus análisis de laboratorio previos a la evaluación y se comunicará con usted.",
    },
    centerSelected: {
      subject: "Su selección de centro de trasplante",
      intro: "Gracias por seleccionar {{center}}. Su derivación al centro está pendiente.",
      nextLabs:
        "Se necesita un análisis de sangre sencillo antes de que el centro pueda evaluarlo. Le enviaremos un correo electrónico cuando su orden de laboratorio esté lista.",
      nextLabsByText:
        "Se necesita un análisis de sangre sencillo antes de que el centro pueda evaluarlo. Le enviaremos un mensaje de texto cuando su orden de laboratorio esté lista.",
      nextCenter: "El centro se comunicará con usted sobre los siguientes pasos.",
    },
    referralApproved: {
      subject: "Su centro de trasplante aprobó su derivación",
      intro: "{{center}} aprobó su derivación.",
      next: "El centro se comunicará con usted sobre los siguientes pasos de su evaluación.",
    },
    referralCompleted: {
      subject: "Su centro de trasplante completó su derivación",
      intro: "{{center}} completó su derivación.",
      next: "Si tiene preguntas sobre su atención, comuníquese directamente con el centro.",
    },
    referralDeclined: {
      subject: "El centro de trasplante rechazó su derivación",
      intro: "{{center}} rechazó su derivación.",
      next: "Para conocer los motivos, comuníquese directamente con el centro. Puede elegir otro centro de trasplante con Cambiar de centro en su panel.",
    },
    referralCancelledByCenter: {
      subject: "El centro de trasplante canceló su derivación",
      intro: "{{center}} canceló su derivación.",
      next: "Para conocer los motivos, comuníquese directamente con el centro. Puede elegir otro centro de trasplante con Cambiar de centro en su panel.",
    },
    preWorkupLabs: {
      subject: "Sus análisis de laboratorio previos de ImmunoFree están registrados",
      intro: "El equipo del programa ImmunoFree registró sus análisis de laboratorio previos a la evaluación.",
      next: "El coordinador del programa se comunicará con usted sobre los siguientes pasos.",
    },
    programCompleted: {
      subject: "Su registro en ImmunoFree está completo",
      intro: "Usted completó todos los pasos del registro del programa ImmunoFree. Gracias.",
      next: "El equipo del programa y un centro de trasplante participante se comunicarán con usted sobre lo que sigue.",
    },
  },
};

export default es;
