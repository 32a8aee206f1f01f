import type { Messages } from "~/locales/en/index";

/** Los mensajes que elige el paciente y los dispositivos con sesión iniciada (docs/decisions/109). */
const devices: Pick<Messages, "messagesAndDevices" | "messageChoices" | "devices"> = {
  messagesAndDevices: {
    title: "Mensajes y dispositivos",
    messagesLink: "Elija cómo le enviamos las novedades",
    devicesLink: "Vea dónde tiene la sesión iniciada",
  },
  messageChoices: {
    title: "Mensajes que le enviamos",
    heading: "Mensajes que le enviamos",
    intro: "Para cada tipo de novedad, elija cómo le avisamos: por correo electrónico, por mensaje de texto o por ambos.",
    textNote:
      "Los mensajes de texto van a su número de celular confirmado. Mientras su número de celular no esté confirmado, le enviamos estas novedades por correo electrónico.",
    stepsLegend: "Sus propios pasos",
    stepsHint: "El resultado de su evaluación, el centro de trasplante que elija, su historia clínica y su consentimiento.",
    decisionsLegend: "Decisiones sobre su registro",
    decisionsHint: "Un centro de trasplante aprueba o completa su derivación, o el programa le pasa a su siguiente etapa.",
    labsLegend: "Análisis de laboratorio",
    labsHint: "Su orden de laboratorio está lista, o ya están sus resultados.",
    email: "Correo electrónico",
    text: "Mensaje de texto",
    stepsRequired: "Elija correo electrónico, mensaje de texto o ambos para sus propios pasos",
    decisionsRequired: "Elija correo electrónico, mensaje de texto o ambos para las decisiones sobre su registro",
    labsRequired: "Elija correo electrónico, mensaje de texto o ambos para los análisis de laboratorio",
    save: "Guardar mis opciones",
    saved: "Sus opciones de mensajes están guardadas.",
    saveFailed: "No pudimos guardar sus opciones en este momento. Inténtelo de nuevo.",
    alwaysTitle: "Siempre se envían",
    alwaysIntro: "Estos mensajes se envían por el medio que necesitan, elija lo que elija arriba. No puede cambiarlos aquí.",
    alwaysCodes: "Códigos de confirmación: al correo electrónico o al número de celular que se confirma",
    alwaysReset: "Enlaces para restablecer la contraseña: por correo electrónico",
    alwaysPasswordChanged: "Aviso de que se cambió su contraseña: por correo electrónico y por mensaje de texto a un celular confirmado",
    alwaysContactChanged: "Aviso de que se cambió su correo electrónico o su número de celular: al que se reemplazó",
    alwaysSent: "Siempre se envía",
    optOutNote:
      "Para dejar de recibir todos los correos y mensajes de texto automáticos, use Darse de baja en su panel. Eso es aparte de estas opciones.",
    backToProfile: "Volver a su perfil",
  },
  devices: {
    title: "Dispositivos con sesión iniciada",
    heading: "Dispositivos con sesión iniciada",
    intro: "Tiene la sesión iniciada en el portal en estos navegadores.",
    addressNote:
      "Solo mostramos la primera parte de la dirección de internet que cada navegador usó por última vez, por ejemplo 203.0.113.x. No averiguamos dónde está una dirección.",
    addressNotePlaces:
      "Solo mostramos la primera parte de la dirección de internet que cada navegador usó por última vez, por ejemplo 203.0.113.x, y el lugar que encontramos para la dirección completa en una base de datos de direcciones de internet. El lugar es aproximado: es donde se usa la dirección en internet, no donde está su dispositivo.",
    browserOn: "{{browser}} en {{system}}",
    unknownBrowser: "Navegador desconocido",
    unknownAddress: "Desconocida",
    place: "Lugar aproximado",
    unknownPlace: "Lugar desconocido",
    creditDbIp: "Geolocalización IP por DB-IP",
    creditGeoLite2: "Esta página incluye datos de GeoLite2 creados por MaxMind, disponibles en",
    address: "Dirección de internet",
    lastUsed: "Último uso",
    thisDevice: "Este dispositivo",
    signOut: "Cerrar sesión",
    signOutDevice: "Cerrar sesión en {{device}}, último uso {{lastUsed}}",
    signOutThis: "Cerrar sesión en este dispositivo",
    signOutThisHint: "Sus otros dispositivos siguen con la sesión iniciada.",
    signOutEverywhere: "Cerrar sesión en todas partes",
    signOutEverywhereHint: "Se cierra la sesión en todos los dispositivos, también en este.",
    signedOutOther: "Se cerró la sesión en ese dispositivo.",
    signOutFailed: "No pudimos cerrar la sesión en ese dispositivo. Puede que ya esté cerrada.",
  },
};

export default devices;
