import type { ReplyCategory } from "@/lib/reply-categories";

// The phrases the local reply classifier (classify-reply.ts) reads, in English, German, French and
// Spanish, per category, in the order they are tried. The text they see is lower-cased with its
// accents taken off ("réponse" → "reponse", "März" → "marz"; ß stays), so patterns are written
// without accents.

const CONTACT = String.raw`(e-?mail(ing)?|contact(ing)?|messag(e|ing)|writ(e|ing)( to)?|send(ing)?( me)?|reach(ing)? out( to)?|spam(ming)?|call(ing)?)`;

/** A named person and an address: "Dana at dana@x.com", "Dana Ruiz (dana@x.com)", "dana@x.com". */
const SOMEONE_AT = String.raw`([a-z]+( [a-z]+)?,? ?(at|on|via|unter|a|en|:|-|\(|<)? ?)?[\w.+-]+@[\w-]+\.[\w.-]+`;

export const BOUNCE = [
  /\b(undeliverable|undelivered|delivery status notification|address not found|user unknown|no such user|mailbox (is )?(unavailable|full)|delivery has failed|delivery (to the following recipients? )?failed|failure notice|mail delivery (failed|software)|could ?n[o']t be delivered|could not deliver|unable to deliver|recipient ?not ?found|returned mail|permanent fatal error|host unknown|message (was )?rejected|delivery incomplete|message delayed|has not been delivered|unzustellbar|nicht zugestellt|non remis|non distribuable|no se pudo entregar|no entregado)\b/,
];

export const UNSUBSCRIBE = [
  new RegExp(String.raw`\b(do ?n[o']?t|do not|never|stop|cease|quit) (ever )?(again )?${CONTACT}\b`),
  new RegExp(String.raw`\b(don'?t|do not|never) ${CONTACT}( me)?( again| anymore| any more)?\b`),
  /\b(unsubscribe|opt (me )?out|remove (me|my (email|address|name))|take (me|my (name|email|address)) off|delete my (email|address|data)|be removed|no more (e-?mails|messages)|leave me alone|stop sending|cease all contact)\b/,
  /\b(do ?n[o']?t|do not) want (to (receive|get|hear)|these|your|any more)\b/,
  /^\s*(please )?stop[.!]*\s*$/m,
  // German, French, Spanish
  /\b(abmelden|austragen|tragen sie mich|(nehmen|streichen|loschen) sie mich (aus|von)|aus (ihrem|dem) verteiler|aus ihrer liste|keine (weiteren )?(e-?mails|nachrichten)|(nicht mehr|nie wieder) (kontaktieren|anschreiben|schreiben)|kontaktieren sie mich nicht|schreiben sie mir nicht|loschen sie meine|entfernen sie mich|desinscri|desabonn|ne (plus|jamais) me (contacter|recontacter|ecrire)|ne me contactez plus|ne m'ecrivez plus|ne m'envoyez plus|plus de (mails|messages|e-mails|courriels)|retirez[- ]moi|supprimez mes|(darme|denme|dame|dar|darnos) de baja|no (me|nos) (vuelva[ns]? a )?(contacte[ns]?|escrib(a|an|as))|no vuelva[ns]? a (escribir|contactar)|eliminen? mis datos|elimin(en|e)me|borren mi)\b/,
];

/** A person away: these make an out-of-office whatever the header says. */
export const OUT_OF_OFFICE = [
  /\b(out of (the )?office|ooo|on (annual |parental |sick |maternity |paternity )?(vacation|holiday|leave)|annual leave|away (until|from (the office|my desk))|limited access to e-?mail|travell?ing with limited|back on|i'?m off until|i am off until|will (be back|return) (on|in|after)|(i'?m|i am) (currently )?(away|on leave|travell?ing|out)|(i'?m|i am) at an offsite|away on business|back \d{1,2} [a-z]+|back in the office|return to the office|on pto|pto (until|through|till)|out of pocket|offline (until|till|through)|off (until|till|through)|(will|i'?ll) (get back to you|respond|reply|answer) (when|after|upon|once) (i'?m back|i return|my return|i get back))\b/,
  /\b(abwesend|abwesenheit|nicht im buro|ausser haus|außer haus|im urlaub|urlaubsbedingt|elternzeit|wieder (im buro|im haus|erreichbar|da|zuruck|verfugbar|im einsatz)|erst (am|ab) [^.]{0,30}wieder|bin (ab|bis) (dem |zum )?\d|bin bis \w+ nicht|nicht erreichbar|auf dienstreise|krankheitsbedingt)\b/,
  /\b(absente?|en conge|en vacances|hors du bureau|de retour (le|au|a partir|des)|absente? du bureau|je serai de retour|je suis en deplacement|actuellement en deplacement|conge maternite|conge parental)\b/,
  /\b(fuera de la oficina|de vacaciones|ausente|estare fuera|estoy fuera|regreso el|regresare|volvere (el|a la oficina)|de baja (medica|por)|de viaje|vuelvo el|estare de vuelta)\b/,
];

/** A machine's answer: its wording alone (no header needed) makes an auto_reply unless a person is away. */
export const AUTO_REPLY = [
  /\b(automatic reply|auto-?reply|autoreply|auto-?response|automated (response|reply|message)|this is an automat(ic|ed)|do not reply to this (e-?mail|message)|please do not reply|no-reply|noreply|(ticket|case|request) (#|number|no\.?|id)|\[?(ticket|case|request) #?\d|your (request|ticket|message|e-?mail|case) (has been|was) (received|logged|created|opened|assigned)|we (have )?received your (message|e-?mail|request)|thank you for contacting|thanks for contacting|a member of our team will|our team will (get back|respond|reply)|support team will|within \d+ (business|working) (hours|days)|this mailbox is (not|no longer) monitored|this inbox is not monitored)\b/,
  /\b(automatische antwort|automatische (e-?mail|nachricht)|ihre (anfrage|nachricht|e-?mail) (ist|wurde) (bei uns )?eingegangen|ticket-?nummer|vorgangsnummer|wir melden uns (schnellstmoglich|so schnell wie moglich|in kurze)|bitte antworten sie nicht auf diese)\b/,
  /\b(reponse automatique|message automatique|nous avons bien recu (votre|vos)|votre (demande|message) a (bien )?ete (recue?|enregistree?)|numero de (ticket|dossier)|merci de ne pas repondre|nous reviendrons vers vous)\b/,
  /\b(respuesta automatica|mensaje automatico|hemos recibido (su|tu) (mensaje|solicitud|correo|consulta)|numero de (ticket|caso|solicitud)|por favor,? no responda|nos pondremos en contacto (con usted|contigo) (lo antes|en breve))\b/,
];

/** Someone who has left: an automatic answer saying so is a wrong_person (often naming who to write to). */
export const DEPARTED =
  /\b(no longer (with|works?|at|working)|left the (company|organi[sz]ation|business)|nicht mehr (bei|im unternehmen|fur)|das unternehmen verlassen|n'est plus (chez|dans)|a quitte (la societe|l'entreprise)|ne fait plus partie|ya no (trabaja|trabajo|esta|forma parte)|dejo la empresa)\b/;

export const WRONG_PERSON = [
  /\b(wrong (person|contact|department|team)|not the (right|best|correct) (person|contact)|no longer (with|works?|at|working|monitored)|left the (company|organi[sz]ation|business)|moved on from|not responsible for|not my (area|department|role)|isn'?t my (area|department)|(talk|speak|reach out) to (our|my) |should go to|try (our|someone|his|her)|contact our head|not the decision maker|don'?t make purchasing|not involved in|nothing to do with|retired|changed roles|don'?t own this|handled by another team|joined a different company|forwarding to someone|don'?t handle|(contact|ask|speak to|talk to|reach out to|email|write to) my colleague|is the (right|best) (person|contact)|better (person|contact) (is|would be)|(owns|handles|looks after) (this|that|purchasing|procurement))\b/,
  new RegExp(String.raw`\b(talk|speak|reach out|write|get in touch|contact|email|e-mail|try) (to |with )?${SOMEONE_AT}`),
  /\b(nicht (der|die) richtige (ansprechpartner|ansprechpartnerin|person|kontakt)|nicht zustandig|(ihr|ihre|der|die) (richtige )?ansprechpartner(in)? (ist|ware)|wenden sie sich (bitte )?an|mein(e|en)? (kollege|kollegin)|nicht mehr (bei|im unternehmen|fur)|das unternehmen verlassen|leite (ihre|die) (nachricht|e-?mail|anfrage) weiter|kummert sich|zustandig ist)\b/,
  /\b(pas la bonne (personne|interlocutrice)|pas le bon (interlocuteur|contact)|mon collegue|ma collegue|adressez-vous a|contactez (plutot )?[a-z]+|(il|elle) s'occupe|n'est plus (chez|dans)|a quitte (la societe|l'entreprise)|pas (en charge|responsable)|la bonne personne (est|serait)|je transmets)\b/,
  /\b(no soy la persona|persona (adecuada|indicada|correcta) (es|seria)|mi (companero|companera|colega)|pongase en contacto con|contacte (con|a) [a-z]+|escriba a [a-z]+|ya no (trabaja|trabajo|esta)|dejo la empresa|no me encargo|se encarga|no soy (el|la) responsable|le reenvio)\b/,
];

export const NOT_INTERESTED = [
  /\b(not interested|no interest|not (a fit|for us|relevant|a priority|looking)|isn'?t a priority|no thanks|no thank you|not at this time|we'?re (all set|good|happy|set)|we are (all set|happy|not interested|set)|pass on this|i'?ll pass|we'?ll pass|already (use|have|signed)|happy with (our|what)|(do ?n'?t|do not|have no) need|no budget|built our own|not something we|doesn'?t sound like|nope|not going to invest)\b/,
  /\b(kein(en)? interesse|kein bedarf|nein,? danke|(sind|bin) nicht interessiert|arbeiten (bereits|schon) mit|(bereits|schon) (einen|ein) (anderen )?(anbieter|dienstleister|partner|tool)|anderen anbieter|nicht interessant|brauchen wir nicht|benotigen wir nicht|haben (bereits|schon) (eine|einen|ein)|sind (gut )?versorgt|passt (leider )?nicht|(derzeit|aktuell|momentan) kein|kein thema|bitte nicht mehr|(fur uns|derzeit|aktuell) nicht (relevant|interessant|notig|wichtig)|nicht relevant|keine prioritat|kein (fit|anwendungsfall)|leider nein|nein,? leider)\b/,
  /\b(pas interessee?s?|(sommes|suis) pas interessee?s?|non,? merci|pas (de )?besoin|ne nous interesse pas|ne m'interesse pas|ca ne nous interesse|nous avons deja|pas pour nous|pas le moment|pas d'actualite|nous sommes (deja )?equipes|je decline|sans (facon|suite)|pas (une |notre )?priorite|pas pertinent|ne (cherchons|recherchons) pas|ce n'est pas pour nous|malheureusement non|non,? malheureusement)\b/,
  /\b(no (nos|me) interesa|no,? gracias|no (estamos|estoy) interesad[oa]s?|ya (tenemos|contamos con|usamos)|no es para nosotros|no necesitamos|no es (el momento|prioridad)|de momento no|por ahora no|paso,? gracias|no (estamos|estoy) buscando|no es relevante|no es (una )?prioridad|lamentablemente no)\b/,
];

const BOOKING_LINK =
  /\b(calendly\.com|cal\.com\/|savvycal\.com|meetings\.hubspot\.com|hubspot\.com\/meetings|zcal\.co|tidycal\.com|youcanbook\.me|doodle\.com|calendar\.app\.google|calendar\.google\.com\/calendar\/appointments|outlook\.office\.com\/bookwithme|koalendar\.com|chilipiper\.com)/;

export const MEETING_REQUEST = [
  BOOKING_LINK,
  /\b(book a (time|slot|call|meeting)|grab (a )?time|schedule (a |the )?(call|demo|meeting|time)|set up (a |time|an? )?(call|meeting|time|demo)?|calendar (invite|link)|(send|put) (me )?(an? |the )?(meeting |calendar )?invite|on my calendar|my calendar is|booking link|let'?s (meet|talk|chat|do a|get a call|hop on|find)|lets meet|happy to (meet|jump on)|free (on|for|tomorrow)|available (on|for)|(quick |a )call (this|next)|do a (quick )?call|hop on a call|jump on a call|on zoom|in the diary|grab a slot|propose (a few )?(slots|times)|few times that work|(i have|i'?ve got) time|availability|\bdo a call on|be able to do a call|call would be easiest|\d{1,2}(:\d\d)? ?(am|pm)\b.*\b(works|work)\b|works for me)\b/,
  /\b(termin (vereinbaren|ausmachen|finden|vorschlagen|machen)|einen termin|(kurzes |kurz )?(telefonat|gesprach|telefonieren)|lassen sie uns (sprechen|telefonieren|reden)|hatten sie (am|nachste|diese) |passt (es )?(ihnen|dir) (am|der|die|das)|(dienstag|mittwoch|donnerstag|freitag|montag) (um|ab|vormittag|nachmittag)|um \d{1,2}(:\d\d)? uhr|zeit fur ein|videocall|teams-?(call|meeting)|einen call)\b/,
  /\b(un (appel|rendez-vous|rdv|echange|call|point)|prendre rendez-vous|fixer un|caler un|se (voir|parler|rencontrer)|appelons-nous|on peut s'appeler|(etes|seriez)-vous disponible|je suis disponible|mes disponibilites|creneau|en visio|(lundi|mardi|mercredi|jeudi|vendredi) (a|vers|matin|apres-midi) ?\d{0,2})\b/,
  new RegExp(
    String.raw`\b(monday|tuesday|wednesday|thursday|friday|montag|dienstag|mittwoch|donnerstag|freitag|lundi|mardi|mercredi|jeudi|vendredi|lunes|martes|miercoles|jueves|viernes)\b.{0,25}\b(\d{1,2}( ?uhr\b|h\d{0,2}\b|:\d\d|\.\d\d| ?(am|pm)\b)|(at|um|a las|a|vers) \d{1,2}\b)`,
  ),
  /\b(how about (monday|tuesday|wednesday|thursday|friday|next week|tomorrow)|kurz (sprechen|telefonieren|austauschen)|rufen sie mich|(je suis|suis) libre|(konnen|sollen) wir (uns )?(nachste woche |diese woche )?(kurz )?(sprechen|telefonieren|treffen)|videollamada|que tal una (llamada|reunion))\b/,
  /\b(una (llamada|reunion|videollamada|cita)|agendar|agendemos|(le|te) (viene|va) bien|estoy disponible|podemos hablar|hablemos|quedamos|nos vemos|mi disponibilidad|(lunes|martes|miercoles|jueves|viernes) a las)\b/,
];

export const INTERESTED = [
  /\b(interested|interesting|intriguing|sounds (good|great|promising)|tell me more|learn more|know more|hear more|more (info|information|details)|send (me |over )?(the |some )?(details|info|pricing|a deck|a case study|a recording)|keen|curious|love the idea|on our radar|count me in|like to try|exactly the problem|could be a fit|could help|send (more|me some)|share (more|a deck)|yes,? please|absolutely)\b/,
  /\b(interessant|interessiert|klingt (gut|spannend|interessant)|mehr (erfahren|infos|informationen|details)|schicken sie mir|senden sie mir|gerne mehr|spannend|ja,? gerne|sehr gerne|gerne!)/,
  /\b(interessant|interesse|ca m'interesse|en savoir plus|plus d'(informations|infos|details)|envoyez-moi|pourquoi pas|avec plaisir|oui,? volontiers|volontiers)\b/,
  /\b(interesante|me interesa|nos interesa|mas informacion|cuentame mas|cuenteme mas|envieme|enviame|suena (bien|interesante)|si,? claro|claro que si|con gusto|me encantaria)\b/,
];

/** The rules in the order they are tried (auto_reply is decided before them, see classify-reply.ts). */
export const RULES: [ReplyCategory, RegExp[]][] = [
  ["bounce", BOUNCE],
  ["unsubscribe", UNSUBSCRIBE],
  ["out_of_office", OUT_OF_OFFICE],
  ["wrong_person", WRONG_PERSON],
  ["not_interested", NOT_INTERESTED],
  ["meeting_request", MEETING_REQUEST],
  ["interested", INTERESTED],
];
