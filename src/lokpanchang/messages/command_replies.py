"""The replies to the subscriber's commands (issue 14), in every language with a daily body.

Merged into ``messages.replies`` (one ``reply`` function); the same rules hold: the same keys
and placeholders in each language, START/STOP/HELP in Latin letters, every other command
named by the reader's own word (``languages.commands``). Plain sentences of ours: have a
native speaker read them (``docs/whatsapp.md``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from lokpanchang import languages

COMMAND_REPLIES: dict[str, dict[str, str]] = {
    "en": {
        "already_subscribed": (
            "You are already subscribed: the panchangam for {place} comes every day "
            "{when} ({timezone}). Send STATUS for your settings, HELP for what you can ask, "
            "STOP to unsubscribe."
        ),
        "not_subscribed": "You are not subscribed, so there is nothing to stop. Send START to subscribe.",
        "already_stopped": "You are already unsubscribed and get no messages. Send START to subscribe again.",
        "need_location": "You are not subscribed yet: send START and share your location, then ask again.",
        "nothing_stored": "We keep nothing about this number. Send START to subscribe.",
        "time_set": "Done: the panchangam for {place} will come every day {when} ({timezone}).",
        "sunrise_set": (
            "Done: the panchangam for {place} will come every day {when} ({timezone}). "
            "Next: {next}."
        ),
        "sunrise_polar": "There is no sunrise at your place on {date}: that day it comes at 06:30.",
        "at_time": "at {time}",
        "at_sunrise": "at sunrise",
        "after_sunrise": "{minutes} minutes after sunrise",
        "before_sunrise": "{minutes} minutes before sunrise",
        "paused": "Paused: no panchangam until {date}; it comes again on {resume}. Send START to resume sooner.",
        "status": (
            "Place: {place}\nZone: {timezone}\nTime: {when}\nLanguage: {language_name}\n"
            "Channel: {channel}\n{state}"
        ),
        "state_subscribed": "You are subscribed.",
        "state_stopped": "You are unsubscribed: send START to subscribe again.",
        "state_paused": "Paused until {date}.",
        "observances_heading": "Festivals and vrats coming at {place}:",
        "ekadashi_heading": "The next Ekadashi at {place}:",
        "no_observances": "No festival or vrat at {place} in the next {days} days.",
        "confirm_delete": (
            "Send YES within 15 minutes to erase your number and location from Lokpanchang "
            "for good. Anything else keeps everything as it is."
        ),
        "deleted": (
            "Done: your number and location are erased and you will get no more messages. "
            "Send START to subscribe again."
        ),
        "bad_date": "Sorry, “{text}” is not a date I can read. Send a date like 2026-12-25 or 25 Dec.",
        "bad_time": "Sorry, “{text}” is not a time. Send TIME and hours:minutes, like TIME 05:45.",
        "bad_sunrise": "Sorry, “{text}” cannot follow SUNRISE. Send SUNRISE, or SUNRISE+30 or SUNRISE-15 (up to 180 minutes).",
        "bad_pause": "Sorry, “{text}” is not a number of days. Send PAUSE and 1 to 365, like PAUSE 7.",
    },
    "hi": {
        "already_subscribed": (
            "आपकी सदस्यता पहले से है: {place} का पंचांग हर दिन {when} ({timezone}) आता है। "
            "अपनी जानकारी के लिए स्थिति, सहायता के लिए HELP, सदस्यता बंद करने के लिए STOP लिखें।"
        ),
        "not_subscribed": "आपकी सदस्यता नहीं है, इसलिए बंद करने को कुछ नहीं है। सदस्यता के लिए START लिखें।",
        "already_stopped": "आपकी सदस्यता पहले ही बंद है और कोई संदेश नहीं आता। फिर से शुरू करने के लिए START लिखें।",
        "need_location": "अभी आपकी सदस्यता नहीं है: START लिखें और अपना लोकेशन भेजें, फिर दोबारा पूछें।",
        "nothing_stored": "इस नंबर के बारे में हमारे पास कुछ नहीं है। सदस्यता के लिए START लिखें।",
        "time_set": "ठीक है: {place} का पंचांग अब हर दिन {when} ({timezone}) आएगा।",
        "sunrise_set": "ठीक है: {place} का पंचांग अब हर दिन {when} ({timezone}) आएगा। अगला: {next}।",
        "sunrise_polar": "{date} को आपके स्थान पर सूर्योदय नहीं होगा: उस दिन पंचांग 06:30 पर आएगा।",
        "at_time": "{time} बजे",
        "at_sunrise": "सूर्योदय पर",
        "after_sunrise": "सूर्योदय के {minutes} मिनट बाद",
        "before_sunrise": "सूर्योदय से {minutes} मिनट पहले",
        "paused": "विराम: {date} तक पंचांग नहीं आएगा; {resume} से फिर आएगा। पहले शुरू करने के लिए START लिखें।",
        "status": "स्थान: {place}\nसमय क्षेत्र: {timezone}\nसमय: {when}\nभाषा: {language_name}\nमाध्यम: {channel}\n{state}",
        "state_subscribed": "आपकी सदस्यता चालू है।",
        "state_stopped": "आपकी सदस्यता बंद है: फिर से शुरू करने के लिए START लिखें।",
        "state_paused": "{date} तक विराम।",
        "observances_heading": "{place} में आने वाले त्योहार और व्रत:",
        "ekadashi_heading": "{place} में अगली एकादशी:",
        "no_observances": "अगले {days} दिनों में {place} में कोई त्योहार या व्रत नहीं।",
        "confirm_delete": (
            "Lokpanchang से अपना नंबर और लोकेशन हमेशा के लिए मिटाने के लिए 15 मिनट के भीतर हाँ "
            "लिखें। कुछ और लिखने पर सब वैसा ही रहेगा।"
        ),
        "deleted": "हो गया: आपका नंबर और लोकेशन मिटा दिए गए हैं, अब कोई संदेश नहीं आएगा। फिर से शुरू करने के लिए START लिखें।",
        "bad_date": "क्षमा करें, “{text}” कोई तारीख़ नहीं लगती। 2026-12-25 या 25 दिसंबर जैसी तारीख़ लिखें।",
        "bad_time": "क्षमा करें, “{text}” कोई समय नहीं है। समय और घंटे:मिनट लिखें, जैसे समय 05:45।",
        "bad_sunrise": "क्षमा करें, सूर्योदय के बाद “{text}” नहीं चलेगा। सूर्योदय, या सूर्योदय+30 या सूर्योदय-15 लिखें (180 मिनट तक)।",
        "bad_pause": "क्षमा करें, “{text}” दिनों की संख्या नहीं है। विराम और 1 से 365 लिखें, जैसे विराम 7।",
    },
    "sa": {
        "already_subscribed": (
            "भवतः सदस्यता पूर्वमेव अस्ति: {place} स्थानस्य पञ्चाङ्गं प्रतिदिनं {when} ({timezone}) "
            "आगच्छति। स्वविवरणाय स्थितिः, साहाय्याय HELP, सदस्यतां त्यक्तुं STOP इति लिखतु।"
        ),
        "not_subscribed": "भवतः सदस्यता नास्ति, अतः विरन्तुं किमपि नास्ति। सदस्यतायै START इति लिखतु।",
        "already_stopped": "भवतः सदस्यता पूर्वमेव समाप्ता, सन्देशाः न आगच्छन्ति। पुनः आरब्धुं START इति लिखतु।",
        "need_location": "भवतः सदस्यता अद्यापि नास्ति: START इति लिखित्वा स्वस्थानसूचनां प्रेषयतु, ततः पुनः पृच्छतु।",
        "nothing_stored": "अस्याः सङ्ख्यायाः विषये अस्माकं समीपे किमपि नास्ति। सदस्यतायै START इति लिखतु।",
        "time_set": "अस्तु: {place} स्थानस्य पञ्चाङ्गम् इतः परं प्रतिदिनं {when} ({timezone}) आगमिष्यति।",
        "sunrise_set": "अस्तु: {place} स्थानस्य पञ्चाङ्गम् इतः परं प्रतिदिनं {when} ({timezone}) आगमिष्यति। आगामि: {next}।",
        "sunrise_polar": "{date} दिने भवतः स्थाने सूर्योदयः नास्ति: तस्मिन् दिने पञ्चाङ्गं 06:30 वादने आगमिष्यति।",
        "at_time": "{time} वादने",
        "at_sunrise": "सूर्योदये",
        "after_sunrise": "सूर्योदयात् {minutes} निमेषानन्तरम्",
        "before_sunrise": "सूर्योदयात् {minutes} निमेषपूर्वम्",
        "paused": "विरामः: {date} पर्यन्तं पञ्चाङ्गं न आगमिष्यति; {resume} दिनात् पुनः आगमिष्यति। शीघ्रम् आरब्धुं START इति लिखतु।",
        "status": "स्थानम्: {place}\nसमयमण्डलम्: {timezone}\nसमयः: {when}\nभाषा: {language_name}\nमाध्यमम्: {channel}\n{state}",
        "state_subscribed": "भवतः सदस्यता प्रचलति।",
        "state_stopped": "भवतः सदस्यता समाप्ता: पुनः आरब्धुं START इति लिखतु।",
        "state_paused": "{date} पर्यन्तं विरामः।",
        "observances_heading": "{place} स्थाने आगामिनः उत्सवाः व्रतानि च:",
        "ekadashi_heading": "{place} स्थाने आगामिनी एकादशी:",
        "no_observances": "आगामिषु {days} दिनेषु {place} स्थाने न कोऽपि उत्सवः व्रतं वा।",
        "confirm_delete": (
            "Lokpanchang इत्यस्मात् स्वसङ्ख्यां स्थानसूचनां च सर्वदा अपनेतुं 15 निमेषाभ्यन्तरे आम् "
            "इति लिखतु। अन्यत् किमपि लिखति चेत् सर्वं यथापूर्वं तिष्ठति।"
        ),
        "deleted": "अस्तु: भवतः सङ्ख्या स्थानसूचना च अपनीते, इतः परं सन्देशाः न आगमिष्यन्ति। पुनः आरब्धुं START इति लिखतु।",
        "bad_date": "क्षम्यताम्, “{text}” इति दिनाङ्कः न प्रतीयते। 2026-12-25 अथवा 25 दिसम्बर इव दिनाङ्कं लिखतु।",
        "bad_time": "क्षम्यताम्, “{text}” इति समयः नास्ति। समयः इति होरा:निमेषाः च लिखतु, यथा समयः 05:45।",
        "bad_sunrise": "क्षम्यताम्, सूर्योदयः इत्यस्य अनन्तरं “{text}” न चलति। सूर्योदयः, सूर्योदयः+30 अथवा सूर्योदयः-15 इति लिखतु (180 निमेषपर्यन्तम्)।",
        "bad_pause": "क्षम्यताम्, “{text}” इति दिनसङ्ख्या नास्ति। विरामः इति 1 तः 365 पर्यन्तं च लिखतु, यथा विरामः 7।",
    },
    "ta": {
        "already_subscribed": (
            "நீங்கள் ஏற்கனவே சந்தாதாரர்: {place} பஞ்சாங்கம் தினமும் {when} ({timezone}) வரும். "
            "உங்கள் விவரங்களுக்கு நிலை, உதவிக்கு HELP, சந்தாவை நிறுத்த STOP என்று அனுப்பவும்."
        ),
        "not_subscribed": "நீங்கள் சந்தாதாரர் அல்ல, நிறுத்த எதுவும் இல்லை. சேர START என்று அனுப்பவும்.",
        "already_stopped": "உங்கள் சந்தா ஏற்கனவே நிறுத்தப்பட்டது; செய்திகள் வராது. மீண்டும் சேர START என்று அனுப்பவும்.",
        "need_location": "நீங்கள் இன்னும் சேரவில்லை: START என்று அனுப்பி உங்கள் இருப்பிடத்தைப் பகிர்ந்து, பிறகு மீண்டும் கேளுங்கள்.",
        "nothing_stored": "இந்த எண்ணைப் பற்றி எங்களிடம் எதுவும் இல்லை. சேர START என்று அனுப்பவும்.",
        "time_set": "சரி: {place} பஞ்சாங்கம் இனி தினமும் {when} ({timezone}) வரும்.",
        "sunrise_set": "சரி: {place} பஞ்சாங்கம் இனி தினமும் {when} ({timezone}) வரும். அடுத்தது: {next}.",
        "sunrise_polar": "{date} அன்று உங்கள் இடத்தில் சூரிய உதயம் இல்லை: அன்று 06:30 மணிக்கு வரும்.",
        "at_time": "{time} மணிக்கு",
        "at_sunrise": "சூரிய உதயத்தில்",
        "after_sunrise": "சூரிய உதயத்திற்கு {minutes} நிமிடங்கள் பிறகு",
        "before_sunrise": "சூரிய உதயத்திற்கு {minutes} நிமிடங்கள் முன்",
        "paused": "இடைநிறுத்தம்: {date} வரை பஞ்சாங்கம் வராது; {resume} முதல் மீண்டும் வரும். முன்பே தொடர START என்று அனுப்பவும்.",
        "status": "இடம்: {place}\nநேர மண்டலம்: {timezone}\nநேரம்: {when}\nமொழி: {language_name}\nவழி: {channel}\n{state}",
        "state_subscribed": "உங்கள் சந்தா நடப்பில் உள்ளது.",
        "state_stopped": "உங்கள் சந்தா நிறுத்தப்பட்டது: மீண்டும் சேர START என்று அனுப்பவும்.",
        "state_paused": "{date} வரை இடைநிறுத்தம்.",
        "observances_heading": "{place} வரவிருக்கும் பண்டிகைகளும் விரதங்களும்:",
        "ekadashi_heading": "{place} அடுத்த ஏகாதசி:",
        "no_observances": "அடுத்த {days} நாட்களில் {place} பண்டிகையோ விரதமோ இல்லை.",
        "confirm_delete": (
            "உங்கள் எண்ணையும் இருப்பிடத்தையும் Lokpanchang இலிருந்து நிரந்தரமாக நீக்க 15 "
            "நிமிடங்களுக்குள் ஆம் என்று அனுப்பவும். வேறு எதுவும் அனுப்பினால் எல்லாம் அப்படியே இருக்கும்."
        ),
        "deleted": "முடிந்தது: உங்கள் எண்ணும் இருப்பிடமும் நீக்கப்பட்டன; இனி செய்திகள் வராது. மீண்டும் சேர START என்று அனுப்பவும்.",
        "bad_date": "மன்னிக்கவும், “{text}” ஒரு தேதியாகப் படிக்க முடியவில்லை. 2026-12-25 அல்லது 25 டிசம்பர் போல அனுப்பவும்.",
        "bad_time": "மன்னிக்கவும், “{text}” ஒரு நேரம் அல்ல. நேரம் 05:45 போல மணி:நிமிடம் அனுப்பவும்.",
        "bad_sunrise": "மன்னிக்கவும், உதயம் பின் “{text}” ஏற்காது. உதயம், உதயம்+30 அல்லது உதயம்-15 என்று அனுப்பவும் (180 நிமிடங்கள் வரை).",
        "bad_pause": "மன்னிக்கவும், “{text}” நாட்களின் எண்ணிக்கை அல்ல. இடைநிறுத்து 7 போல 1 முதல் 365 வரை அனுப்பவும்.",
    },
    "te": {
        "already_subscribed": (
            "మీ చందా ఇప్పటికే ఉంది: {place} పంచాంగం ప్రతి రోజు {when} ({timezone}) వస్తుంది. "
            "మీ వివరాలకు స్థితి, సహాయం కోసం HELP, చందా నిలిపివేయడానికి STOP అని పంపండి."
        ),
        "not_subscribed": "మీకు చందా లేదు, కాబట్టి నిలిపివేయడానికి ఏమీ లేదు. చేరడానికి START అని పంపండి.",
        "already_stopped": "మీ చందా ఇప్పటికే నిలిపివేయబడింది; సందేశాలు రావు. మళ్లీ చేరడానికి START అని పంపండి.",
        "need_location": "మీరు ఇంకా చేరలేదు: START అని పంపి మీ లొకేషన్ పంపండి, తర్వాత మళ్లీ అడగండి.",
        "nothing_stored": "ఈ నంబర్ గురించి మా దగ్గర ఏమీ లేదు. చేరడానికి START అని పంపండి.",
        "time_set": "సరే: {place} పంచాంగం ఇకపై ప్రతి రోజు {when} ({timezone}) వస్తుంది.",
        "sunrise_set": "సరే: {place} పంచాంగం ఇకపై ప్రతి రోజు {when} ({timezone}) వస్తుంది. తదుపరి: {next}.",
        "sunrise_polar": "{date} న మీ ప్రాంతంలో సూర్యోదయం లేదు: ఆ రోజు 06:30 కు వస్తుంది.",
        "at_time": "{time} గంటలకు",
        "at_sunrise": "సూర్యోదయానికి",
        "after_sunrise": "సూర్యోదయం తర్వాత {minutes} నిమిషాలకు",
        "before_sunrise": "సూర్యోదయానికి {minutes} నిమిషాల ముందు",
        "paused": "విరామం: {date} వరకు పంచాంగం రాదు; {resume} నుండి మళ్లీ వస్తుంది. ముందే కొనసాగించడానికి START అని పంపండి.",
        "status": "ప్రాంతం: {place}\nసమయ మండలం: {timezone}\nసమయం: {when}\nభాష: {language_name}\nమాధ్యమం: {channel}\n{state}",
        "state_subscribed": "మీ చందా కొనసాగుతోంది.",
        "state_stopped": "మీ చందా నిలిపివేయబడింది: మళ్లీ చేరడానికి START అని పంపండి.",
        "state_paused": "{date} వరకు విరామం.",
        "observances_heading": "{place} లో రాబోయే పండుగలు, వ్రతాలు:",
        "ekadashi_heading": "{place} లో తదుపరి ఏకాదశి:",
        "no_observances": "రాబోయే {days} రోజుల్లో {place} లో పండుగ గానీ వ్రతం గానీ లేదు.",
        "confirm_delete": (
            "మీ నంబర్, లొకేషన్‌ను Lokpanchang నుండి శాశ్వతంగా తొలగించడానికి 15 నిమిషాల్లో "
            "అవును అని పంపండి. మరేదైనా పంపితే అన్నీ అలాగే ఉంటాయి."
        ),
        "deleted": "పూర్తైంది: మీ నంబర్, లొకేషన్ తొలగించబడ్డాయి; ఇకపై సందేశాలు రావు. మళ్లీ చేరడానికి START అని పంపండి.",
        "bad_date": "క్షమించండి, “{text}” తేదీగా చదవలేకపోయాము. 2026-12-25 లేదా 25 డిసెంబర్ లాగా పంపండి.",
        "bad_time": "క్షమించండి, “{text}” సమయం కాదు. సమయం 05:45 లాగా గంటలు:నిమిషాలు పంపండి.",
        "bad_sunrise": "క్షమించండి, సూర్యోదయం తర్వాత “{text}” కుదరదు. సూర్యోదయం, సూర్యోదయం+30 లేదా సూర్యోదయం-15 అని పంపండి (180 నిమిషాల వరకు).",
        "bad_pause": "క్షమించండి, “{text}” రోజుల సంఖ్య కాదు. విరామం 7 లాగా 1 నుండి 365 వరకు పంపండి.",
    },
    "kn": {
        "already_subscribed": (
            "ನಿಮ್ಮ ಚಂದಾದಾರಿಕೆ ಈಗಾಗಲೇ ಇದೆ: {place} ಪಂಚಾಂಗ ಪ್ರತಿದಿನ {when} ({timezone}) ಬರುತ್ತದೆ. "
            "ನಿಮ್ಮ ವಿವರಗಳಿಗೆ ಸ್ಥಿತಿ, ಸಹಾಯಕ್ಕಾಗಿ HELP, ಚಂದಾದಾರಿಕೆ ನಿಲ್ಲಿಸಲು STOP ಎಂದು ಕಳುಹಿಸಿ."
        ),
        "not_subscribed": "ನಿಮಗೆ ಚಂದಾದಾರಿಕೆ ಇಲ್ಲ, ನಿಲ್ಲಿಸಲು ಏನೂ ಇಲ್ಲ. ಸೇರಲು START ಎಂದು ಕಳುಹಿಸಿ.",
        "already_stopped": "ನಿಮ್ಮ ಚಂದಾದಾರಿಕೆ ಈಗಾಗಲೇ ನಿಂತಿದೆ; ಸಂದೇಶಗಳು ಬರುವುದಿಲ್ಲ. ಮತ್ತೆ ಸೇರಲು START ಎಂದು ಕಳುಹಿಸಿ.",
        "need_location": "ನೀವು ಇನ್ನೂ ಸೇರಿಲ್ಲ: START ಎಂದು ಕಳುಹಿಸಿ ನಿಮ್ಮ ಸ್ಥಳವನ್ನು ಹಂಚಿಕೊಳ್ಳಿ, ನಂತರ ಮತ್ತೆ ಕೇಳಿ.",
        "nothing_stored": "ಈ ಸಂಖ್ಯೆಯ ಬಗ್ಗೆ ನಮ್ಮಲ್ಲಿ ಏನೂ ಇಲ್ಲ. ಸೇರಲು START ಎಂದು ಕಳುಹಿಸಿ.",
        "time_set": "ಸರಿ: {place} ಪಂಚಾಂಗ ಇನ್ನು ಪ್ರತಿದಿನ {when} ({timezone}) ಬರುತ್ತದೆ.",
        "sunrise_set": "ಸರಿ: {place} ಪಂಚಾಂಗ ಇನ್ನು ಪ್ರತಿದಿನ {when} ({timezone}) ಬರುತ್ತದೆ. ಮುಂದಿನದು: {next}.",
        "sunrise_polar": "{date} ರಂದು ನಿಮ್ಮ ಸ್ಥಳದಲ್ಲಿ ಸೂರ್ಯೋದಯವಿಲ್ಲ: ಆ ದಿನ 06:30ಕ್ಕೆ ಬರುತ್ತದೆ.",
        "at_time": "{time}ಕ್ಕೆ",
        "at_sunrise": "ಸೂರ್ಯೋದಯಕ್ಕೆ",
        "after_sunrise": "ಸೂರ್ಯೋದಯದ {minutes} ನಿಮಿಷಗಳ ನಂತರ",
        "before_sunrise": "ಸೂರ್ಯೋದಯಕ್ಕೆ {minutes} ನಿಮಿಷ ಮೊದಲು",
        "paused": "ವಿರಾಮ: {date} ವರೆಗೆ ಪಂಚಾಂಗ ಬರುವುದಿಲ್ಲ; {resume} ರಿಂದ ಮತ್ತೆ ಬರುತ್ತದೆ. ಮೊದಲೇ ಮುಂದುವರಿಸಲು START ಎಂದು ಕಳುಹಿಸಿ.",
        "status": "ಸ್ಥಳ: {place}\nಸಮಯ ವಲಯ: {timezone}\nಸಮಯ: {when}\nಭಾಷೆ: {language_name}\nಮಾಧ್ಯಮ: {channel}\n{state}",
        "state_subscribed": "ನಿಮ್ಮ ಚಂದಾದಾರಿಕೆ ಚಾಲ್ತಿಯಲ್ಲಿದೆ.",
        "state_stopped": "ನಿಮ್ಮ ಚಂದಾದಾರಿಕೆ ನಿಂತಿದೆ: ಮತ್ತೆ ಸೇರಲು START ಎಂದು ಕಳುಹಿಸಿ.",
        "state_paused": "{date} ವರೆಗೆ ವಿರಾಮ.",
        "observances_heading": "{place} ನಲ್ಲಿ ಬರಲಿರುವ ಹಬ್ಬಗಳು ಮತ್ತು ವ್ರತಗಳು:",
        "ekadashi_heading": "{place} ನಲ್ಲಿ ಮುಂದಿನ ಏಕಾದಶಿ:",
        "no_observances": "ಮುಂದಿನ {days} ದಿನಗಳಲ್ಲಿ {place} ನಲ್ಲಿ ಹಬ್ಬ ಅಥವಾ ವ್ರತವಿಲ್ಲ.",
        "confirm_delete": (
            "ನಿಮ್ಮ ಸಂಖ್ಯೆ ಮತ್ತು ಸ್ಥಳವನ್ನು Lokpanchang ನಿಂದ ಶಾಶ್ವತವಾಗಿ ಅಳಿಸಲು 15 ನಿಮಿಷಗಳೊಳಗೆ "
            "ಹೌದು ಎಂದು ಕಳುಹಿಸಿ. ಬೇರೆ ಏನು ಕಳುಹಿಸಿದರೂ ಎಲ್ಲವೂ ಹಾಗೆಯೇ ಇರುತ್ತದೆ."
        ),
        "deleted": "ಆಯಿತು: ನಿಮ್ಮ ಸಂಖ್ಯೆ ಮತ್ತು ಸ್ಥಳ ಅಳಿಸಲಾಗಿದೆ; ಇನ್ನು ಸಂದೇಶಗಳು ಬರುವುದಿಲ್ಲ. ಮತ್ತೆ ಸೇರಲು START ಎಂದು ಕಳುಹಿಸಿ.",
        "bad_date": "ಕ್ಷಮಿಸಿ, “{text}” ದಿನಾಂಕವಾಗಿ ಓದಲು ಆಗಲಿಲ್ಲ. 2026-12-25 ಅಥವಾ 25 ಡಿಸೆಂಬರ್ ಹಾಗೆ ಕಳುಹಿಸಿ.",
        "bad_time": "ಕ್ಷಮಿಸಿ, “{text}” ಸಮಯವಲ್ಲ. ಸಮಯ 05:45 ಹಾಗೆ ಗಂಟೆ:ನಿಮಿಷ ಕಳುಹಿಸಿ.",
        "bad_sunrise": "ಕ್ಷಮಿಸಿ, ಸೂರ್ಯೋದಯದ ನಂತರ “{text}” ಸಲ್ಲದು. ಸೂರ್ಯೋದಯ, ಸೂರ್ಯೋದಯ+30 ಅಥವಾ ಸೂರ್ಯೋದಯ-15 ಎಂದು ಕಳುಹಿಸಿ (180 ನಿಮಿಷಗಳವರೆಗೆ).",
        "bad_pause": "ಕ್ಷಮಿಸಿ, “{text}” ದಿನಗಳ ಸಂಖ್ಯೆಯಲ್ಲ. ವಿರಾಮ 7 ಹಾಗೆ 1 ರಿಂದ 365 ಕಳುಹಿಸಿ.",
    },
    "ml": {
        "already_subscribed": (
            "നിങ്ങൾ ഇതിനകം ചേർന്നിട്ടുണ്ട്: {place} പഞ്ചാംഗം എല്ലാ ദിവസവും {when} ({timezone}) എത്തും. "
            "വിവരങ്ങൾക്ക് നില, സഹായത്തിന് HELP, സേവനം നിർത്താൻ STOP എന്ന് അയയ്ക്കുക."
        ),
        "not_subscribed": "നിങ്ങൾ ചേർന്നിട്ടില്ല, നിർത്താൻ ഒന്നുമില്ല. ചേരാൻ START എന്ന് അയയ്ക്കുക.",
        "already_stopped": "സേവനം ഇതിനകം നിർത്തിയതാണ്; സന്ദേശങ്ങൾ വരില്ല. വീണ്ടും ചേരാൻ START എന്ന് അയയ്ക്കുക.",
        "need_location": "നിങ്ങൾ ഇതുവരെ ചേർന്നിട്ടില്ല: START എന്ന് അയച്ച് ലൊക്കേഷൻ പങ്കുവെക്കുക, പിന്നെ വീണ്ടും ചോദിക്കുക.",
        "nothing_stored": "ഈ നമ്പറിനെക്കുറിച്ച് ഞങ്ങളുടെ പക്കൽ ഒന്നുമില്ല. ചേരാൻ START എന്ന് അയയ്ക്കുക.",
        "time_set": "ശരി: {place} പഞ്ചാംഗം ഇനി എല്ലാ ദിവസവും {when} ({timezone}) എത്തും.",
        "sunrise_set": "ശരി: {place} പഞ്ചാംഗം ഇനി എല്ലാ ദിവസവും {when} ({timezone}) എത്തും. അടുത്തത്: {next}.",
        "sunrise_polar": "{date} ന് നിങ്ങളുടെ സ്ഥലത്ത് സൂര്യോദയമില്ല: അന്ന് 06:30-ന് എത്തും.",
        "at_time": "{time}-ന്",
        "at_sunrise": "സൂര്യോദയത്തിന്",
        "after_sunrise": "സൂര്യോദയത്തിന് {minutes} മിനിറ്റ് ശേഷം",
        "before_sunrise": "സൂര്യോദയത്തിന് {minutes} മിനിറ്റ് മുമ്പ്",
        "paused": "ഇടവേള: {date} വരെ പഞ്ചാംഗം വരില്ല; {resume} മുതൽ വീണ്ടും എത്തും. നേരത്തെ തുടരാൻ START എന്ന് അയയ്ക്കുക.",
        "status": "സ്ഥലം: {place}\nസമയമേഖല: {timezone}\nസമയം: {when}\nഭാഷ: {language_name}\nമാധ്യമം: {channel}\n{state}",
        "state_subscribed": "സേവനം തുടരുന്നു.",
        "state_stopped": "സേവനം നിർത്തിയിരിക്കുന്നു: വീണ്ടും ചേരാൻ START എന്ന് അയയ്ക്കുക.",
        "state_paused": "{date} വരെ ഇടവേള.",
        "observances_heading": "{place} വരാനിരിക്കുന്ന ഉത്സവങ്ങളും വ്രതങ്ങളും:",
        "ekadashi_heading": "{place} അടുത്ത ഏകാദശി:",
        "no_observances": "അടുത്ത {days} ദിവസങ്ങളിൽ {place} ഉത്സവമോ വ്രതമോ ഇല്ല.",
        "confirm_delete": (
            "നിങ്ങളുടെ നമ്പറും ലൊക്കേഷനും Lokpanchang സേവനത്തിൽ നിന്ന് എന്നേക്കുമായി മായ്ക്കാൻ 15 "
            "മിനിറ്റിനുള്ളിൽ അതെ എന്ന് അയയ്ക്കുക. മറ്റെന്തെങ്കിലും അയച്ചാൽ എല്ലാം അതുപോലെ തുടരും."
        ),
        "deleted": "കഴിഞ്ഞു: നിങ്ങളുടെ നമ്പറും ലൊക്കേഷനും മായ്ച്ചു; ഇനി സന്ദേശങ്ങൾ വരില്ല. വീണ്ടും ചേരാൻ START എന്ന് അയയ്ക്കുക.",
        "bad_date": "ക്ഷമിക്കണം, “{text}” ഒരു തീയതിയായി വായിക്കാനായില്ല. 2026-12-25 അല്ലെങ്കിൽ 25 ഡിസംബർ പോലെ അയയ്ക്കുക.",
        "bad_time": "ക്ഷമിക്കണം, “{text}” ഒരു സമയമല്ല. സമയം 05:45 പോലെ മണിക്കൂർ:മിനിറ്റ് അയയ്ക്കുക.",
        "bad_sunrise": "ക്ഷമിക്കണം, സൂര്യോദയം കഴിഞ്ഞ് “{text}” പറ്റില്ല. സൂര്യോദയം, സൂര്യോദയം+30 അല്ലെങ്കിൽ സൂര്യോദയം-15 അയയ്ക്കുക (180 മിനിറ്റ് വരെ).",
        "bad_pause": "ക്ഷമിക്കണം, “{text}” ദിവസങ്ങളുടെ എണ്ണമല്ല. ഇടവേള 7 പോലെ 1 മുതൽ 365 വരെ അയയ്ക്കുക.",
    },
    "mr": {
        "already_subscribed": (
            "तुमची सदस्यता आधीच आहे: {place} येथील पंचांग दररोज {when} ({timezone}) येते. "
            "तुमच्या माहितीसाठी स्थिती, मदतीसाठी HELP, सदस्यता रद्द करण्यासाठी STOP लिहा."
        ),
        "not_subscribed": "तुमची सदस्यता नाही, त्यामुळे थांबवण्यासारखे काही नाही. सदस्यतेसाठी START लिहा.",
        "already_stopped": "तुमची सदस्यता आधीच रद्द आहे; संदेश येत नाहीत. पुन्हा सुरू करण्यासाठी START लिहा.",
        "need_location": "तुमची सदस्यता अजून नाही: START लिहा आणि तुमचे लोकेशन पाठवा, मग पुन्हा विचारा.",
        "nothing_stored": "या क्रमांकाबद्दल आमच्याकडे काहीही नाही. सदस्यतेसाठी START लिहा.",
        "time_set": "ठीक आहे: {place} येथील पंचांग आता दररोज {when} ({timezone}) येईल.",
        "sunrise_set": "ठीक आहे: {place} येथील पंचांग आता दररोज {when} ({timezone}) येईल. पुढील: {next}.",
        "sunrise_polar": "{date} रोजी तुमच्या ठिकाणी सूर्योदय नाही: त्या दिवशी 06:30 वाजता येईल.",
        "at_time": "{time} वाजता",
        "at_sunrise": "सूर्योदयाला",
        "after_sunrise": "सूर्योदयानंतर {minutes} मिनिटांनी",
        "before_sunrise": "सूर्योदयाच्या {minutes} मिनिटे आधी",
        "paused": "विराम: {date} पर्यंत पंचांग येणार नाही; {resume} पासून पुन्हा येईल. आधी सुरू करण्यासाठी START लिहा.",
        "status": "ठिकाण: {place}\nवेळ क्षेत्र: {timezone}\nवेळ: {when}\nभाषा: {language_name}\nमाध्यम: {channel}\n{state}",
        "state_subscribed": "तुमची सदस्यता सुरू आहे.",
        "state_stopped": "तुमची सदस्यता रद्द आहे: पुन्हा सुरू करण्यासाठी START लिहा.",
        "state_paused": "{date} पर्यंत विराम.",
        "observances_heading": "{place} येथे येणारे सण आणि व्रते:",
        "ekadashi_heading": "{place} येथे पुढील एकादशी:",
        "no_observances": "पुढील {days} दिवसांत {place} येथे सण किंवा व्रत नाही.",
        "confirm_delete": (
            "तुमचा क्रमांक आणि लोकेशन Lokpanchang मधून कायमचे हटवण्यासाठी 15 मिनिटांत हो "
            "लिहा. दुसरे काहीही लिहिल्यास सर्व तसेच राहील."
        ),
        "deleted": "झाले: तुमचा क्रमांक आणि लोकेशन हटवले आहेत; यापुढे संदेश येणार नाहीत. पुन्हा सुरू करण्यासाठी START लिहा.",
        "bad_date": "क्षमस्व, “{text}” तारीख म्हणून वाचता आली नाही. 2026-12-25 किंवा 25 डिसेंबर अशी तारीख लिहा.",
        "bad_time": "क्षमस्व, “{text}” ही वेळ नाही. वेळ 05:45 असे तास:मिनिटे लिहा.",
        "bad_sunrise": "क्षमस्व, सूर्योदय नंतर “{text}” चालणार नाही. सूर्योदय, सूर्योदय+30 किंवा सूर्योदय-15 लिहा (180 मिनिटांपर्यंत).",
        "bad_pause": "क्षमस्व, “{text}” ही दिवसांची संख्या नाही. विराम 7 असे 1 ते 365 लिहा.",
    },
    "gu": {
        "already_subscribed": (
            "તમારું સભ્યપદ પહેલેથી છે: {place} માટેનું પંચાંગ દરરોજ {when} ({timezone}) આવે છે. "
            "તમારી વિગતો માટે સ્થિતિ, મદદ માટે HELP, સભ્યપદ બંધ કરવા STOP લખો."
        ),
        "not_subscribed": "તમારું સભ્યપદ નથી, તેથી બંધ કરવા જેવું કંઈ નથી. સભ્યપદ માટે START લખો.",
        "already_stopped": "તમારું સભ્યપદ પહેલેથી બંધ છે; સંદેશા આવતા નથી. ફરી શરૂ કરવા START લખો.",
        "need_location": "તમારું સભ્યપદ હજી નથી: START લખો અને તમારું લોકેશન મોકલો, પછી ફરી પૂછો.",
        "nothing_stored": "આ નંબર વિશે અમારી પાસે કંઈ નથી. સભ્યપદ માટે START લખો.",
        "time_set": "બરાબર: {place} માટેનું પંચાંગ હવે દરરોજ {when} ({timezone}) આવશે.",
        "sunrise_set": "બરાબર: {place} માટેનું પંચાંગ હવે દરરોજ {when} ({timezone}) આવશે. આગળનું: {next}.",
        "sunrise_polar": "{date} ના રોજ તમારા સ્થળે સૂર્યોદય નથી: તે દિવસે 06:30 વાગ્યે આવશે.",
        "at_time": "{time} વાગ્યે",
        "at_sunrise": "સૂર્યોદયે",
        "after_sunrise": "સૂર્યોદય પછી {minutes} મિનિટે",
        "before_sunrise": "સૂર્યોદયની {minutes} મિનિટ પહેલાં",
        "paused": "વિરામ: {date} સુધી પંચાંગ નહીં આવે; {resume} થી ફરી આવશે. વહેલું શરૂ કરવા START લખો.",
        "status": "સ્થળ: {place}\nસમય ઝોન: {timezone}\nસમય: {when}\nભાષા: {language_name}\nમાધ્યમ: {channel}\n{state}",
        "state_subscribed": "તમારું સભ્યપદ ચાલુ છે.",
        "state_stopped": "તમારું સભ્યપદ બંધ છે: ફરી શરૂ કરવા START લખો.",
        "state_paused": "{date} સુધી વિરામ.",
        "observances_heading": "{place} માં આવતા તહેવારો અને વ્રતો:",
        "ekadashi_heading": "{place} માં આગામી એકાદશી:",
        "no_observances": "આગામી {days} દિવસમાં {place} માં કોઈ તહેવાર કે વ્રત નથી.",
        "confirm_delete": (
            "તમારો નંબર અને લોકેશન Lokpanchang માંથી હંમેશ માટે કાઢી નાખવા 15 મિનિટમાં હા "
            "લખો. બીજું કંઈ લખશો તો બધું એમ જ રહેશે."
        ),
        "deleted": "થઈ ગયું: તમારો નંબર અને લોકેશન કાઢી નાખ્યા છે; હવે સંદેશા નહીં આવે. ફરી શરૂ કરવા START લખો.",
        "bad_date": "માફ કરશો, “{text}” તારીખ તરીકે વાંચી શકાયું નહીં. 2026-12-25 અથવા 25 ડિસેમ્બર જેવી તારીખ લખો.",
        "bad_time": "માફ કરશો, “{text}” સમય નથી. સમય 05:45 જેમ કલાક:મિનિટ લખો.",
        "bad_sunrise": "માફ કરશો, સૂર્યોદય પછી “{text}” ન ચાલે. સૂર્યોદય, સૂર્યોદય+30 અથવા સૂર્યોદય-15 લખો (180 મિનિટ સુધી).",
        "bad_pause": "માફ કરશો, “{text}” દિવસોની સંખ્યા નથી. વિરામ 7 જેમ 1 થી 365 લખો.",
    },
    "bn": {
        "already_subscribed": (
            "আপনার সদস্যতা আগে থেকেই আছে: {place}-এর পঞ্জিকা প্রতিদিন {when} ({timezone}) আসে। "
            "আপনার তথ্যের জন্য অবস্থা, সাহায্যের জন্য HELP, সদস্যতা বন্ধ করতে STOP লিখুন।"
        ),
        "not_subscribed": "আপনার সদস্যতা নেই, তাই বন্ধ করার কিছু নেই। সদস্যতার জন্য START লিখুন।",
        "already_stopped": "আপনার সদস্যতা আগেই বন্ধ; কোনো বার্তা আসে না। আবার শুরু করতে START লিখুন।",
        "need_location": "আপনার সদস্যতা এখনও নেই: START লিখে আপনার লোকেশন শেয়ার করুন, তারপর আবার জিজ্ঞাসা করুন।",
        "nothing_stored": "এই নম্বর সম্পর্কে আমাদের কাছে কিছু নেই। সদস্যতার জন্য START লিখুন।",
        "time_set": "ঠিক আছে: {place}-এর পঞ্জিকা এখন থেকে প্রতিদিন {when} ({timezone}) আসবে।",
        "sunrise_set": "ঠিক আছে: {place}-এর পঞ্জিকা এখন থেকে প্রতিদিন {when} ({timezone}) আসবে। পরবর্তী: {next}।",
        "sunrise_polar": "{date} তারিখে আপনার এলাকায় সূর্যোদয় নেই: সেদিন 06:30-এ আসবে।",
        "at_time": "{time}-এ",
        "at_sunrise": "সূর্যোদয়ে",
        "after_sunrise": "সূর্যোদয়ের {minutes} মিনিট পরে",
        "before_sunrise": "সূর্যোদয়ের {minutes} মিনিট আগে",
        "paused": "বিরতি: {date} পর্যন্ত পঞ্জিকা আসবে না; {resume} থেকে আবার আসবে। আগে শুরু করতে START লিখুন।",
        "status": "স্থান: {place}\nসময় অঞ্চল: {timezone}\nসময়: {when}\nভাষা: {language_name}\nমাধ্যম: {channel}\n{state}",
        "state_subscribed": "আপনার সদস্যতা চালু আছে।",
        "state_stopped": "আপনার সদস্যতা বন্ধ: আবার শুরু করতে START লিখুন।",
        "state_paused": "{date} পর্যন্ত বিরতি।",
        "observances_heading": "{place}-এ আসন্ন উৎসব ও ব্রত:",
        "ekadashi_heading": "{place}-এ পরবর্তী একাদশী:",
        "no_observances": "আগামী {days} দিনে {place}-এ কোনো উৎসব বা ব্রত নেই।",
        "confirm_delete": (
            "আপনার নম্বর ও লোকেশন Lokpanchang থেকে চিরতরে মুছে ফেলতে 15 মিনিটের মধ্যে হ্যাঁ "
            "লিখুন। অন্য কিছু লিখলে সব যেমন আছে তেমনই থাকবে।"
        ),
        "deleted": "হয়ে গেছে: আপনার নম্বর ও লোকেশন মুছে ফেলা হয়েছে; আর কোনো বার্তা আসবে না। আবার শুরু করতে START লিখুন।",
        "bad_date": "দুঃখিত, “{text}” তারিখ হিসেবে পড়া গেল না। 2026-12-25 বা 25 ডিসেম্বর-এর মতো তারিখ লিখুন।",
        "bad_time": "দুঃখিত, “{text}” কোনো সময় নয়। সময় 05:45-এর মতো ঘণ্টা:মিনিট লিখুন।",
        "bad_sunrise": "দুঃখিত, সূর্যোদয়ের পরে “{text}” চলবে না। সূর্যোদয়, সূর্যোদয়+30 বা সূর্যোদয়-15 লিখুন (180 মিনিট পর্যন্ত)।",
        "bad_pause": "দুঃখিত, “{text}” দিনের সংখ্যা নয়। বিরতি 7-এর মতো 1 থেকে 365 লিখুন।",
    },
}


def day_label(day: date, language: str) -> str:
    """``day`` as the replies write it: ``25 Dec 2026``, ``25 दिसंबर 2026``."""
    return f"{day.day} {languages.months(language)[day.month - 1]} {day.year}"


def sunrise_label(offset: int, language: str) -> str:
    """When a subscriber at sunrise is sent to: at sunrise, or minutes after or before it."""
    from lokpanchang.messages.replies import reply

    if offset == 0:
        return reply("at_sunrise", language)
    kind = "after_sunrise" if offset > 0 else "before_sunrise"
    return reply(kind, language, minutes=str(abs(offset)))


def observance_lines(items: Iterable[Any], language: str) -> str:
    """One line per observance: its date, then its name and notes as the message writes them."""
    from lokpanchang.messages.observance_lines import observance_text

    return "\n".join(
        f"• {day_label(item.date, language)}: {observance_text(item.to_dict(), language)}"
        for item in items
    )
