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
  inviteEmail: {
    subject: "Su invitación para registrarse",
    greeting: "Hola, {{firstName}} {{lastName}}:",
    intro: "Le invitamos a registrarse en el National Kidney Registry para el programa de tolerancia inmunológica.",
    action: "Registrarse ahora",
    validity: "El enlace es válido durante 30 días y se puede usar una sola vez.",
  },
};

export default es;
