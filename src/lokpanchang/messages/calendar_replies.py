"""The replies to ``calendar`` (issue 22), in every language with a daily body; merged into
``messages.replies`` like ``command_replies``. ``{calendar_word}`` is the reader's own word
for the command and ``{calendars}`` the calendars' names in their language, both from the
language registry (``reply`` fills them); ``{line}`` is today's month line in the new calendar.
Plain sentences of ours: have a native speaker read them (``docs/whatsapp.md``).
"""

from __future__ import annotations

CALENDAR_REPLIES: dict[str, dict[str, str]] = {
    "en": {
        "calendar_set": "Done: your daily message now gives the month in the {calendar} calendar. Today: {line}",
        "calendar_is": "Your daily message gives the month in the {calendar} calendar. To change it, send {calendar_word} and one of: {calendars}.",
        "bad_calendar": "Sorry, “{text}” is not a calendar I know. Send {calendar_word} and one of: {calendars}.",
    },
    "hi": {
        "calendar_set": "ठीक है: अब आपके दैनिक संदेश में मास {calendar} कैलेंडर से आएगा। आज: {line}",
        "calendar_is": "आपके दैनिक संदेश में मास {calendar} कैलेंडर से आता है। बदलने के लिए {calendar_word} और इनमें से एक लिखें: {calendars}।",
        "bad_calendar": "क्षमा करें, “{text}” कोई कैलेंडर नहीं है जिसे हम जानते हैं। {calendar_word} और इनमें से एक लिखें: {calendars}।",
    },
    "sa": {
        "calendar_set": "अस्तु: इतः परं भवतः दैनिकसन्देशे मासः {calendar} दिनदर्शिकानुसारम् आगमिष्यति। अद्य: {line}",
        "calendar_is": "भवतः दैनिकसन्देशे मासः {calendar} दिनदर्शिकानुसारम् आगच्छति। परिवर्तयितुं {calendar_word} इति एतेषु एकं च लिखतु: {calendars}।",
        "bad_calendar": "क्षम्यताम्, “{text}” इति दिनदर्शिका अस्माभिः न ज्ञायते। {calendar_word} इति एतेषु एकं च लिखतु: {calendars}।",
    },
    "ta": {
        "calendar_set": "சரி: இனி உங்கள் தினசரி செய்தியில் மாதம் {calendar} நாட்காட்டிப்படி வரும். இன்று: {line}",
        "calendar_is": "உங்கள் தினசரி செய்தியில் மாதம் {calendar} நாட்காட்டிப்படி வருகிறது. மாற்ற {calendar_word} என்றும் இவற்றில் ஒன்றையும் அனுப்பவும்: {calendars}.",
        "bad_calendar": "மன்னிக்கவும், “{text}” எங்களுக்குத் தெரிந்த நாட்காட்டி அல்ல. {calendar_word} என்றும் இவற்றில் ஒன்றையும் அனுப்பவும்: {calendars}.",
    },
    "te": {
        "calendar_set": "సరే: ఇకపై మీ రోజువారీ సందేశంలో మాసం {calendar} క్యాలెండర్ ప్రకారం వస్తుంది. ఈరోజు: {line}",
        "calendar_is": "మీ రోజువారీ సందేశంలో మాసం {calendar} క్యాలెండర్ ప్రకారం వస్తుంది. మార్చడానికి {calendar_word} మరియు వీటిలో ఒకటి పంపండి: {calendars}.",
        "bad_calendar": "క్షమించండి, “{text}” మాకు తెలిసిన క్యాలెండర్ కాదు. {calendar_word} మరియు వీటిలో ఒకటి పంపండి: {calendars}.",
    },
    "kn": {
        "calendar_set": "ಸರಿ: ಇನ್ನು ಮುಂದೆ ನಿಮ್ಮ ದೈನಿಕ ಸಂದೇಶದಲ್ಲಿ ಮಾಸ {calendar} ಕ್ಯಾಲೆಂಡರ್ ಪ್ರಕಾರ ಬರುತ್ತದೆ. ಇಂದು: {line}",
        "calendar_is": "ನಿಮ್ಮ ದೈನಿಕ ಸಂದೇಶದಲ್ಲಿ ಮಾಸ {calendar} ಕ್ಯಾಲೆಂಡರ್ ಪ್ರಕಾರ ಬರುತ್ತದೆ. ಬದಲಿಸಲು {calendar_word} ಮತ್ತು ಇವುಗಳಲ್ಲಿ ಒಂದನ್ನು ಕಳುಹಿಸಿ: {calendars}.",
        "bad_calendar": "ಕ್ಷಮಿಸಿ, “{text}” ನಮಗೆ ತಿಳಿದ ಕ್ಯಾಲೆಂಡರ್ ಅಲ್ಲ. {calendar_word} ಮತ್ತು ಇವುಗಳಲ್ಲಿ ಒಂದನ್ನು ಕಳುಹಿಸಿ: {calendars}.",
    },
    "ml": {
        "calendar_set": "ശരി: ഇനി നിങ്ങളുടെ ദിവസ സന്ദേശത്തിൽ മാസം {calendar} കലണ്ടർ പ്രകാരം വരും. ഇന്ന്: {line}",
        "calendar_is": "നിങ്ങളുടെ ദിവസ സന്ദേശത്തിൽ മാസം {calendar} കലണ്ടർ പ്രകാരമാണ്. മാറ്റാൻ {calendar_word} എന്നും ഇവയിലൊന്നും അയയ്ക്കുക: {calendars}.",
        "bad_calendar": "ക്ഷമിക്കണം, “{text}” ഞങ്ങൾക്കറിയാവുന്ന കലണ്ടറല്ല. {calendar_word} എന്നും ഇവയിലൊന്നും അയയ്ക്കുക: {calendars}.",
    },
    "mr": {
        "calendar_set": "ठीक आहे: आता तुमच्या दैनिक संदेशात महिना {calendar} दिनदर्शिकेप्रमाणे येईल. आज: {line}",
        "calendar_is": "तुमच्या दैनिक संदेशात महिना {calendar} दिनदर्शिकेप्रमाणे येतो. बदलण्यासाठी {calendar_word} आणि यापैकी एक लिहा: {calendars}.",
        "bad_calendar": "क्षमस्व, “{text}” ही आम्हाला माहीत असलेली दिनदर्शिका नाही. {calendar_word} आणि यापैकी एक लिहा: {calendars}.",
    },
    "gu": {
        "calendar_set": "બરાબર: હવેથી તમારા દૈનિક સંદેશમાં મહિનો {calendar} કેલેન્ડર પ્રમાણે આવશે. આજે: {line}",
        "calendar_is": "તમારા દૈનિક સંદેશમાં મહિનો {calendar} કેલેન્ડર પ્રમાણે આવે છે. બદલવા {calendar_word} અને આમાંથી એક લખો: {calendars}.",
        "bad_calendar": "માફ કરશો, “{text}” અમે જાણીએ છીએ તેવું કેલેન્ડર નથી. {calendar_word} અને આમાંથી એક લખો: {calendars}.",
    },
    "bn": {
        "calendar_set": "ঠিক আছে: এখন থেকে আপনার দৈনিক বার্তায় মাস {calendar} ক্যালেন্ডার অনুযায়ী আসবে। আজ: {line}",
        "calendar_is": "আপনার দৈনিক বার্তায় মাস {calendar} ক্যালেন্ডার অনুযায়ী আসে। বদলাতে {calendar_word} এবং এগুলির একটি লিখুন: {calendars}।",
        "bad_calendar": "দুঃখিত, “{text}” আমাদের জানা কোনো ক্যালেন্ডার নয়। {calendar_word} এবং এগুলির একটি লিখুন: {calendars}।",
    },
}
