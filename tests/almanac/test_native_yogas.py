"""Yogas as each language writes them (issue 25 item 2), beside the usage tables of
tests/almanac/test_native_names.py and tests/almanac/test_native_karanas.py.

These are facts copied from the pages named (not computed); where our table keeps another
usage than the source, the difference is listed with its reason.
"""

from __future__ import annotations

import pytest

from lokpanchang.almanac.names import table
from tests.almanac.test_native_names import usage_with_ours

# Yogas in Bengali usage: the panjika calendar at usingha.com/sal/457.html and /261.html
# ("যোগ:আয়ুষ্মান", "বরীয়ান", "ব্যতীপাত", "বৈধৃতি" …): Bengali writes য় between vowels and
# no hasanta at a word's end. Where it differs we keep ours, listed with the reason.
BENGALI_YOGAS = (
    "বিষ্কুম্ভ প্রীতি আয়ুষ্মান সৌভাগ্য শোভন অতিগণ্ড সুকর্মা ধৃতি শূল গণ্ড বৃদ্ধি ধ্রুব ব্যাঘাত "
    "হর্ষণ বজ্র সিদ্ধি ব্যতীপাত বরীয়ান পরিঘ শিব সিদ্ধ সাধ্য শুভ শুক্র ব্রহ্ম ইন্দ্র বৈধৃতি"
)
BENGALI_YOGA_USAGE_KEPT = {
    0: ("বিষ্কম্ভ", "the Sanskrit spelling; the calendar's বিষ্কুম্ভ is a common variant"),
    23: ("শুক্ল", "the yoga is Shukla; the calendar's শুক্র (Venus) is a slip"),
}
# Yogas in Hindi usage: the list "२७ योगों के नाम ये हैं" of a Hindi jyotisha text,
# https://jainqq.org/explore/002676/135 (विष्कम्भ … ब्रह्म, ऐन्द्र, वैधृति). Modern Hindi
# (the Central Hindi Directorate's standard) writes a nasal before its own class as
# anusvara, so the table has विष्कंभ, अतिगंड, गंड where that text has म्भ, ण्ड.
HINDI_YOGAS = (
    "विष्कंभ प्रीति आयुष्मान् सौभाग्य शोभन अतिगंड सुकर्मा धृति शूल गंड वृद्धि ध्रुव व्याघात हर्षण "
    "वज्र सिद्धि व्यतीपात वरीयान् परिघ शिव सिद्ध साध्य शुभ शुक्ल ब्रह्म ऐन्द्र वैधृति"
)
HINDI_YOGA_USAGE_KEPT = {
    25: ("इंद्र", "drikpanchang.com's Indra; sources split between इन्द्र and ऐन्द्र"),
}
# Yogas in Tamil usage: "யோகங்கள் கரணங்கள்", https://www.tamizhdb.com/யோகங்கள்-கரணங்கள்/
# (1. விஷ்கம்பம் … 27. வைதிருதி); https://tamizhan.net ("பஞ்சாங்கத்தின் நான்காம் அங்கமான
# யோகம்", 1-25) agrees but writes the fourth செளபாக்யம். Both write the 14th ஹர்ஷனம்; we keep
# ஹர்ஷணம், as https://vjosier.blogspot.com/2012/09/chapter-2.html ("யோகங்கள் 27") and the
# Sanskrit (हर्षण) write it.
TAMIL_YOGAS = (
    "விஷ்கம்பம் ப்ரீதி ஆயுஷ்மான் சௌபாக்கியம் சோபனம் அதிகண்டம் சுகர்மம் திருதி சூலம் கண்டம் "
    "விருத்தி துருவம் வியாகாதம் ஹர்ஷனம் வஜ்ரம் சித்தி வியதீபாதம் வரீயான் பரீகம் சிவம் சித்தம் "
    "சாத்தியம் சுபம் சுப்பிரமம் பிராம்யம் ஐந்திரம் வைதிருதி"
)
TAMIL_YOGA_USAGE_KEPT = {13: ("ஹர்ஷணம்", "the Sanskrit's ṇ, as vjosier.blogspot.com writes it")}
# Yogas in Telugu usage: "యోగములు 27", https://teluguone.com/toneastrology/astrologysingle.php?catid=482&pcat=466
# (1. విష్కంభం … 27. వైధృతి), the one list found. Where it differs we keep ours, listed.
TELUGU_YOGAS = (
    "విష్కంభం ప్రీతి ఆయుష్మాన్ సౌభాగ్య శోభన అతిగండ సుకర్మ ధృతి శూల గండ వృద్ధి ధృవ వ్యాఘాత హర్షణ "
    "వజ్ర సిద్ది వ్యతీపాత వరీయాన్ పరిఘ శివ సిద్ధి సాధ్య శుభ శుక్ల బ్రహ్మ ఇంద్ర వైధృతి"
)
TELUGU_YOGA_USAGE_KEPT = {
    0: ("విష్కంభ", "the stem, as the list writes the other 26 names"),
    11: ("ధ్రువ", "ధ్రువ (Sanskrit ध्रुव); the list's ధృవ is a common slip"),
    15: ("సిద్ధి", "the list's సిద్ది drops the aspirate"),
    20: ("సిద్ధ", "Siddha, the 21st; the list repeats సిద్ధి, the 16th"),
}
# Yogas in Marathi usage: "२७ योगांची नावे पुढीलप्रमाणे", https://pradnyaastro.blogspot.com/2019/07/blog-post.html
# (१) विष्कंभ … २६) ऐंद्र २७) वैधृति), the one Marathi list found. Marathi writes no virama at a
# word's end (आयुष्मान, not आयुष्मान्). Its slips and the names where we keep ours are listed.
MARATHI_YOGAS = (
    "विष्कंभ प्रीती आयुष्मान सौभाग्य शोभन अतिगंड सुकर्मा धृति शूल गंड वृद्धि धृव व्याघात हर्षद "
    "वज्र सिद्धि व्यतिपात वरियान परिघ शिव सिद्ध साधय शुभ शुक्ल ब्रह्मा ऐंद्र वैधृति"
)
MARATHI_YOGA_USAGE_KEPT = {
    1: ("प्रीति", "the list writes its other -i names short (धृति, वृद्धि, सिद्धि)"),
    11: ("ध्रुव", "the list's धृव is a common slip for ध्रुव"),
    13: ("हर्षण", "the list's हर्षद is a slip for हर्षण (Harshana)"),
    16: ("व्यतीपात", "the Sanskrit ī, as every other list here writes it"),
    17: ("वरीयान", "the Sanskrit ī (वरीयान्), without the virama as Marathi writes it"),
    21: ("साध्य", "the list's साधय is a slip"),
    24: ("ब्रह्म", "the yoga is Brahma (ब्रह्म), as the Sanskrit verse below writes it"),
    25: ("इंद्र", "sources split between इन्द्र and ऐन्द्र (see the Sanskrit yogas); as Hindi"),
}
# Yogas in Sanskrit: the verse "विष्कम्भः प्रीतिरायुष्मान् सौभाग्यश्शोभनस्तथा। … सिद्धः साद्ध्यः
# शुभः शुक्लः ब्रह्म ऐन्द्रश्च वैधृतिः", http://knramesh.blogspot.com/2018/12/yoga-and-karana-names-in-panchanga.html
# (its numbered list: १.विष्कम्भः … २७.वैधृतिः), written here as stems without the case
# ending, as our names are. The Shilpa Ratnakar's verse (https://jainqq.org/explore/008441/744)
# reads "ब्रह्मेन्द्रोऽथच वैधृतिः", i.e. इन्द्र: the sources split on the 26th.
SANSKRIT_YOGAS = (
    "विष्कम्भ प्रीति आयुष्मान् सौभाग्य शोभन अतिगण्ड सुकर्मा धृति शूल गण्ड वृद्धि धृव व्याघात हर्षण "
    "वज्र सिद्धि व्यतीपात वरीयान् परिघ शिव सिद्ध साद्ध्य शुभ शुक्ल ब्रह्म ऐन्द्र वैधृति"
)
SANSKRIT_YOGA_USAGE_KEPT = {
    11: ("ध्रुव", "the verse's धृव is a common slip for ध्रुव"),
    21: ("साध्य", "साद्ध्य is the same name in the older doubled spelling"),
    25: ("इन्द्र", "sources split (ऐन्द्र, ब्रह्मेन्द्रो); drikpanchang.com's Indra"),
}
# Yogas in Kannada usage: the Kannada localisation named beside the Kannada nakshatras in
# tests/almanac/test_native_names.py (github.com/Skanda-P-R/Hora-and-Panchanga-REST-API,
# hora_server/utils/translation.py, commit 4764bd2bec83c8cd2829a9a73ee24ba8a7ed3b96, its
# "# Yogas": ವಿಷ್ಕಂಭ … ವೈಧೃತಿ). It writes ಸುಕರ್ಮ, as Telugu does (సుకర్మ), not the Sanskrit
# nominative ಸುಕರ್ಮಾ.
KANNADA_YOGAS = (
    "ವಿಷ್ಕಂಭ ಪ್ರೀತಿ ಆಯುಷ್ಮಾನ್ ಸೌಭ್ಯಾಗ್ಯ ಶೋಭನ ಅತಿಗಂಡ ಸುಕರ್ಮ ಧೃತಿ ಶೂಲ ಗಂಡ ವೃದ್ಧಿ ಧ್ರುವ ವ್ಯಾಘಾತ ಹರ್ಷಣ "
    "ವಜ್ರ ಸಿದ್ಧಿ ವ್ಯತೀಪಾತ ವರೀಯಾನ್ ಪರಿಘ ಶಿವ ಸಿದ್ಧ ಸಾಧ್ಯ ಶುಭ ಶುಕ್ಲ ಬ್ರಹ್ಮ ಇಂದ್ರ ವೈಧೃತಿ"
)
KANNADA_YOGA_USAGE_KEPT = {3: ("ಸೌಭಾಗ್ಯ", "the list's ಸೌಭ್ಯಾಗ್ಯ is a slip for ಸೌಭಾಗ್ಯ")}
# Yogas in Malayalam usage ("നിത്യയോഗങ്ങൾ"): the numbered list "1. വിഷ്കംഭം … 27. വൈധൃതി:" of
# S. Srinivas Iyer, Avani Publications, Thiruvananthapuram ("നിത്യയോഗം എന്നാല്", article 93,
# https://avanipublicationstvm.blogspot.com/2021/05/blog-post_24.html), the one Malayalam list
# found. It stores ൻ, ർ as ന്, ര് (the older encoding), written here as the atomic chillus,
# the same letters. It ends 1-19 as Malayalam nouns in ം (വിഷ്കംഭം, സൗഭാഗ്യം, സുകർമ്മം) and
# writes 20-27 as Sanskrit nominatives with a colon for the visarga (ശിവ:, സാദ്ധ്യ:), written
# here as stems without it, as our Sanskrit names are.
MALAYALAM_YOGAS = (
    "വിഷ്കംഭം പ്രീതി ആയുഷ്മാൻ സൗഭാഗ്യം ശോഭനം അതിഗണ്ഡം സുകർമ്മം ധൃതി ശൂലം ഗണ്ഡ വൃദ്ധി ധ്രുവം "
    "വ്യാഘാതം ഹർഷണം വജ്രം സിദ്ധി വ്യതിപാതം വരിയാൻ പരിഘ ശിവ സിദ്ധ സാദ്ധ്യ ശുഭ ശുഭ്ര ബ്രാഹ്മ "
    "ഇന്ദ്ര വൈധൃതി"
)
MALAYALAM_YOGA_USAGE_KEPT = {
    9: ("ഗണ്ഡം", "the list drops the ം here and on പരിഘ only, of its names 1-19"),
    18: ("പരിഘം", "the list drops the ം here and on ഗണ്ഡ only, of its names 1-19"),
    23: ("ശുക്ല", "the list gives both, ശുഭ്ര(ക്ല); Shukla as every other list here"),
    24: ("ബ്രഹ്മ", "the list's ബ്രാഹ്മ is the older Brāhma; Brahma as every other list here"),
}
# Yogas in Gujarati usage: the Gujarati rendering of the Shilpa Ratnakar's verse, "( ૧ )
# વિષ્ણુભ, ( ૨ ) પ્રીતિ, (૩) આયુષ્માન … ( ૧૮ ) વરીયાન … (૨૭) વૈધૃતિ; સત્તાવીસ યોગ છે",
# https://jainqq.org/explore/008441/744, as the scan's text layer reads it (its slips of the
# scan are listed with the names we keep). Gujarati writes no virama at a word's end
# (આયુષ્માન, વરીયાન), as Marathi. ETV Bharat Gujarati's panchang writes the 18th વરિયાન
# ("યોગ : વરિયાન", 7 June 2025) and TV9 Gujarati the 17th વ્યતીપાત (12 Dec 2021).
GUJARATI_YOGAS = (
    "વિષ્ણુભ પ્રીતિ આયુષ્માન સૌભાગ્ય શેલન અતિગડ સુક ધૃતિ ફૂલ ગંડ વૃદ્ધિ ધ્રુવ વ્યાઘાત હણ વજ્ર સિદ્ધિ "
    "વ્યતિપાત વરીયાન પરિઘ શિવ સિદ્ધિ સાધ્ય શુભ શુક્લ બ્રહ્મા એદ્ર વૈધૃતિ"
)
GUJARATI_YOGA_USAGE_KEPT = {
    0: ("વિષ્કંભ", "the scan's વિષ્ણુભ; its own verse reads विष्कुंभः, a form of विष्कम्भ"),
    4: ("શોભન", "the scan's શેલન; its verse reads शोभनाभिधः"),
    5: ("અતિગંડ", "the scan's અતિગડ drops the anusvara; its verse reads अतिगण्डः"),
    6: ("સુકર્મા", "the scan's સુક is cut short; its verse reads सुकर्माख्यो"),
    8: ("શૂલ", "the scan's ફૂલ; its verse reads शूलाभिधानकः"),
    13: ("હર્ષણ", "the scan's હણ; its verse reads हर्षणाह्वयः"),
    16: ("વ્યતીપાત", "the Sanskrit ī, as TV9 Gujarati and the verse (व्यतीपातो) write it"),
    20: ("સિદ્ધ", "the scan repeats સિદ્ધિ, the 16th; the 21st is Siddha in the other lists"),
    24: ("બ્રહ્મ", "the yoga is Brahma (ब्रह्म); બ્રહ્મા is the god"),
    25: ("ઇંદ્ર", "the scan's એદ્ર is its ઐન્દ્ર cut; its verse reads ब्रह्मेन्द्रो, i.e. इन्द्र"),
}

# A second source for the Kannada yogas: kn.wikipedia "ಪಂಚಾಂಗ", its "ಯೋಗಗಳು ಒಟ್ಟು ೨೭. ಅವು :
# ೧.ವಿಷ್ಕಂಭ … ೨೭.ವೈಧೃತಿ" (https://kn.wikipedia.org/wiki/ವಿಶೇಷ:MobileDiff/365644). It agrees with
# the localisation above on 24 of the 27.
KANNADA_YOGAS_KN_WIKIPEDIA = (
    "ವಿಷ್ಕಂಭ ಪ್ರೀತಿ ಆಯುಷ್ಮಾನ್ ಸೌಭಾಗ್ಯ ಶೋಭನ ಅತಿಗಂಡ ಸುಕರ್ಮ ಧೃತಿ ಶೂಲ ಗಂಡ ವೃದ್ಢಿ ಧ್ರುವ ವ್ಯಾಘಾತ ಹರ್ಷಣ "
    "ವಜ್ರ ಸಿದ್ಧಿ ವ್ಯತೀಪಾತ ವರಿಯಾನ್ ಪರಿಘ ಶಿವ ಸಿದ್ಧ ಸಾಧ್ಯ ಶುಭ ಶುಕ್ಲ ಬ್ರಹ್ಮ ಐಂದ್ರ ವೈಧೃತಿ"
)
KANNADA_YOGAS_KN_WIKIPEDIA_KEPT = {
    10: ("ವೃದ್ಧಿ", "the page's ವೃದ್ಢಿ is a slip (ಢ for ಧ)"),
    17: ("ವರೀಯಾನ್", "the Sanskrit ī (वरीयान्), as the localisation writes it"),
    25: ("ಇಂದ್ರ", "sources split between ಇಂದ್ರ and ಐಂದ್ರ (see the Sanskrit yogas)"),
}
# Marathi yogas named in the daily "दिनविशेष" of rprachi.blogspot.com, from the Date panchang
# (दाते पंचांग): "योग विष्कंभ" (2015/12/blog-post_50), "अतिगंड" (2016/06/blog-post_28), "गंड"
# (2016/01/blog-post_24), "परिघ" (2015/07/blog-post_21): a second source for these four.
MARATHI_YOGAS_IN_DATE_PANCHANG = {1: "विष्कंभ", 6: "अतिगंड", 10: "गंड", 19: "परिघ"}

YOGAS = {
    "bn": (BENGALI_YOGAS, BENGALI_YOGA_USAGE_KEPT),
    "hi": (HINDI_YOGAS, HINDI_YOGA_USAGE_KEPT),
    "ta": (TAMIL_YOGAS, TAMIL_YOGA_USAGE_KEPT),
    "te": (TELUGU_YOGAS, TELUGU_YOGA_USAGE_KEPT),
    "mr": (MARATHI_YOGAS, MARATHI_YOGA_USAGE_KEPT),
    "sa": (SANSKRIT_YOGAS, SANSKRIT_YOGA_USAGE_KEPT),
    "kn": (KANNADA_YOGAS, KANNADA_YOGA_USAGE_KEPT),
    "ml": (MALAYALAM_YOGAS, MALAYALAM_YOGA_USAGE_KEPT),
    "gu": (GUJARATI_YOGAS, GUJARATI_YOGA_USAGE_KEPT),
}


@pytest.mark.parametrize("lang", sorted(YOGAS))
def test_yogas_are_the_languages_usage(lang):
    assert list(table("yoga", lang)) == usage_with_ours(*YOGAS[lang])


SECOND_SOURCES = {"kn": (KANNADA_YOGAS_KN_WIKIPEDIA, KANNADA_YOGAS_KN_WIKIPEDIA_KEPT)}


@pytest.mark.parametrize("lang", sorted(SECOND_SOURCES))
def test_yogas_are_a_second_sources_usage(lang):
    assert list(table("yoga", lang)) == usage_with_ours(*SECOND_SOURCES[lang])


@pytest.mark.parametrize("number", sorted(MARATHI_YOGAS_IN_DATE_PANCHANG))
def test_marathi_yogas_are_the_date_panchangs(number):
    assert table("yoga", "mr")[number - 1] == MARATHI_YOGAS_IN_DATE_PANCHANG[number]
