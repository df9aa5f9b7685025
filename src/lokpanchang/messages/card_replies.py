"""The replies to ``card on`` / ``card off`` (issue 27) and the help's sentence about them, in
every language with a daily body; merged into ``messages.replies`` like ``calendar_replies``.
``{card_word}``, ``{on_word}`` and ``{off_word}`` are the reader's own words for the command
(``reply`` fills them from the language registry). Plain sentences of ours: have a native
speaker read them (``docs/whatsapp.md``).
"""

from __future__ import annotations

CARD_REPLIES: dict[str, dict[str, str]] = {
    "en": {
        "card_on": "Done: your daily panchangam comes with the day's picture again. Send {card_word} {off_word} to stop it.",
        "card_off": "Done: your daily panchangam now comes without the day's picture. Send {card_word} {on_word} to have it again.",
        "bad_card": "Sorry, “{text}” cannot follow {card_word}. Send {card_word} {on_word} or {card_word} {off_word}.",
        "card_help": "{card_word} {off_word} sends the panchangam without the day's picture, {card_word} {on_word} with it.",
    },
    "hi": {
        "card_on": "ठीक है: आपका दैनिक पंचांग फिर से दिन के चित्र के साथ आएगा। बंद करने के लिए {card_word} {off_word} लिखें।",
        "card_off": "ठीक है: अब आपका दैनिक पंचांग दिन के चित्र के बिना आएगा। चित्र फिर से पाने के लिए {card_word} {on_word} लिखें।",
        "bad_card": "क्षमा करें, {card_word} के बाद “{text}” नहीं चलेगा। {card_word} {on_word} या {card_word} {off_word} लिखें।",
        "card_help": "दिन के चित्र के बिना पंचांग के लिए {card_word} {off_word}, चित्र के साथ के लिए {card_word} {on_word} लिखें।",
    },
    "ta": {
        "card_on": "சரி: உங்கள் தினசரி பஞ்சாங்கம் மீண்டும் அன்றைய படத்துடன் வரும். நிறுத்த {card_word} {off_word} என்று அனுப்பவும்.",
        "card_off": "சரி: இனி உங்கள் தினசரி பஞ்சாங்கம் அன்றைய படம் இல்லாமல் வரும். மீண்டும் பெற {card_word} {on_word} என்று அனுப்பவும்.",
        "bad_card": "மன்னிக்கவும், {card_word} பின் “{text}” ஏற்காது. {card_word} {on_word} அல்லது {card_word} {off_word} என்று அனுப்பவும்.",
        "card_help": "அன்றைய படம் இல்லாமல் பஞ்சாங்கம் பெற {card_word} {off_word}, படத்துடன் பெற {card_word} {on_word} என்று அனுப்பவும்.",
    },
    "te": {
        "card_on": "సరే: మీ రోజువారీ పంచాంగం మళ్లీ ఆ రోజు చిత్రంతో వస్తుంది. ఆపడానికి {card_word} {off_word} అని పంపండి.",
        "card_off": "సరే: ఇకపై మీ రోజువారీ పంచాంగం ఆ రోజు చిత్రం లేకుండా వస్తుంది. మళ్లీ పొందడానికి {card_word} {on_word} అని పంపండి.",
        "bad_card": "క్షమించండి, {card_word} తర్వాత “{text}” కుదరదు. {card_word} {on_word} లేదా {card_word} {off_word} అని పంపండి.",
        "card_help": "ఆ రోజు చిత్రం లేకుండా పంచాంగానికి {card_word} {off_word}, చిత్రంతో పొందడానికి {card_word} {on_word} అని పంపండి.",
    },
    "kn": {
        "card_on": "ಸರಿ: ನಿಮ್ಮ ದೈನಿಕ ಪಂಚಾಂಗ ಮತ್ತೆ ಆ ದಿನದ ಚಿತ್ರದೊಂದಿಗೆ ಬರುತ್ತದೆ. ನಿಲ್ಲಿಸಲು {card_word} {off_word} ಎಂದು ಕಳುಹಿಸಿ.",
        "card_off": "ಸರಿ: ಇನ್ನು ಮುಂದೆ ನಿಮ್ಮ ದೈನಿಕ ಪಂಚಾಂಗ ಆ ದಿನದ ಚಿತ್ರವಿಲ್ಲದೆ ಬರುತ್ತದೆ. ಮತ್ತೆ ಪಡೆಯಲು {card_word} {on_word} ಎಂದು ಕಳುಹಿಸಿ.",
        "bad_card": "ಕ್ಷಮಿಸಿ, {card_word} ನಂತರ “{text}” ಸಲ್ಲದು. {card_word} {on_word} ಅಥವಾ {card_word} {off_word} ಎಂದು ಕಳುಹಿಸಿ.",
        "card_help": "ಆ ದಿನದ ಚಿತ್ರವಿಲ್ಲದೆ ಪಂಚಾಂಗಕ್ಕೆ {card_word} {off_word}, ಚಿತ್ರದೊಂದಿಗೆ ಪಡೆಯಲು {card_word} {on_word} ಎಂದು ಕಳುಹಿಸಿ.",
    },
    "ml": {
        "card_on": "ശരി: നിങ്ങളുടെ ദിവസ പഞ്ചാംഗം വീണ്ടും ആ ദിവസത്തെ ചിത്രത്തോടെ വരും. നിർത്താൻ {card_word} {off_word} എന്ന് അയയ്ക്കുക.",
        "card_off": "ശരി: ഇനി നിങ്ങളുടെ ദിവസ പഞ്ചാംഗം ആ ദിവസത്തെ ചിത്രമില്ലാതെ വരും. വീണ്ടും ലഭിക്കാൻ {card_word} {on_word} എന്ന് അയയ്ക്കുക.",
        "bad_card": "ക്ഷമിക്കണം, {card_word} കഴിഞ്ഞ് “{text}” പറ്റില്ല. {card_word} {on_word} അല്ലെങ്കിൽ {card_word} {off_word} എന്ന് അയയ്ക്കുക.",
        "card_help": "ആ ദിവസത്തെ ചിത്രമില്ലാതെ പഞ്ചാംഗത്തിന് {card_word} {off_word}, ചിത്രത്തോടെ ലഭിക്കാൻ {card_word} {on_word} എന്ന് അയയ്ക്കുക.",
    },
    "mr": {
        "card_on": "ठीक आहे: तुमचे दैनिक पंचांग पुन्हा दिवसाच्या चित्रासह येईल. बंद करण्यासाठी {card_word} {off_word} लिहा.",
        "card_off": "ठीक आहे: आता तुमचे दैनिक पंचांग दिवसाच्या चित्राशिवाय येईल. चित्र पुन्हा हवे असल्यास {card_word} {on_word} लिहा.",
        "bad_card": "क्षमा करा, {card_word} नंतर “{text}” चालणार नाही. {card_word} {on_word} किंवा {card_word} {off_word} लिहा.",
        "card_help": "दिवसाच्या चित्राशिवाय पंचांगासाठी {card_word} {off_word}, चित्रासह हवे असल्यास {card_word} {on_word} लिहा.",
    },
    "gu": {
        "card_on": "બરાબર: તમારું દૈનિક પંચાંગ ફરીથી દિવસના ચિત્ર સાથે આવશે. બંધ કરવા {card_word} {off_word} લખો.",
        "card_off": "બરાબર: હવે તમારું દૈનિક પંચાંગ દિવસના ચિત્ર વગર આવશે. ચિત્ર ફરીથી મેળવવા {card_word} {on_word} લખો.",
        "bad_card": "માફ કરશો, {card_word} પછી “{text}” નહીં ચાલે. {card_word} {on_word} અથવા {card_word} {off_word} લખો.",
        "card_help": "દિવસના ચિત્ર વગર પંચાંગ માટે {card_word} {off_word}, ચિત્ર સાથે મેળવવા {card_word} {on_word} લખો.",
    },
    "bn": {
        "card_on": "ঠিক আছে: আপনার দৈনিক পঞ্জিকা আবার দিনের ছবির সঙ্গে আসবে। বন্ধ করতে {card_word} {off_word} লিখুন।",
        "card_off": "ঠিক আছে: এখন থেকে আপনার দৈনিক পঞ্জিকা দিনের ছবি ছাড়া আসবে। আবার পেতে {card_word} {on_word} লিখুন।",
        "bad_card": "দুঃখিত, {card_word}-এর পরে “{text}” চলবে না। {card_word} {on_word} বা {card_word} {off_word} লিখুন।",
        "card_help": "দিনের ছবি ছাড়া পঞ্জিকার জন্য {card_word} {off_word}, ছবির সঙ্গে পেতে {card_word} {on_word} লিখুন।",
    },
    "sa": {
        "card_on": "अस्तु: भवतः दैनिकं पञ्चाङ्गं पुनः दिनस्य चित्रेण सह आगमिष्यति। तन्निवारणाय {card_word} {off_word} इति लिखतु।",
        "card_off": "अस्तु: इतः परं भवतः दैनिकं पञ्चाङ्गं दिनस्य चित्रं विना आगमिष्यति। पुनः चित्राय {card_word} {on_word} इति लिखतु।",
        "bad_card": "क्षम्यताम्, {card_word} इत्यस्य अनन्तरं “{text}” न युज्यते। {card_word} {on_word} अथवा {card_word} {off_word} इति लिखतु।",
        "card_help": "दिनस्य चित्रं विना पञ्चाङ्गाय {card_word} {off_word}, चित्रेण सह {card_word} {on_word} इति लिखतु।",
    },
}
