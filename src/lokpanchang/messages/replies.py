"""Free-text replies of the subscriber conversation (sent inside the 24-hour window).

Every language with a daily template body has its replies here, with the same keys and the
same placeholders; Sanskrit readers get the Hindi replies, as they get the Hindi body
(``languages.BODY_LANGUAGE``), and any other language the English ones. The replies reuse
the daily message's words (the panchangam's name, the HELP/STOP closing line) and keep the
keywords START, STOP and HELP in Latin letters, as the conversation handler matches them.
``docs/whatsapp.md`` lists which words were checked against public pages.
"""

from __future__ import annotations

from lokpanchang import languages
from lokpanchang.messages.calendar_replies import CALENDAR_REPLIES
from lokpanchang.messages.card_replies import CARD_REPLIES
from lokpanchang.messages.chat_words import CHAT_KINDS, AddressKind, in_chat_words
from lokpanchang.messages.command_replies import COMMAND_REPLIES
from lokpanchang.messages.languages import text_language

# A location request's body may hold at most 1,024 characters and a text message 4,096
# (Meta's limits for interactive bodies and text bodies); every reply fits the smaller.
MAX_REPLY_CHARS = 1024

_REPLIES = {
    "en": {
        "ask_location": "Namaste! This is Lokpanchang: the panchangam for your place, every morning at 06:30 your time (send SUNRISE later to get it at sunrise). Please share your location to start. Send STOP at any time to stop.",
        "subscribed": "You are subscribed: the panchangam for {place} will arrive every day {when} ({timezone}). Reply STOP to unsubscribe.",
        "unsubscribed": "You are unsubscribed and will get no more messages. Send START to subscribe again.",
        "help": "Send START and share your location to get the daily panchangam at 06:30 your time. Then send TODAY, TOMORROW or a date (2026-12-25, 25 Dec) for that day's panchangam; TIME 05:45 or SUNRISE (SUNRISE+30) to choose when it comes; STATUS for your settings; EKADASHI or FESTIVALS for what comes next; PAUSE 7 to pause seven days; {calendar_word} and a calendar ({calendars}) for the month in it; DELETE to erase your number and location; STOP to unsubscribe; HELP for this message. Send a language ({languages}) to get the panchangam in it.",
        "language_set": "Done: your panchangam will come in {language_name}.",
        "bad_location": "Sorry, that location could not be read. Please share your location again.",
        "blocked": "Today's panchangam could not be delivered to you: marketing messages to your number are limited. You stay subscribed; send STOP to unsubscribe.",
        "share_location": "📍 Share my location",
        "linked": "Done: your daily panchangam will now come here on Telegram, at the same time. Send STOP to unsubscribe.",
        "on_telegram": "To get the same panchangam every day on Telegram instead, open {link}",
    },
    "hi": {
        "ask_location": "नमस्ते! यह Lokpanchang है: आपके स्थान का पंचांग, हर सुबह 06:30 बजे आपके समय से (बाद में सूर्योदय लिखें तो सूर्योदय पर)। शुरू करने के लिए कृपया अपना लोकेशन भेजें। कभी भी बंद करने के लिए STOP लिखें।",
        "subscribed": "आपकी सदस्यता हो गई: {place} का पंचांग हर दिन {when} ({timezone}) आएगा। सदस्यता बंद करने के लिए STOP लिखें।",
        "unsubscribed": "आपकी सदस्यता बंद कर दी गई है। फिर से शुरू करने के लिए START लिखें।",
        "help": "रोज़ 06:30 बजे (आपके समय से) पंचांग पाने के लिए START लिखें और अपना लोकेशन भेजें। फिर उस दिन के पंचांग के लिए आज, कल या कोई तारीख़ (2026-12-25, 25 दिसंबर); समय चुनने के लिए समय 05:45 या सूर्योदय (सूर्योदय+30); अपनी जानकारी के लिए स्थिति; आगे क्या है, इसके लिए एकादशी या त्योहार; सात दिन के विराम के लिए विराम 7; अपने कैलेंडर ({calendars}) में मास के लिए {calendar_word} और उसका नाम; नंबर और लोकेशन मिटाने के लिए मिटाएँ; सदस्यता बंद करने के लिए STOP, सहायता के लिए HELP लिखें। किसी और भाषा में पंचांग के लिए उस भाषा का नाम लिखें: {languages}।",
        "language_set": "ठीक है: आपका पंचांग अब {language_name} में आएगा।",
        "bad_location": "क्षमा करें, यह लोकेशन पढ़ा नहीं जा सका। कृपया फिर से भेजें।",
        "blocked": "आज का पंचांग आप तक नहीं पहुँच सका: आपके नंबर पर प्रचार संदेश सीमित हैं। आपकी सदस्यता बनी रहेगी; बंद करने के लिए STOP लिखें।",
        "share_location": "📍 मेरा लोकेशन भेजें",
        "linked": "ठीक है: आपका रोज़ का पंचांग अब यहाँ टेलीग्राम पर, उसी समय आएगा। सदस्यता बंद करने के लिए STOP लिखें।",
        "on_telegram": "यही पंचांग रोज़ टेलीग्राम पर पाने के लिए यह खोलें: {link}",
    },
    "sa": {
        "ask_location": "नमस्ते! एतत् Lokpanchang: भवतः स्थानस्य पञ्चाङ्गम्, प्रतिदिनं प्रातः 06:30 वादने भवतः समयानुसारम् (पश्चात् सूर्योदयः इति लिखति चेत् सूर्योदये)। आरब्धुं कृपया स्वस्थानसूचनां प्रेषयतु। कदापि विरन्तुं STOP इति लिखतु।",
        "subscribed": "भवतः सदस्यता आरब्धा: {place} स्थानस्य पञ्चाङ्गं प्रतिदिनं {when} ({timezone}) आगमिष्यति। सदस्यतां त्यक्तुं STOP इति लिखतु।",
        "unsubscribed": "भवतः सदस्यता समाप्ता; इतः परं सन्देशाः न आगमिष्यन्ति। पुनः आरब्धुं START इति लिखतु।",
        "help": "प्रतिदिनं 06:30 वादने (भवतः समयानुसारम्) पञ्चाङ्गम् आप्तुं START इति लिखित्वा स्वस्थानसूचनां प्रेषयतु। ततः तस्य दिनस्य पञ्चाङ्गाय अद्य, श्वः अथवा कञ्चित् दिनाङ्कम् (2026-12-25, 25 दिसम्बर); समयं चेतुं समयः 05:45 अथवा सूर्योदयः (सूर्योदयः+30); स्वविवरणाय स्थितिः; आगामिभ्यः एकादशी अथवा उत्सवाः; सप्तदिनविरामाय विरामः 7; स्वदिनदर्शिकानुसारं ({calendars}) मासाय {calendar_word} तस्याः नाम च; सङ्ख्यां स्थानसूचनां च अपनेतुम् अपनय; सदस्यतां त्यक्तुं STOP, इदं साहाय्यं प्राप्तुं HELP इति लिखतु। अन्यस्यां भाषायां पञ्चाङ्गाय तस्याः भाषायाः नाम लिखतु: {languages}।",
        "language_set": "अस्तु: इतः परं भवतः पञ्चाङ्गं {language_name} इति भाषायाम् आगमिष्यति।",
        "bad_location": "क्षम्यताम्, सा स्थानसूचना पठितुं न शक्यते। कृपया स्वस्थानसूचनां पुनः प्रेषयतु।",
        "blocked": "अद्यतनं पञ्चाङ्गं भवन्तं न प्राप्तम्: भवतः सङ्ख्यायै प्रचारसन्देशाः सीमिताः। भवतः सदस्यता तिष्ठति; त्यक्तुं STOP इति लिखतु।",
        "share_location": "📍 मम स्थानसूचनां प्रेषयतु",
        "linked": "अस्तु: भवतः दैनिकं पञ्चाङ्गम् इतः परम् अत्र टेलिग्राम्-द्वारा तस्मिन्नेव समये आगमिष्यति। त्यक्तुं STOP इति लिखतु।",
        "on_telegram": "इदमेव पञ्चाङ्गं प्रतिदिनं टेलिग्राम्-द्वारा प्राप्तुम् इदम् उद्घाटयतु: {link}",
    },
    "ta": {
        "ask_location": "வணக்கம்! இது Lokpanchang: உங்கள் ஊருக்கான பஞ்சாங்கம், ஒவ்வொரு நாளும் காலை 06:30 மணிக்கு உங்கள் நேரப்படி (பின்னர் உதயம் என்று அனுப்பினால் சூரிய உதயத்தில்). தொடங்க, தயவுசெய்து உங்கள் இருப்பிடத்தைப் பகிரவும். எப்போது வேண்டுமானாலும் நிறுத்த STOP என்று அனுப்பவும்.",
        "subscribed": "உங்கள் சந்தா தொடங்கியது: {place} பஞ்சாங்கம் தினமும் {when} ({timezone}) வரும். சந்தாவை நிறுத்த STOP என்று அனுப்பவும்.",
        "unsubscribed": "உங்கள் சந்தா நிறுத்தப்பட்டது; இனி செய்திகள் வராது. மீண்டும் சேர START என்று அனுப்பவும்.",
        "help": "தினமும் காலை 06:30 மணிக்கு (உங்கள் நேரப்படி) பஞ்சாங்கம் பெற START என்று அனுப்பி, உங்கள் இருப்பிடத்தைப் பகிரவும். பிறகு அந்த நாளின் பஞ்சாங்கத்திற்கு இன்று, நாளை அல்லது ஒரு தேதி (2026-12-25, 25 டிசம்பர்); நேரத்தைத் தேர்ந்தெடுக்க நேரம் 05:45 அல்லது உதயம் (உதயம்+30); உங்கள் விவரங்களுக்கு நிலை; வருவதை அறிய ஏகாதசி அல்லது பண்டிகைகள்; ஏழு நாள் இடைநிறுத்த இடைநிறுத்து 7; உங்கள் நாட்காட்டியில் ({calendars}) மாதத்திற்கு {calendar_word} மற்றும் அதன் பெயர்; எண்ணையும் இருப்பிடத்தையும் நீக்க நீக்கு; சந்தாவை நிறுத்த STOP, இந்த உதவிக்கு HELP என்று அனுப்பவும். வேறு மொழியில் பஞ்சாங்கம் பெற அந்த மொழியின் பெயரை அனுப்பவும்: {languages}.",
        "language_set": "சரி: இனி உங்கள் பஞ்சாங்கம் {language_name} மொழியில் வரும்.",
        "bad_location": "மன்னிக்கவும், அந்த இருப்பிடத்தைப் படிக்க முடியவில்லை. தயவுசெய்து உங்கள் இருப்பிடத்தை மீண்டும் பகிரவும்.",
        "blocked": "இன்றைய பஞ்சாங்கத்தை உங்களுக்கு அனுப்ப முடியவில்லை: உங்கள் எண்ணுக்கு விளம்பரச் செய்திகள் வரம்புக்குட்பட்டவை. உங்கள் சந்தா தொடரும்; நிறுத்த STOP என்று அனுப்பவும்.",
        "share_location": "📍 என் இருப்பிடத்தைப் பகிர்",
        "linked": "சரி: உங்கள் தினசரி பஞ்சாங்கம் இனி இங்கே டெலிகிராமில் அதே நேரத்தில் வரும். நிறுத்த STOP என்று அனுப்பவும்.",
        "on_telegram": "இதே பஞ்சாங்கத்தை தினமும் டெலிகிராமில் பெற, இதைத் திறக்கவும்: {link}",
    },
    "te": {
        "ask_location": "నమస్కారం! ఇది Lokpanchang: మీ ప్రాంతపు పంచాంగం, ప్రతి రోజు ఉదయం 06:30 గంటలకు మీ సమయం ప్రకారం (తర్వాత సూర్యోదయం అని పంపితే సూర్యోదయానికి). ప్రారంభించడానికి, దయచేసి మీ లొకేషన్ పంపండి. ఎప్పుడైనా నిలిపివేయడానికి STOP అని పంపండి.",
        "subscribed": "మీ చందా మొదలైంది: {place} పంచాంగం ప్రతి రోజు {when} ({timezone}) వస్తుంది. చందా నిలిపివేయడానికి STOP అని పంపండి.",
        "unsubscribed": "మీ చందా నిలిపివేయబడింది; ఇకపై సందేశాలు రావు. మళ్లీ చేరడానికి START అని పంపండి.",
        "help": "ప్రతి రోజు ఉదయం 06:30 గంటలకు (మీ సమయం ప్రకారం) పంచాంగం పొందడానికి START అని పంపి, మీ లొకేషన్ పంపండి. తర్వాత ఆ రోజు పంచాంగానికి ఈరోజు, రేపు లేదా ఒక తేదీ (2026-12-25, 25 డిసెంబర్); సమయం ఎంచుకోవడానికి సమయం 05:45 లేదా సూర్యోదయం (సూర్యోదయం+30); మీ వివరాలకు స్థితి; రాబోయేవి తెలుసుకోవడానికి ఏకాదశి లేదా పండుగలు; ఏడు రోజుల విరామానికి విరామం 7; మీ క్యాలెండర్ ({calendars}) ప్రకారం మాసానికి {calendar_word} మరియు దాని పేరు; నంబర్, లొకేషన్ తొలగించడానికి తొలగించు; చందా నిలిపివేయడానికి STOP, ఈ సహాయం కోసం HELP అని పంపండి. వేరే భాషలో పంచాంగం కోసం ఆ భాష పేరు పంపండి: {languages}.",
        "language_set": "సరే: ఇకపై మీ పంచాంగం {language_name} భాషలో వస్తుంది.",
        "bad_location": "క్షమించండి, ఆ లొకేషన్ చదవలేకపోయాము. దయచేసి మీ లొకేషన్ మళ్లీ పంపండి.",
        "blocked": "ఈ రోజు పంచాంగం మీకు చేరలేదు: మీ నంబర్\u200cకు ప్రచార సందేశాలు పరిమితం. మీ చందా కొనసాగుతుంది; నిలిపివేయడానికి STOP అని పంపండి.",
        "share_location": "📍 నా లొకేషన్ పంపండి",
        "linked": "సరే: మీ రోజువారీ పంచాంగం ఇకపై ఇక్కడ టెలిగ్రామ్\u200cలో అదే సమయానికి వస్తుంది. నిలిపివేయడానికి STOP అని పంపండి.",
        "on_telegram": "ఇదే పంచాంగాన్ని ప్రతిరోజూ టెలిగ్రామ్\u200cలో పొందడానికి ఇది తెరవండి: {link}",
    },
    "kn": {
        "ask_location": "ನಮಸ್ಕಾರ! ಇದು Lokpanchang: ನಿಮ್ಮ ಸ್ಥಳದ ಪಂಚಾಂಗ, ಪ್ರತಿದಿನ ಬೆಳಿಗ್ಗೆ 06:30ಕ್ಕೆ ನಿಮ್ಮ ಸಮಯದಲ್ಲಿ (ನಂತರ ಸೂರ್ಯೋದಯ ಎಂದು ಕಳುಹಿಸಿದರೆ ಸೂರ್ಯೋದಯಕ್ಕೆ). ಆರಂಭಿಸಲು, ದಯವಿಟ್ಟು ನಿಮ್ಮ ಸ್ಥಳವನ್ನು ಹಂಚಿಕೊಳ್ಳಿ. ಯಾವಾಗ ಬೇಕಾದರೂ ನಿಲ್ಲಿಸಲು STOP ಎಂದು ಕಳುಹಿಸಿ.",
        "subscribed": "ನಿಮ್ಮ ಚಂದಾದಾರಿಕೆ ಆರಂಭವಾಗಿದೆ: {place} ಪಂಚಾಂಗ ಪ್ರತಿದಿನ {when} ({timezone}) ಬರುತ್ತದೆ. ಚಂದಾದಾರಿಕೆ ನಿಲ್ಲಿಸಲು STOP ಎಂದು ಕಳುಹಿಸಿ.",
        "unsubscribed": "ನಿಮ್ಮ ಚಂದಾದಾರಿಕೆ ನಿಲ್ಲಿಸಲಾಗಿದೆ; ಇನ್ನು ಸಂದೇಶಗಳು ಬರುವುದಿಲ್ಲ. ಮತ್ತೆ ಸೇರಲು START ಎಂದು ಕಳುಹಿಸಿ.",
        "help": "ಪ್ರತಿದಿನ ಬೆಳಿಗ್ಗೆ 06:30ಕ್ಕೆ (ನಿಮ್ಮ ಸಮಯದಲ್ಲಿ) ಪಂಚಾಂಗ ಪಡೆಯಲು START ಎಂದು ಕಳುಹಿಸಿ, ನಂತರ ನಿಮ್ಮ ಸ್ಥಳವನ್ನು ಹಂಚಿಕೊಳ್ಳಿ. ಬಳಿಕ ಆ ದಿನದ ಪಂಚಾಂಗಕ್ಕೆ ಇಂದು, ನಾಳೆ ಅಥವಾ ಒಂದು ದಿನಾಂಕ (2026-12-25, 25 ಡಿಸೆಂಬರ್); ಸಮಯ ಆರಿಸಲು ಸಮಯ 05:45 ಅಥವಾ ಸೂರ್ಯೋದಯ (ಸೂರ್ಯೋದಯ+30); ನಿಮ್ಮ ವಿವರಗಳಿಗೆ ಸ್ಥಿತಿ; ಮುಂದೆ ಬರುವುದಕ್ಕೆ ಏಕಾದಶಿ ಅಥವಾ ಹಬ್ಬಗಳು; ಏಳು ದಿನಗಳ ವಿರಾಮಕ್ಕೆ ವಿರಾಮ 7; ನಿಮ್ಮ ಕ್ಯಾಲೆಂಡರ್ ({calendars}) ಪ್ರಕಾರ ಮಾಸಕ್ಕೆ {calendar_word} ಮತ್ತು ಅದರ ಹೆಸರು; ಸಂಖ್ಯೆ ಮತ್ತು ಸ್ಥಳ ಅಳಿಸಲು ಅಳಿಸಿ; ಚಂದಾದಾರಿಕೆ ನಿಲ್ಲಿಸಲು STOP, ಈ ಸಹಾಯಕ್ಕಾಗಿ HELP ಎಂದು ಕಳುಹಿಸಿ. ಬೇರೆ ಭಾಷೆಯಲ್ಲಿ ಪಂಚಾಂಗ ಪಡೆಯಲು ಆ ಭಾಷೆಯ ಹೆಸರನ್ನು ಕಳುಹಿಸಿ: {languages}.",
        "language_set": "ಸರಿ: ಇನ್ನು ಮುಂದೆ ನಿಮ್ಮ ಪಂಚಾಂಗ {language_name} ಭಾಷೆಯಲ್ಲಿ ಬರುತ್ತದೆ.",
        "bad_location": "ಕ್ಷಮಿಸಿ, ಆ ಸ್ಥಳವನ್ನು ಓದಲು ಆಗಲಿಲ್ಲ. ದಯವಿಟ್ಟು ನಿಮ್ಮ ಸ್ಥಳವನ್ನು ಮತ್ತೆ ಹಂಚಿಕೊಳ್ಳಿ.",
        "blocked": "ಇಂದಿನ ಪಂಚಾಂಗ ನಿಮಗೆ ತಲುಪಲಿಲ್ಲ: ನಿಮ್ಮ ಸಂಖ್ಯೆಗೆ ಪ್ರಚಾರ ಸಂದೇಶಗಳು ಸೀಮಿತವಾಗಿವೆ. ನಿಮ್ಮ ಚಂದಾದಾರಿಕೆ ಮುಂದುವರಿಯುತ್ತದೆ; ನಿಲ್ಲಿಸಲು STOP ಎಂದು ಕಳುಹಿಸಿ.",
        "share_location": "📍 ನನ್ನ ಸ್ಥಳವನ್ನು ಹಂಚಿಕೊಳ್ಳಿ",
        "linked": "ಸರಿ: ನಿಮ್ಮ ದೈನಂದಿನ ಪಂಚಾಂಗ ಇನ್ನು ಮುಂದೆ ಇಲ್ಲಿ ಟೆಲಿಗ್ರಾಮ್\u200cನಲ್ಲಿ ಅದೇ ಸಮಯಕ್ಕೆ ಬರುತ್ತದೆ. ನಿಲ್ಲಿಸಲು STOP ಎಂದು ಕಳುಹಿಸಿ.",
        "on_telegram": "ಇದೇ ಪಂಚಾಂಗವನ್ನು ಪ್ರತಿದಿನ ಟೆಲಿಗ್ರಾಮ್\u200cನಲ್ಲಿ ಪಡೆಯಲು ಇದನ್ನು ತೆರೆಯಿರಿ: {link}",
    },
    "ml": {
        "ask_location": "നമസ്കാരം! ഇത് Lokpanchang: നിങ്ങളുടെ സ്ഥലത്തെ പഞ്ചാംഗം, എല്ലാ ദിവസവും രാവിലെ 06:30-ന് നിങ്ങളുടെ സമയം (പിന്നീട് സൂര്യോദയം എന്ന് അയച്ചാൽ സൂര്യോദയത്തിന്). തുടങ്ങാൻ, ദയവായി നിങ്ങളുടെ ലൊക്കേഷൻ പങ്കുവെക്കുക. എപ്പോൾ വേണമെങ്കിലും നിർത്താൻ STOP എന്ന് അയയ്ക്കുക.",
        "subscribed": "സേവനം ആരംഭിച്ചു: {place} പഞ്ചാംഗം എല്ലാ ദിവസവും {when} ({timezone}) എത്തും. സേവനം നിർത്താൻ STOP എന്ന് അയയ്ക്കുക.",
        "unsubscribed": "സേവനം നിർത്തി; ഇനി സന്ദേശങ്ങൾ ലഭിക്കില്ല. വീണ്ടും ചേരാൻ START എന്ന് അയയ്ക്കുക.",
        "help": "എല്ലാ ദിവസവും രാവിലെ 06:30-ന് (നിങ്ങളുടെ സമയം) പഞ്ചാംഗം ലഭിക്കാൻ START എന്ന് അയച്ച് നിങ്ങളുടെ ലൊക്കേഷൻ പങ്കുവെക്കുക. പിന്നെ ആ ദിവസത്തെ പഞ്ചാംഗത്തിന് ഇന്ന്, നാളെ അല്ലെങ്കിൽ ഒരു തീയതി (2026-12-25, 25 ഡിസംബർ); സമയം തിരഞ്ഞെടുക്കാൻ സമയം 05:45 അല്ലെങ്കിൽ സൂര്യോദയം (സൂര്യോദയം+30); വിവരങ്ങൾക്ക് നില; വരാനിരിക്കുന്നവയ്ക്ക് ഏകാദശി അല്ലെങ്കിൽ ഉത്സവങ്ങൾ; ഏഴു ദിവസത്തെ ഇടവേളയ്ക്ക് ഇടവേള 7; നിങ്ങളുടെ കലണ്ടർ ({calendars}) പ്രകാരം മാസത്തിന് {calendar_word}, അതിന്റെ പേര്; നമ്പറും ലൊക്കേഷനും മായ്ക്കാൻ മായ്ക്കുക; സേവനം നിർത്താൻ STOP, ഈ സഹായത്തിന് HELP എന്ന് അയയ്ക്കുക. മറ്റൊരു ഭാഷയിൽ പഞ്ചാംഗം ലഭിക്കാൻ ആ ഭാഷയുടെ പേര് അയയ്ക്കുക: {languages}.",
        "language_set": "ശരി: ഇനി മുതൽ നിങ്ങളുടെ പഞ്ചാംഗത്തിന്റെ ഭാഷ {language_name} ആയിരിക്കും.",
        "bad_location": "ക്ഷമിക്കണം, ആ ലൊക്കേഷൻ വായിക്കാൻ കഴിഞ്ഞില്ല. ദയവായി നിങ്ങളുടെ ലൊക്കേഷൻ വീണ്ടും പങ്കുവെക്കുക.",
        "blocked": "ഇന്നത്തെ പഞ്ചാംഗം നിങ്ങൾക്ക് എത്തിക്കാനായില്ല: നിങ്ങളുടെ നമ്പറിലേക്കുള്ള പ്രചാരണ സന്ദേശങ്ങൾ പരിമിതമാണ്. സേവനം തുടരും; നിർത്താൻ STOP എന്ന് അയയ്ക്കുക.",
        "share_location": "📍 എന്റെ ലൊക്കേഷൻ പങ്കിടുക",
        "linked": "ശരി: നിങ്ങളുടെ ദിവസേനയുള്ള പഞ്ചാംഗം ഇനി ഇവിടെ ടെലിഗ്രാമിൽ അതേ സമയത്ത് വരും. നിർത്താൻ STOP എന്ന് അയയ്ക്കുക.",
        "on_telegram": "ഇതേ പഞ്ചാംഗം ദിവസവും ടെലിഗ്രാമിൽ ലഭിക്കാൻ ഇത് തുറക്കുക: {link}",
    },
    "mr": {
        "ask_location": "नमस्कार! हे Lokpanchang आहे: तुमच्या ठिकाणचे पंचांग, दररोज सकाळी 06:30 वाजता तुमच्या वेळेनुसार (नंतर सूर्योदय लिहिल्यास सूर्योदयाला). सुरू करण्यासाठी कृपया तुमचे लोकेशन पाठवा. कधीही बंद करण्यासाठी STOP लिहा.",
        "subscribed": "तुमची सदस्यता सुरू झाली: {place} येथील पंचांग दररोज {when} ({timezone}) येईल. सदस्यता रद्द करण्यासाठी STOP लिहा.",
        "unsubscribed": "तुमची सदस्यता रद्द झाली आहे; यापुढे संदेश येणार नाहीत. पुन्हा सुरू करण्यासाठी START लिहा.",
        "help": "दररोज सकाळी 06:30 वाजता (तुमच्या वेळेनुसार) पंचांग मिळवण्यासाठी START लिहा आणि तुमचे लोकेशन पाठवा. मग त्या दिवसाच्या पंचांगासाठी आज, उद्या किंवा एखादी तारीख (2026-12-25, 25 डिसेंबर); वेळ निवडण्यासाठी वेळ 05:45 किंवा सूर्योदय (सूर्योदय+30); तुमच्या माहितीसाठी स्थिती; पुढे काय आहे यासाठी एकादशी किंवा सण; सात दिवसांच्या विरामासाठी विराम 7; तुमच्या दिनदर्शिकेनुसार ({calendars}) महिन्यासाठी {calendar_word} आणि तिचे नाव; क्रमांक आणि लोकेशन हटवण्यासाठी हटवा; सदस्यता रद्द करण्यासाठी STOP, या मदतीसाठी HELP लिहा. दुसऱ्या भाषेत पंचांग हवे असल्यास त्या भाषेचे नाव लिहा: {languages}.",
        "language_set": "ठीक आहे: यापुढे तुमचे पंचांग {language_name} भाषेत येईल.",
        "bad_location": "क्षमस्व, हे लोकेशन वाचता आले नाही. कृपया तुमचे लोकेशन पुन्हा पाठवा.",
        "blocked": "आजचे पंचांग तुमच्यापर्यंत पोहोचू शकले नाही: तुमच्या क्रमांकावर जाहिरात संदेश मर्यादित आहेत. तुमची सदस्यता सुरू राहील; बंद करण्यासाठी STOP पाठवा.",
        "share_location": "📍 माझे लोकेशन पाठवा",
        "linked": "ठीक आहे: तुमचे रोजचे पंचांग आता इथे टेलिग्राम वर, त्याच वेळी येईल. बंद करण्यासाठी STOP पाठवा.",
        "on_telegram": "हेच पंचांग रोज टेलिग्राम वर मिळवण्यासाठी हे उघडा: {link}",
    },
    "gu": {
        "ask_location": "નમસ્તે! આ Lokpanchang છે: તમારા સ્થળનું પંચાંગ, દરરોજ સવારે 06:30 વાગ્યે તમારા સમય મુજબ (પછી સૂર્યોદય લખશો તો સૂર્યોદયે). શરૂ કરવા, કૃપા કરીને તમારું લોકેશન મોકલો. ગમે ત્યારે બંધ કરવા STOP લખો.",
        "subscribed": "તમારું સભ્યપદ શરૂ થયું: {place} માટેનું પંચાંગ દરરોજ {when} ({timezone}) આવશે. સભ્યપદ બંધ કરવા STOP લખો.",
        "unsubscribed": "તમારું સભ્યપદ બંધ કરવામાં આવ્યું છે; હવે કોઈ સંદેશ નહીં આવે. ફરી શરૂ કરવા START લખો.",
        "help": "દરરોજ સવારે 06:30 વાગ્યે (તમારા સમય મુજબ) પંચાંગ મેળવવા START લખો અને તમારું લોકેશન મોકલો. પછી તે દિવસના પંચાંગ માટે આજે, આવતીકાલે અથવા કોઈ તારીખ (2026-12-25, 25 ડિસેમ્બર); સમય પસંદ કરવા સમય 05:45 અથવા સૂર્યોદય (સૂર્યોદય+30); તમારી વિગતો માટે સ્થિતિ; આગળ શું છે તે માટે એકાદશી અથવા તહેવારો; સાત દિવસના વિરામ માટે વિરામ 7; તમારા કેલેન્ડર ({calendars}) મુજબ મહિના માટે {calendar_word} અને તેનું નામ; નંબર અને લોકેશન કાઢી નાખવા કાઢી નાખો; સભ્યપદ બંધ કરવા STOP, આ મદદ માટે HELP લખો. બીજી ભાષામાં પંચાંગ માટે તે ભાષાનું નામ લખો: {languages}.",
        "language_set": "બરાબર: હવેથી તમારું પંચાંગ {language_name} ભાષામાં આવશે.",
        "bad_location": "માફ કરશો, આ લોકેશન વાંચી શકાયું નહીં. કૃપા કરીને તમારું લોકેશન ફરીથી મોકલો.",
        "blocked": "આજનું પંચાંગ તમારા સુધી પહોંચી શક્યું નથી: તમારા નંબર પર પ્રચાર સંદેશા મર્યાદિત છે. તમારું સભ્યપદ ચાલુ રહેશે; બંધ કરવા STOP લખો.",
        "share_location": "📍 મારું લોકેશન મોકલો",
        "linked": "બરાબર: તમારું રોજનું પંચાંગ હવે અહીં ટેલિગ્રામ પર, એ જ સમયે આવશે. બંધ કરવા STOP લખો.",
        "on_telegram": "આ જ પંચાંગ રોજ ટેલિગ્રામ પર મેળવવા માટે આ ખોલો: {link}",
    },
    "bn": {
        "ask_location": "নমস্কার! এটি Lokpanchang: আপনার এলাকার পঞ্জিকা, প্রতিদিন সকাল 06:30-এ আপনার সময় অনুযায়ী (পরে সূর্যোদয় লিখলে সূর্যোদয়ে)। শুরু করতে, অনুগ্রহ করে আপনার লোকেশন শেয়ার করুন। যেকোনো সময় বন্ধ করতে STOP লিখুন।",
        "subscribed": "আপনার সদস্যতা শুরু হয়েছে: {place}-এর পঞ্জিকা প্রতিদিন {when} ({timezone}) আসবে। সদস্যতা বন্ধ করতে STOP লিখুন।",
        "unsubscribed": "আপনার সদস্যতা বন্ধ করা হয়েছে; আর কোনো বার্তা আসবে না। আবার শুরু করতে START লিখুন।",
        "help": "প্রতিদিন সকাল 06:30-এ (আপনার সময় অনুযায়ী) পঞ্জিকা পেতে START লিখুন এবং আপনার লোকেশন শেয়ার করুন। তারপর সেই দিনের পঞ্জিকার জন্য আজ, আগামীকাল বা একটি তারিখ (2026-12-25, 25 ডিসেম্বর); সময় বেছে নিতে সময় 05:45 বা সূর্যোদয় (সূর্যোদয়+30); আপনার তথ্যের জন্য অবস্থা; সামনে কী আছে জানতে একাদশী বা উৎসব; সাত দিনের বিরতির জন্য বিরতি 7; আপনার ক্যালেন্ডার ({calendars}) অনুযায়ী মাসের জন্য {calendar_word} এবং তার নাম; নম্বর ও লোকেশন মুছতে মুছুন; সদস্যতা বন্ধ করতে STOP, এই সাহায্যের জন্য HELP লিখুন। অন্য ভাষায় পঞ্জিকা পেতে সেই ভাষার নাম লিখুন: {languages}।",
        "language_set": "ঠিক আছে: এখন থেকে আপনার পঞ্জিকা {language_name} ভাষায় আসবে।",
        "bad_location": "দুঃখিত, এই লোকেশনটি পড়া যায়নি। অনুগ্রহ করে আপনার লোকেশন আবার শেয়ার করুন।",
        "blocked": "আজকের পঞ্জিকা আপনার কাছে পৌঁছানো যায়নি: আপনার নম্বরে প্রচারমূলক বার্তা সীমিত। আপনার সদস্যতা চালু থাকবে; বন্ধ করতে STOP লিখুন।",
        "share_location": "📍 আমার লোকেশন পাঠান",
        "linked": "ঠিক আছে: আপনার দৈনিক পঞ্জিকা এখন থেকে এখানে টেলিগ্রামে একই সময়ে আসবে। বন্ধ করতে STOP লিখুন।",
        "on_telegram": "এই একই পঞ্জিকা প্রতিদিন টেলিগ্রামে পেতে এটি খুলুন: {link}",
    },
}

for _code, _texts in COMMAND_REPLIES.items():
    _REPLIES[_code].update(_texts)
for _code, _texts in CALENDAR_REPLIES.items():
    _REPLIES[_code].update(_texts)
for _code, _texts in CARD_REPLIES.items():
    _REPLIES[_code].update(_texts)
    _REPLIES[_code]["help"] += " " + _texts["card_help"]  # the help names ``card on/off`` too


# The order the help lists the languages in; every name listed is one the handler accepts.
MENU_ORDER = ("en", "hi", "ta", "te", "kn", "ml", "mr", "gu", "bn", "sa")


def reply_language(language: str) -> str:
    """The language whose replies a reader of ``language`` gets: the one whose daily body they
    get (``languages.text_language``); every language with a body has replies here."""
    return text_language(language)


def language_menu(language: str) -> tuple[str, ...]:
    """The language names the help in ``language`` lists: English names, or each in itself."""
    in_english = reply_language(language) == languages.DEFAULT
    rows = [languages.language(code) for code in MENU_ORDER]
    return tuple(row.english_name if in_english else row.native_name for row in rows)


def calendar_menu(language: str) -> tuple[str, ...]:
    """The calendars' names as a reader of ``language`` writes them, in the choices' order."""
    return tuple(languages.calendar_name(language, value) for value in languages.CALENDARS)


def reply(kind: str, language: str = "en", **values: str) -> str:
    """The reply ``kind`` in ``language`` (English when there is none), filled with ``values``.

    ``language_name`` defaults to ``language``'s name as the reply writes it, ``languages``
    to the help's list of names (``language_menu``), ``calendars`` to the calendars' names
    and ``calendar_word`` to the reader's word for the ``calendar`` command (``card_word``,
    ``on_word`` and ``off_word`` likewise for ``card on`` / ``card off``).
    """
    texts = _REPLIES[reply_language(language)]
    values.setdefault("language_name", languages.name_in(language, language))
    values.setdefault("languages", ", ".join(language_menu(language)))
    values.setdefault("calendars", ", ".join(calendar_menu(language)))
    values.setdefault("calendar_word", languages.command_word(language, "calendar"))
    values.setdefault("card_word", languages.command_word(language, "card"))
    values.setdefault("on_word", languages.card_switch_word(language, True))
    values.setdefault("off_word", languages.card_switch_word(language, False))
    return texts.get(kind, _REPLIES["en"][kind]).format(**values)


def reply_to(address_kind: AddressKind, kind: str, language: str = "en", **values: str) -> str:
    """``reply(kind, language, **values)`` for a person whose address with us is
    ``address_kind``: on a chat channel help and erasure speak of the chat, not a number."""
    text = reply(kind, language, **values)
    if address_kind is AddressKind.CHAT and kind in CHAT_KINDS:
        return in_chat_words(text, reply_language(language))
    return text


def reply_kinds() -> tuple[str, ...]:
    """The reply keys every language has (the English table's)."""
    return tuple(_REPLIES["en"])


def reply_template(kind: str, language: str) -> str:
    """The unfilled text of reply ``kind`` in ``language``'s reply table (for checks and docs)."""
    return _REPLIES[reply_language(language)][kind]
