import type { Messages } from "~/locales/en/index";
import type { medicalValidation as enMedicalValidation } from "~/locales/en/medical";
import type { Widen } from "~/locales/types";

/** Textos en español: historial médico, firma electrónica y pasos del programa de inmunotolerancia (como en/medical.ts). */
const medical: Pick<Messages, "medical" | "eSign"> = {
  medical: {
    title: "Cuestionario de Historial Médico",
    documentTitle: "Pregunta {{number}} de {{total}} – {{title}}",
    reviewDocumentTitle: "Revisión de sus respuestas – {{title}}",
    returnToDashboard: "Volver al Panel",
    questionOf: "Pregunta {{number}} de {{total}}",
    next: "Siguiente",
    previous: "Anterior",
    reviewButton: "Revisar",
    male: "Masculino",
    female: "Femenino",
    feet: "Pies",
    inches: "Pulgadas",
    pounds: "libras",
    questions: {
      receivedKidneyTransplant: {
        question: "¿Ha recibido un trasplante de riñón?",
      },
      lastKidneyTxpDate: {
        question: "¿Cuándo fue su trasplante de riñón más reciente?",
        hint: "Indique la fecha del trasplante. Si no sabe el día exacto, elija el primer día del mes.",
      },
      addlMedicines: {
        question: "¿Qué medicamentos contra el rechazo (inmunosupresores) toma?",
        hint: "Indique cada medicamento, con su dosis si la conoce. Deje este campo vacío si no toma ninguno.",
      },
      birthDate: {
        question: "¿Cuál es su fecha de nacimiento?",
        hint: "Es la fecha de nacimiento con la que se registró. Si no es correcta, corríjala primero en su perfil.",
      },
      height: {
        question: "¿Cuánto mide?",
      },
      weight: {
        question: "¿Cuánto pesa?",
        hint: "En libras, por ejemplo 165 o 165.5.",
      },
      hadOtherOrganTransplant: {
        question: "¿Ha recibido un trasplante de algún otro órgano?",
        hint: "Por ejemplo, un trasplante de corazón, pulmón, hígado o páncreas.",
      },
      otherOrgan: {
        question: "Su trasplante de otro órgano",
        organLabel: "¿Qué órgano u órganos recibió?",
        detailsLabel: "Detalles, como cuándo y dónde se hizo el trasplante",
      },
      birthGender: {
        question: "¿Cuál fue su sexo al nacer?",
      },
      hasCardiacIssues: {
        question: "¿Tiene algún problema del corazón (cardíaco)?",
      },
      hasPulmonaryIssues: {
        question: "¿Tiene algún problema de los pulmones (pulmonar)?",
      },
      hasImmunoDisease: {
        question: "¿Tiene una enfermedad autoinmune u otra enfermedad del sistema inmunitario?",
      },
      hasHighBloodPressure: {
        question: "¿Tiene la presión arterial alta?",
      },
      hasAllergies: {
        question: "¿Tiene alguna alergia?",
      },
      medicalConditionComments: {
        question: "¿Hay algo más sobre su salud que quiera que sepamos?",
        hint: "Por ejemplo, otras enfermedades, operaciones o medicamentos.",
      },
    },
    review: {
      heading: "Revise sus respuestas",
      intro: "Por favor, revise sus respuestas. Para cambiar una, elija su enlace Cambiar.",
      caption: "Sus respuestas del historial médico",
      question: "Pregunta",
      answer: "Respuesta",
      changeColumn: "Cambiar una respuesta",
      change: "Cambiar",
      back: "Volver a las Preguntas",
      submit: "Confirmar y Enviar",
      downloadPdf: "Descargar en PDF",
      downloadFailed: "No pudimos crear el PDF de sus respuestas en este momento. Vuelva a intentarlo en unos minutos.",
      yes: "Sí",
      no: "No",
      none: "Ninguno",
      male: "Masculino",
      female: "Femenino",
      heightValue: "{{feet}} pies {{inches}} pulgadas",
      weightValue: "{{pounds}} libras",
      receivedKidneyTransplant: "Trasplante de riñón recibido",
      lastKidneyTxpDate: "Fecha del trasplante de riñón más reciente",
      addlMedicines: "Medicamentos contra el rechazo",
      birthDate: "Fecha de nacimiento",
      height: "Estatura",
      weight: "Peso",
      hadOtherOrganTransplant: "Trasplante de otro órgano",
      otherOrganTxp: "Otro órgano u órganos",
      otherOrganTxpDetails: "Detalles del trasplante de otro órgano",
      birthGender: "Sexo al nacer",
      hasCardiacIssues: "Problemas del corazón",
      hasPulmonaryIssues: "Problemas de los pulmones",
      hasImmunoDisease: "Enfermedad del sistema inmunitario",
      hasHighBloodPressure: "Presión arterial alta",
      hasAllergies: "Alergias",
      medicalConditionComments: "Otra información de salud",
    },
    complete: "Historial Médico Completo",
    saveFailed: "No pudimos actualizar su perfil",
    notInProgram: "El historial médico es para los participantes del programa ImmunoFree.",
    errors: {
      chooseYesNo: "Seleccione sí o no",
      chooseBirthGender: "Seleccione masculino o femenino",
      lastKidneyTxpDateRequired: "Indique la fecha de su trasplante de riñón más reciente",
      birthDateRequired: "Indique su fecha de nacimiento",
      birthDateNotRegistered: "No es la fecha de nacimiento con la que se registró. Indique esa fecha o corríjala primero en su perfil.",
      dateInvalid: "Indique una fecha real con el formato AAAA-MM-DD, por ejemplo 2019-03-27",
      weightRequired: "Indique su peso en libras",
      otherOrganRequired: "Indique qué órgano u órganos recibió",
      textTooLong: "Por favor, use como máximo 1000 caracteres",
      organTooLong: "Por favor, use como máximo 200 caracteres",
      tooLongToKeep: "Sus respuestas son demasiado largas para que podamos guardarlas. Por favor, acorte esta respuesta.",
    },
    stages: {
      title: "Pasos del programa",
      registration: "Registro",
      medicalHistory: "Historial Médico",
      eSign: "Firma Electrónica",
      preWorkupLabs: "Análisis Previos",
      completed: "Completado",
      done: "(completado)",
      current: "(paso actual)",
      nextTitle: "Siguiente paso",
      nextRegistration: "El coordinador del programa está revisando su registro y se pondrá en contacto con usted.",
      nextMedicalHistory: "Por favor, complete el cuestionario de historial médico.",
      nextScreeningFirst: "Su primer paso es el cuestionario de evaluación que aparece abajo. El cuestionario de historial médico viene después.",
      nextESign: "Por favor, lea y firme el formulario de consentimiento del programa.",
      nextPreWorkupLabs:
        "Gracias por firmar el formulario de consentimiento. El coordinador del programa se pondrá en contacto con usted para los análisis previos.",
      nextCompletion:
        "Sus análisis previos están registrados. El coordinador del programa se pondrá en contacto con usted para los siguientes pasos.",
      nextNone: "Ha completado todos los pasos del registro en el programa. Gracias.",
      nextOptedOut: "En este momento no participa en el programa. Para continuar, póngase en contacto con el coordinador del programa.",
    },
  },
  eSign: {
    title: "Firma Electrónica",
    heading: "Firma Electrónica ImmunoFree",
    documentLabel: "Documento de consentimiento",
    instruction: "Su firma debe coincidir exactamente con su nombre completo: {{name}}. Se distinguen mayúsculas y minúsculas.",
    nameLabel: "Escriba su nombre completo para firmar",
    continue: "Continuar",
    returnToDashboard: "Volver al Panel",
    signed: "Gracias. Su formulario de consentimiento está firmado.",
    signFailed: "No pudimos registrar su firma en este momento. Por favor, inténtelo de nuevo.",
    loadFailed: "No pudimos cargar el formulario de consentimiento en este momento. Por favor, inténtelo de nuevo en unos momentos.",
    nameMismatch: "Su firma debe coincidir exactamente con su nombre y apellido, incluidas las mayúsculas",
    notInProgram: "Solo los participantes del programa ImmunoFree pueden firmar este formulario de consentimiento.",
    medicalHistoryFirst: "Por favor, complete el cuestionario de historial médico antes de firmar el formulario de consentimiento.",
    alreadySigned: "Ya ha firmado el formulario de consentimiento.",
    documentChanged: "El formulario de consentimiento ha cambiado desde que lo abrió. Por favor, léalo de nuevo antes de firmar.",
    /** With JavaScript, why Continue is not available yet (decision 038). */
    waitCase: "Podrá continuar cuando también coincidan las mayúsculas y minúsculas: escriba {{name}}.",
    waitName: "Podrá continuar cuando el nombre que escriba coincida exactamente con {{name}}.",
  },
};

/** The registry's field keys of the medical history, merged into `validation` (mirrors en/medical.ts). */
export const medicalValidation: Widen<typeof enMedicalValidation> = {
  dateInFuture: "La fecha no puede ser posterior a hoy",
  dateTooEarly: "La fecha no puede ser anterior al 01/01/1920",
  heightFtRange: "Seleccione su estatura en pies, de 1 a 7",
  heightInchesRange: "Seleccione las pulgadas, de 0 a 11",
  weightRange: "Indique su peso en libras como un número de 50 a 1000, con un decimal como máximo",
  birthDateNotRegistered: "No es la fecha de nacimiento con la que se registró",
};

export default medical;
