"""PURE: the words of the e-mail channel -- a message's subject when its text has no heading,
the link to leave, the confirmation asked for at sign-up and the pages around it -- by text
language (``languages.reads``). Languages without their own words yet are listed as known
gaps in ``tests/languages/test_complete.py`` and read English."""

from __future__ import annotations

from collections.abc import Mapping

from lokpanchang import languages

EMAIL_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "subject": "Your panchangam",
        "leave": "Unsubscribe with one click",
        "confirm_subject": "Confirm your daily panchangam",
        "confirm_body": (
            "Someone (we hope you) asked for the day's panchangam for {place} at this address "
            "every morning. Open this link to confirm; nothing is sent until you do:\n\n{link}\n\n"
            "The link works for {hours} hours. If it was not you, ignore this message."
        ),
        "check_inbox": "Check {address}: we sent a link to confirm. Nothing is sent until you open it.",
        "confirm_button": "Yes, send me the panchangam every morning",
        "confirm_title": "Confirm your subscription",
        "confirmed": "Done: your panchangam comes to {address} every morning.",
        "leave_button": "Unsubscribe",
        "leave_title": "Unsubscribe from the daily panchangam",
        "left": "You are unsubscribed: {address} gets no more panchangam.",
        "bad_link": "This link is not valid or has expired. Sign up again on the page.",
        "bad_address": "{address} is not an e-mail address we can send to.",
        "signup_label": "Or by e-mail every morning:",
        "signup_button": "Send me a link",
    },
    "hi": {
        "subject": "आपका पंचांग",
        "leave": "एक क्लिक में सदस्यता छोड़ें",
        "confirm_subject": "रोज़ का पंचांग: पुष्टि करें",
        "confirm_body": (
            "किसी ने (आशा है आपने) इस पते पर हर सुबह {place} का पंचांग माँगा है। पुष्टि के लिए यह "
            "लिंक खोलें; तब तक कुछ नहीं भेजा जाएगा:\n\n{link}\n\nयह लिंक {hours} घंटे चलेगा। अगर "
            "यह आप नहीं थे, तो इस संदेश को अनदेखा करें।"
        ),
        "check_inbox": "{address} देखें: हमने पुष्टि का लिंक भेजा है। उसे खोलने तक कुछ नहीं भेजा जाएगा।",
        "confirm_button": "हाँ, मुझे हर सुबह पंचांग भेजें",
        "confirm_title": "सदस्यता की पुष्टि करें",
        "confirmed": "हो गया: आपका पंचांग हर सुबह {address} पर आएगा।",
        "leave_button": "सदस्यता छोड़ें",
        "leave_title": "रोज़ के पंचांग की सदस्यता छोड़ें",
        "left": "सदस्यता छूट गई: {address} पर अब पंचांग नहीं आएगा।",
        "bad_link": "यह लिंक सही नहीं है या पुराना हो गया है। पेज पर फिर से जुड़ें।",
        "bad_address": "{address} ऐसा ई-मेल पता नहीं है जिस पर हम भेज सकें।",
        "signup_label": "या हर सुबह ई-मेल से:",
        "signup_button": "मुझे लिंक भेजें",
    },
    "sa": {
        "subject": "भवतः पञ्चाङ्गम्",
        "leave": "एकेन नोदनेन सदस्यतां त्यजतु",
        "confirm_subject": "दैनिकं पञ्चाङ्गम्: पुष्टिं करोतु",
        "confirm_body": (
            "केनचित् (आशास्महे भवता) अस्मिन् सङ्केते प्रतिप्रातः {place} स्थानस्य पञ्चाङ्गं याचितम्। "
            "पुष्ट्यै इमं सम्पर्कम् उद्घाटयतु; तावत् किमपि न प्रेष्यते:\n\n{link}\n\nअयं सम्पर्कः "
            "{hours} होराः चलति। यदि भवान् न याचितवान्, इमं सन्देशम् उपेक्षताम्।"
        ),
        "check_inbox": "{address} पश्यतु: पुष्टेः सम्पर्कः प्रेषितः। तस्य उद्घाटनपर्यन्तं किमपि न प्रेष्यते।",
        "confirm_button": "आम्, प्रतिप्रातः मह्यं पञ्चाङ्गं प्रेषयतु",
        "confirm_title": "सदस्यतायाः पुष्टिं करोतु",
        "confirmed": "अस्तु: भवतः पञ्चाङ्गं प्रतिप्रातः {address} सङ्केते आगमिष्यति।",
        "leave_button": "सदस्यतां त्यजतु",
        "leave_title": "दैनिकपञ्चाङ्गस्य सदस्यतां त्यजतु",
        "left": "सदस्यता त्यक्ता: {address} सङ्केते इतः परं पञ्चाङ्गं न आगमिष्यति।",
        "bad_link": "अयं सम्पर्कः शुद्धः नास्ति कालातीतः वा। पृष्ठे पुनः सदस्यतां स्वीकरोतु।",
        "bad_address": "{address} इति ई-मेल्-सङ्केतः नास्ति यत्र वयं प्रेषयितुं शक्नुमः।",
        "signup_label": "अथवा प्रतिप्रातः ई-मेल्-द्वारा:",
        "signup_button": "मह्यं सम्पर्कं प्रेषयतु",
    },
}


def email_words(code: str) -> Mapping[str, str]:
    """The e-mail words a reader of ``code`` gets (English where their language has none)."""
    return EMAIL_WORDS.get(languages.reads(code), EMAIL_WORDS["en"])
